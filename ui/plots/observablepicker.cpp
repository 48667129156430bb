#include "plots/observablepicker.h"

#include <QDialogButtonBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QLabel>
#include <QLineEdit>
#include <QMimeData>
#include <QPushButton>
#include <QTreeWidget>
#include <QVBoxLayout>

#include "document/displayunits.h"
#include "fmi/fmuobservables.h"
#include "plots/plotview.h"
#include "solver/session.h"

namespace drivelab {

namespace {

// a tree whose drags carry "subject\tname" lines
class PickerTree : public QTreeWidget {
public:
    using QTreeWidget::QTreeWidget;

protected:
    QStringList mimeTypes() const override { return {QString::fromLatin1(kObservableMimeType)}; }
    QMimeData* mimeData(const QList<QTreeWidgetItem*>& items) const override
    {
        QByteArray lines;
        for (const QTreeWidgetItem* it : items) {
            if (it->parent())
                lines += (it->parent()->text(0) + QLatin1Char('\t') + it->text(0) + QLatin1Char('\n')).toUtf8();
            else {
                for (int i = 0; i < it->childCount(); ++i)
                    lines += (it->text(0) + QLatin1Char('\t') + it->child(i)->text(0) + QLatin1Char('\n')).toUtf8();
            }
        }
        auto* m = new QMimeData;
        m->setData(kObservableMimeType, lines);
        return m;
    }
};

} // namespace

ObservablePicker::ObservablePicker(QWidget* parent) : QDialog(parent)
{
    setWindowTitle(tr("Observables"));
    setObjectName(QStringLiteral("observablePicker"));
    m_filter = new QLineEdit(this);
    m_filter->setPlaceholderText(tr("Filter ids and observables"));
    m_filter->setClearButtonEnabled(true);
    m_tree = new PickerTree(this);
    m_tree->setColumnCount(3);
    m_tree->setHeaderLabels({tr("id / observable"), tr("unit"), tr("FMU variable")});
    m_tree->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_tree->setDragEnabled(true);
    m_tree->setDragDropMode(QAbstractItemView::DragOnly);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    QPushButton* add = buttons->addButton(tr("Add to Plot"), QDialogButtonBox::ActionRole);
    QPushButton* addNew = buttons->addButton(tr("Add as New Plot"), QDialogButtonBox::ActionRole);
    // a derived channel: name = expression [unit]
    auto* derived = new QGroupBox(tr("Derived channel"), this);
    m_derivedName = new QLineEdit(derived);
    m_derivedName->setObjectName(QStringLiteral("derivedName"));
    m_derivedName->setPlaceholderText(tr("wheel_kmh"));
    m_derivedExpression = new QLineEdit(derived);
    m_derivedExpression->setObjectName(QStringLiteral("derivedExpression"));
    m_derivedExpression->setPlaceholderText(tr("wheels.speed*0.3*3.6"));
    m_derivedExpression->setToolTip(tr("Observables as id.name (SI values: rad/s, N·m, Pa, K), signals by their id, '-' in an id "
                                       "written '_'; + - * / ^, sin, cos, abs, sqrt, min, max, _pi, comparisons and c ? a : b"));
    m_derivedUnit = new QLineEdit(derived);
    m_derivedUnit->setObjectName(QStringLiteral("derivedUnit"));
    m_derivedUnit->setPlaceholderText(tr("km/h"));
    m_derivedError = new QLabel(derived);
    m_derivedError->setObjectName(QStringLiteral("derivedError"));
    m_derivedError->setWordWrap(true);
    m_derivedError->setStyleSheet(QStringLiteral("color:#b3131f"));
    m_derivedError->hide();
    auto* addDerived = new QPushButton(tr("Add Channel"), derived);
    addDerived->setObjectName(QStringLiteral("derivedAdd"));
    auto* form = new QFormLayout(derived);
    form->addRow(tr("Name"), m_derivedName);
    form->addRow(tr("Expression"), m_derivedExpression);
    form->addRow(tr("Unit"), m_derivedUnit);
    form->addRow(m_derivedError);
    form->addRow(addDerived);
    auto* box = new QVBoxLayout(this);
    box->addWidget(m_filter);
    box->addWidget(m_tree);
    box->addWidget(derived);
    box->addWidget(buttons);
    resize(400, 640);
    const auto wantDerived = [this] {
        emit derivedWanted({m_derivedName->text().trimmed(), m_derivedExpression->text(), m_derivedUnit->text().trimmed()}, false);
    };
    connect(addDerived, &QPushButton::clicked, this, wantDerived);
    connect(m_derivedExpression, &QLineEdit::returnPressed, this, wantDerived);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::close);
    connect(add, &QPushButton::clicked, this, [this] {
        emitSelected(false);
    });
    connect(addNew, &QPushButton::clicked, this, [this] {
        emitSelected(true);
    });
    connect(m_tree, &QTreeWidget::itemDoubleClicked, this, [this](QTreeWidgetItem* it) {
        if (it->parent()) emit picked({it->parent()->text(0)}, {it->text(0)}, false);
    });
    connect(m_filter, &QLineEdit::textChanged, this, [this](const QString& f) {
        for (int i = 0; i < m_tree->topLevelItemCount(); ++i) {
            QTreeWidgetItem* top = m_tree->topLevelItem(i);
            const bool idMatch = top->text(0).contains(f, Qt::CaseInsensitive);
            bool any = false;
            for (int j = 0; j < top->childCount(); ++j) {
                const bool m = idMatch || top->child(j)->text(0).contains(f, Qt::CaseInsensitive);
                top->child(j)->setHidden(!m);
                any = any || m;
            }
            top->setHidden(!any);
        }
    });
}

