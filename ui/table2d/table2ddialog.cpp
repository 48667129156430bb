#include "table2d/table2ddialog.h"

#include <QLabel>
#include <QListWidget>
#include <QSplitter>
#include <QTableView>
#include <QTimer>
#include <QVBoxLayout>

#include "commands/setvaluecommand.h"
#include "components/descriptors.h"
#include "document/displayunits.h"
#include "document/labdocument.h"
#include "plots/plotarea.h"
#include "simulation/runcontroller.h"
#include "simulation/samplestore.h"
#include "solver/session.h"
#include "table2d/mappreview.h"
#include "table2d/table2deditor.h"

namespace drivelab {

Table2DDialog::Table2DDialog(LabDocument* document, RunController* run, const QString& componentId, const QString& parameter,
                             QWidget* parent)
    : QDialog(parent), m_document(document), m_run(run), m_id(componentId)
{
    setAttribute(Qt::WA_DeleteOnClose);
    setWindowFlag(Qt::WindowMaximizeButtonHint);
    setSizeGripEnabled(true);
    resize(1180, 640);
    const ComponentSpec* c = document->lab().findComponent(componentId.toStdString());
    const ComponentDescriptor* d = c ? findComponentDescriptor(c->type) : nullptr;
    m_param = d ? d->parameter(parameter.toStdString()) : nullptr;
    Q_ASSERT(m_param && m_param->kind == ParamKind::Table2D);

    auto* outer = new QVBoxLayout(this);
    auto* intro = new QLabel(tr("Rows are %1 points (column 0), columns %2 points (row 0); each cell is the %3 there. "
                                "Both axes increase strictly (%4 to %5 points each); every value is a finite number in its range. "
                                "Between points the map is bilinear; outside the axes the edge value is held and the run counts it "
                                "(outside_map). Paste a whole map with its axes at the corner cell.")
                                 .arg(QString::fromLatin1(m_param->columns[0].name), QString::fromLatin1(m_param->columns[1].name),
                                      QString::fromLatin1(m_param->columns[2].name))
                                 .arg(m_param->minRows)
                                 .arg(m_param->maxRows),
                             this);
    intro->setWordWrap(true);
    intro->setStyleSheet(QStringLiteral("color:#4b5563"));
    outer->addWidget(intro);
    auto* split = new QSplitter(Qt::Horizontal, this);
    m_editor = new Table2DEditor(split);
    m_editor->setSubject(m_id, m_param);
    auto* right = new QWidget(split);
    auto* rightLayout = new QVBoxLayout(right);
    rightLayout->setContentsMargins(0, 0, 0, 0);
    m_preview = new MapPreview(right);
    rightLayout->addWidget(m_preview, 1);
    m_live = new QLabel(right);
    m_live->setObjectName(QStringLiteral("live"));
    m_live->setStyleSheet(QStringLiteral("color:#4b5563"));
    rightLayout->addWidget(m_live);
    split->addWidget(m_editor);
    split->addWidget(right);
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 1);
    split->setSizes({470, 690});
    outer->addWidget(split, 1);
    m_problems = new QListWidget(this);
    m_problems->setMaximumHeight(80);
    m_problems->setWordWrap(true);
    m_problems->hide();
    outer->addWidget(m_problems);

    connect(m_editor, &Table2DEditor::tableEdited, this, [this](const Json& table, const QString& text) {
        // a cell editor open while the window closes commits; the document may be gone with the main window
        if (!m_document) return;
        const ValueTarget t{ValueTarget::Kind::Parameter, m_id.toStdString(), m_param->name};
        m_document->push(new SetValueCommand(m_document, t, table, tr("%1 %2: %3").arg(m_id, parameterName(), text)));
    });
    connect(m_problems, &QListWidget::itemActivated, this, [this](QListWidgetItem* item) { focusField(item->data(Qt::UserRole).toString()); });
    connect(document, &LabDocument::changed, this, [this] {
        if (!m_document->lab().findComponent(m_id.toStdString()))
            close();
        else
            refresh();
    });
    connect(document, &LabDocument::diagnosticsChanged, this, [this] {
        if (m_document && m_document->lab().findComponent(m_id.toStdString())) updateProblems();
    });
    connect(document, &LabDocument::renamed, this, [this](const QString& from, const QString& to) {
        if (from != m_id) return;
        m_id = to;
        m_editor->setSubject(m_id, m_param);
        updateTitle();
    });
    m_timer = new QTimer(this);
    m_timer->setInterval(100);
    connect(m_timer, &QTimer::timeout, this, &Table2DDialog::updateLive);
    m_timer->start();
    updateTitle();
    refresh();
    updateLive();
}

