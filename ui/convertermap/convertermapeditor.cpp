#include "convertermap/convertermapeditor.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QSplitter>
#include <QTabBar>
#include <QTableView>
#include <QVBoxLayout>

#include "commands/setvaluecommand.h"
#include "components/descriptors.h"
#include "convertermap/mapchart.h"
#include "convertermap/mapchecks.h"
#include "document/labdocument.h"
#include "properties/tableeditor.h"

namespace drivelab {
namespace {

QString mapTip(int i)
{
    switch (i) {
    case 0: return ConverterMapEditor::tr("Drive 1: the pump drives forward (pump ≥ 0 is the faster member)");
    case 1: return ConverterMapEditor::tr("Drive 2: the pump drives in reverse (pump < 0 is the faster member)");
    case 2: return ConverterMapEditor::tr("Drive 3: the turbine drives forward (coast, turbine > 0 faster)");
    case 3: return ConverterMapEditor::tr("Drive 4: the turbine drives in reverse (turbine < 0 faster)");
    }
    return QString();
}

} // namespace

ConverterMapEditor::ConverterMapEditor(LabDocument* document, const QString& componentId, QWidget* parent)
    : QDialog(parent), m_document(document), m_id(componentId)
{
    setAttribute(Qt::WA_DeleteOnClose);
    setWindowFlag(Qt::WindowMaximizeButtonHint);
    setSizeGripEnabled(true);
    resize(1240, 700);
    auto* outer = new QVBoxLayout(this);
    auto* intro = new QLabel(tr("Each map gives R(s) = |T_follower| / |T_driver| and C(s) (driver torque = C·ω²) "
                                "over s = −1 … 1. Rules: 2–32 points; s strictly increasing from exactly −1 to exactly 1; "
                                "R ≥ 0, C ≥ 0; s·R(s) ≤ 1 on every segment; at s = 1, C = 0 and R = 1; at s = −1 the "
                                "counter-rotation pairs must agree (R₁·R₂ = 1, C₂ = C₁·R₁)."),
                             this);
    intro->setWordWrap(true);
    intro->setStyleSheet(QStringLiteral("color:#4b5563"));
    outer->addWidget(intro);
    auto* split = new QSplitter(Qt::Horizontal, this);
    auto* left = new QWidget(split);
    auto* leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 0, 0);
    m_tabs = new QTabBar(left);
    for (int i = 0; i < 4; ++i) {
        m_tabs->addTab(QString::fromLatin1(kConverterMapNames[i]));
        m_tabs->setTabToolTip(i, mapTip(i));
    }
    leftLayout->addWidget(m_tabs);
    m_table = new TableEditor(left);
    leftLayout->addWidget(m_table, 1);
    m_pairs = new QLabel(left);
    m_pairs->setTextFormat(Qt::RichText);
    m_pairs->setWordWrap(true);
    leftLayout->addWidget(m_pairs);
    // a refused cell entry says why here (the dialog has no status bar)
    m_hint = new QLabel(left);
    m_hint->setWordWrap(true);
    m_hint->setStyleSheet(QStringLiteral("color:#92400e"));
    m_hint->hide();
    leftLayout->addWidget(m_hint);
    connect(m_table, &TableEditor::hint, this, [this](const QString& t) {
        m_hint->setText(t);
        m_hint->setVisible(!t.isEmpty());
    });
    m_chart = new MapChart(split);
    split->addWidget(left);
    split->addWidget(m_chart);
    split->setStretchFactor(0, 2);
    split->setStretchFactor(1, 3);
    split->setSizes({520, 660});
    outer->addWidget(split, 1);
    m_problems = new QListWidget(this);
    m_problems->setMaximumHeight(90);
    m_problems->setWordWrap(true);
    outer->addWidget(m_problems);

    const ComponentSpec* spec = m_document->lab().findComponent(m_id.toStdString());
    if (const ComponentDescriptor* d = spec ? findComponentDescriptor(spec->type) : nullptr) {
        if (const ParameterDescriptor* p = d->parameter("pump_positive")) m_table->setRowLimits(p->minRows, p->maxRows);
    }
    connect(m_tabs, &QTabBar::currentChanged, this, [this] {
        refresh();
    });
    connect(m_table, &TableEditor::tableEdited, this, [this](const Json& rows, const QString& text) {
        m_hint->hide();
        ValueTarget t{ValueTarget::Kind::Parameter, m_id.toStdString(), currentMap().toStdString()};
        m_document->push(new SetValueCommand(m_document, t, rows, tr("%1 %2: %3").arg(m_id, currentMap(), text)));
    });
    connect(m_problems, &QListWidget::itemActivated, this, [this](QListWidgetItem* item) {
        showMap(item->data(Qt::UserRole).toString(), item->data(Qt::UserRole + 1).toInt(), item->data(Qt::UserRole + 2).toString());
    });
    connect(document, &LabDocument::changed, this, [this] {
        if (!m_document->lab().findComponent(m_id.toStdString()))
            close();
        else
            refresh();
    });
    connect(document, &LabDocument::renamed, this, [this](const QString& from, const QString& to) {
        if (from == m_id) m_id = to;
        updateTitle();
    });
    updateTitle();
    refresh();
}