void ObservablePicker::setObservableLayout(const std::vector<ObservableRef>& layout, const Model* model)
{
    m_tree->clear();
    const QHash<QString, FmuObservableNote> notes = model ? fmuObservableNotes(*model) : QHash<QString, FmuObservableNote>{};
    QTreeWidgetItem* top = nullptr;
    for (const auto& r : layout) {
        const QString subject = QString::fromStdString(r.subject);
        if (!top || top->text(0) != subject) {
            top = new QTreeWidgetItem(m_tree, {subject, r.group() == 2 ? tr("signal") : r.isNode ? tr("node") : tr("component")});
            top->setFlags(top->flags() | Qt::ItemIsDragEnabled);
        }
        auto* it =
            new QTreeWidgetItem(top, {QString::fromStdString(r.name), DisplayUnits::instance().view(QString::fromLatin1(r.unit)).label});
        it->setFlags(it->flags() | Qt::ItemIsDragEnabled);
        // an imported FMU's observable: the FMU variable behind it, in its own unit
        const auto note = notes.constFind(subject + QLatin1Char('\t') + it->text(0));
        if (note != notes.cend()) {
            if (r.unit[0] == '\0') it->setText(1, note->unit);
            it->setText(2, note->text);
            it->setToolTip(0, note->text);
            it->setToolTip(2, note->text);
        }
    }
    m_tree->setColumnHidden(2, notes.isEmpty());
    m_tree->expandAll();
    m_tree->resizeColumnToContents(0);
}

void ObservablePicker::setDerivedError(const QString& text)
{
    m_derivedError->setText(text);
    m_derivedError->setVisible(!text.isEmpty());
}

QString ObservablePicker::derivedError() const { return m_derivedError->isHidden() ? QString() : m_derivedError->text(); }

void ObservablePicker::emitSelected(bool newPlot)
{
    QStringList subjects, names;
    for (QTreeWidgetItem* it : m_tree->selectedItems()) {
        if (it->parent()) {
            subjects << it->parent()->text(0);
            names << it->text(0);
        }
    }
    if (!subjects.isEmpty()) emit picked(subjects, names, newPlot);
}

} // namespace drivelab