void Table2DDialog::updateTitle() { setWindowTitle(tr("%1 — %2").arg(parameterName(), m_id)); }

void Table2DDialog::refresh()
{
    const ValueTarget t{ValueTarget::Kind::Parameter, m_id.toStdString(), m_param->name};
    const Json value = SetValueCommand::current(m_document->lab(), t).value_or(Json());
    m_editor->setTable(value);
    m_preview->setTable(value, m_param);
    updateProblems();
}

void Table2DDialog::updateProblems()
{
    // an edit's problems come with its compile, after the edit (diagnosticsChanged calls again)
    if (m_document->diagnosticsPending()) return;
    // the core's findings on this table: "mapped_engine.torque_map.values[2][1]" -> "values[2][1]"
    const ComponentSpec* c = m_document->lab().findComponent(m_id.toStdString());
    const ComponentDescriptor* d = c ? findComponentDescriptor(c->type) : nullptr;
    const std::string path = d ? std::string(d->fieldPrefix) + "." + m_param->name : std::string(m_param->name);
    QHash<QString, QStringList> byField;
    m_problems->clear();
    for (const Diagnostic& diag : m_document->diagnosticsFor(m_id.toStdString())) {
        if (diag.field != path && diag.field.rfind(path + ".", 0) != 0) continue;
        const QString below = QString::fromStdString(diag.field.size() > path.size() ? diag.field.substr(path.size() + 1) : std::string());
        byField[below] << QString::fromStdString(diag.message);
        auto* item = new QListWidgetItem(QStringLiteral("%1: %2").arg(QString::fromStdString(diag.field), QString::fromStdString(diag.message)),
                                         m_problems);
        item->setData(Qt::UserRole, below);
    }
    m_editor->model()->setProblems(byField);
    m_problems->setVisible(m_problems->count() > 0);
}

void Table2DDialog::focusField(const QString& below)
{
    const auto cell = m_editor->model()->cellOf(below);
    if (cell.first >= 0) m_editor->focusCell(cell.first, cell.second);
}

void Table2DDialog::bindLive(const SampleStore* store)
{
    m_store = store;
    m_liveX = m_liveY = -1;
    if (!store || !m_run || !m_run->plots()) return;
    // an axis named like one of the component's observables is drawn at its value
    const auto& layout = m_run->plots()->observableLayout();
    const std::string id = m_id.toStdString();
    for (std::size_t k = 0; k < layout.size() && k < store->observableCount(); ++k) {
        const ObservableRef& r = layout[k];
        if (r.isNode || r.isSignal || r.subject != id) continue;
        if (r.name == m_param->columns[0].name) m_liveX = static_cast<int>(k);
        if (r.name == m_param->columns[1].name) m_liveY = static_cast<int>(k);
    }
}

void Table2DDialog::updateLive()
{
    const SampleStore* store = m_run && !m_run->branches().isEmpty() ? m_run->branches().front().store.get() : nullptr;
    if (store != m_store) {
        bindLive(store);
        m_preview->clearTrail();
    }
    const std::size_t n = store ? store->size() : 0;
    if (n == 0 || m_liveX < 0 || m_liveY < 0) {
        m_preview->setOperatingPoint(std::nullopt);
        m_live->setText(m_liveX < 0 && store ? tr("The run shown has no observables named %1 and %2 on %3: no operating point.")
                                                   .arg(QString::fromLatin1(m_param->columns[0].name),
                                                        QString::fromLatin1(m_param->columns[1].name), m_id)
                                             : tr("Run the lab to see the operating point on the map."));
        return;
    }
    const double x = store->value(n - 1, static_cast<std::size_t>(m_liveX));
    const double y = store->value(n - 1, static_cast<std::size_t>(m_liveY));
    m_preview->setOperatingPoint(QPointF(x, y));
    const auto show = [this](int k, double v) {
        return DisplayUnits::instance().view(QString::fromLatin1(m_param->columns[static_cast<std::size_t>(k)].unit)).quantity(v, 5);
    };
    m_live->setText(tr("Operating point at t = %1 s%2: %3 = %4, %5 = %6")
                        .arg(store->time(n - 1), 0, 'g', 6)
                        .arg(m_run->isStale() ? tr(" (stale run)") : QString())
                        .arg(QString::fromLatin1(m_param->columns[0].name), show(0, x), QString::fromLatin1(m_param->columns[1].name),
                             show(1, y)));
}

} // namespace drivelab