void ConverterMapEditor::updateTitle() { setWindowTitle(tr("Converter maps — %1").arg(m_id)); }

QString ConverterMapEditor::currentMap() const { return QString::fromLatin1(kConverterMapNames[std::max(0, m_tabs->currentIndex())]); }

void ConverterMapEditor::showMap(const QString& map, int row, const QString& column)
{
    int index = -1;
    for (int i = 0; i < 4; ++i) {
        if (map == QLatin1String(kConverterMapNames[i])) index = i;
    }
    if (map == QLatin1String("counter_rotation")) {
        const ComponentSpec* c = m_document->lab().findComponent(m_id.toStdString());
        const auto failing = c ? failingPairs(checkConverterMaps(c->parameters)) : std::vector<int>{};
        index = failing.empty() || failing.front() == 0 ? 0 : 1;
        row = 0;
    }
    if (index >= 0) m_tabs->setCurrentIndex(index);
    int col = -1;
    for (int i = 0; i < 3; ++i) {
        if (column == QLatin1String(kConverterMapColumns[i])) col = i;
    }
    if (row >= 0) m_table->focusCell(row, col);
    raise();
    activateWindow();
}

QStringList ConverterMapEditor::problemLines() const
{
    QStringList out;
    for (int i = 0; i < m_problems->count(); ++i) out << m_problems->item(i)->text();
    return out;
}

void ConverterMapEditor::refresh()
{
    const ComponentSpec* c = m_document->lab().findComponent(m_id.toStdString());
    if (!c) return;
    // the core's map rules, the compiler's own: structured findings, no field path parsed
    const std::vector<ConverterMapFinding> findings = checkConverterMaps(c->parameters);
    const auto problems = sortMapProblems(*c, findings);
    const int i = std::max(0, m_tabs->currentIndex());
    const char* name = kConverterMapNames[i];
    const Json map = c->parameters.contains(name) ? c->parameters[name] : Json::array();
    const ComponentDescriptor* d = findComponentDescriptor(c->type);
    const ParameterDescriptor* p = d ? d->parameter(name) : nullptr;
    if (p) m_table->model()->setTable(map, p->columns);
    const MapProblems& mp = problems[static_cast<std::size_t>(i)];
    m_table->model()->setProblems(mp.cells, mp.rows, mp.table);
    m_chart->setMap(tr("%1 · %2").arg(m_id, QString::fromLatin1(name)), map, mp);
    for (int k = 0; k < 4; ++k) {
        const bool bad = !problems[static_cast<std::size_t>(k)].empty();
        m_tabs->setTabText(k, bad ? QStringLiteral("⚠ %1").arg(QString::fromLatin1(kConverterMapNames[k]))
                                  : QString::fromLatin1(kConverterMapNames[k]));
        m_tabs->setTabTextColor(k, bad ? QColor(0xb3, 0x13, 0x1f) : palette().color(QPalette::WindowText));
    }
    // counter-rotation pairs
    const auto failing = failingPairs(findings);
    const auto pairText = [&](int pair, const char* a, const char* b) {
        const bool ok = std::find(failing.begin(), failing.end(), pair) == failing.end();
        return QStringLiteral("<span style='color:%1'>%2 %3 ↔ %4 at s = −1</span>")
            .arg(ok ? QStringLiteral("#1e7b3e") : QStringLiteral("#b3131f"), ok ? QStringLiteral("✔") : QStringLiteral("✘"),
                 QString::fromLatin1(a), QString::fromLatin1(b));
    };
    m_pairs->setText(tr("Counter-rotation pairs: %1 &nbsp; %2")
                         .arg(pairText(0, "pump_positive", "turbine_negative"), pairText(1, "pump_negative", "turbine_positive")));
    // every map problem of this converter, clickable
    m_problems->clear();
    const ComponentDescriptor* desc = findComponentDescriptor(c->type);
    const QString prefix = desc ? QString::fromLatin1(desc->fieldPrefix) + QLatin1Char('.') : QString();
    for (const ConverterMapFinding& f : findings) {
        const QString field = prefix + QString::fromStdString(f.field());
        auto* item = new QListWidgetItem(QStringLiteral("%1: %2").arg(field, QString::fromStdString(f.message)));
        item->setForeground(QColor(0xb3, 0x13, 0x1f));
        item->setData(Qt::UserRole, f.pair >= 0 ? QStringLiteral("counter_rotation") : QString::fromLatin1(kConverterMapNames[f.map]));
        item->setData(Qt::UserRole + 1, f.row);
        item->setData(Qt::UserRole + 2, f.column >= 0 ? QString::fromLatin1(kConverterMapColumns[f.column]) : QString());
        m_problems->addItem(item);
    }
    if (m_problems->count() == 0) {
        auto* ok = new QListWidgetItem(tr("✔ All four maps satisfy every rule."));
        ok->setForeground(QColor(0x1e, 0x7b, 0x3e));
        m_problems->addItem(ok);
    }
}

} // namespace drivelab
