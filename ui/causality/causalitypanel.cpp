#include "causality/causalitypanel.h"

#include <QHeaderView>
#include <QLabel>
#include <QTreeWidget>
#include <QVBoxLayout>

#include "analysis/causality.h"
#include "causality/causalitycontroller.h"

namespace drivelab {
namespace {

constexpr int kKeyRole = Qt::UserRole + 2;

QStringList qt(const std::vector<std::string>& ids)
{
    QStringList out;
    for (const auto& id : ids) out << QString::fromStdString(id);
    return out;
}

} // namespace

CausalityPanel::CausalityPanel(CausalityController* controller, QWidget* parent) : QWidget(parent), m_controller(controller)
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    m_verdict = new QLabel(this);
    m_verdict->setWordWrap(true);
    m_verdict->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_tree = new QTreeWidget(this);
    m_tree->setHeaderHidden(true);
    m_tree->setColumnCount(1);
    m_tree->setWordWrap(true);
    m_tree->setUniformRowHeights(false);
    m_tree->header()->setStretchLastSection(true);
    m_details = new QLabel(this);
    m_details->setWordWrap(true);
    m_details->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_verdict);
    layout->addWidget(m_tree, 1);
    layout->addWidget(m_details);
    connect(m_tree, &QTreeWidget::currentItemChanged, this, [this](QTreeWidgetItem* item) {
        m_details->setText(item ? item->toolTip(0) : QString());
    });
    const auto activate = [this](QTreeWidgetItem* item) {
        if (!item) return;
        const QStringList ids = item->data(0, kIdsRole).toStringList();
        if (!ids.isEmpty()) emit itemsActivated(ids);
    };
    connect(m_tree, &QTreeWidget::itemClicked, this, activate);
    connect(m_tree, &QTreeWidget::itemActivated, this, activate);
    connect(controller, &CausalityController::updated, this, &CausalityPanel::rebuild);
    rebuild();
}

QString CausalityPanel::verdict() const { return m_verdict->text(); }

QString CausalityPanel::details() const { return m_details->text(); }

QTreeWidgetItem* CausalityPanel::section(const QString& key) const
{
    for (int i = 0; i < m_tree->topLevelItemCount(); ++i) {
        if (m_tree->topLevelItem(i)->data(0, kKeyRole).toString() == key) return m_tree->topLevelItem(i);
    }
    return nullptr;
}

void CausalityPanel::rebuild()
{
    const CausalityReport& r = m_controller->report();
    m_tree->clear();
    m_details->clear();
    if (m_controller->analyses() == 0) {
        m_verdict->setText(tr("Not analysed yet."));
        return;
    }
    QString verdict = r.consistent
                          ? tr("✔ Causality consistent: every storage can integrate, every bond has a causality.")
                          : tr("✖ %n causal conflict(s): the network is not well posed.", nullptr, static_cast<int>(r.conflicts.size()));
    verdict += QLatin1Char(' ') + (r.lockedClutches.empty()
                                       ? tr("Mode: no clutch locked at the start.")
                                       : tr("Mode: locked at the start: %1.").arg(qt(r.lockedClutches).join(QStringLiteral(", "))));
    if (!m_controller->analysedCompiled()) verdict += QLatin1Char(' ') + tr("(The lab does not compile: analysed as written.)");
    m_verdict->setText(verdict);
    m_verdict->setStyleSheet(r.consistent ? QStringLiteral("color:#1e7b3e") : QStringLiteral("color:#b3131f; font-weight:bold"));

    const auto addSection = [this](const QString& key, const QString& title, int count) {
        auto* s = new QTreeWidgetItem(m_tree, {tr("%1 (%2)").arg(title).arg(count)});
        s->setData(0, kKeyRole, key);
        QFont f = s->font(0);
        f.setBold(true);
        s->setFont(0, f);
        s->setFlags(Qt::ItemIsEnabled);
        return s;
    };
    const auto addEntry = [](QTreeWidgetItem* parent, const QString& text, const QStringList& ids, const QString& tip) {
        auto* e = new QTreeWidgetItem(parent, {text});
        e->setData(0, kIdsRole, ids);
        e->setToolTip(0, tip.isEmpty() ? text : tip);
        return e;
    };

    QTreeWidgetItem* conflicts = addSection(QStringLiteral("conflicts"), tr("Conflicts"), static_cast<int>(r.conflicts.size()));
    for (const CausalityConflict& c : r.conflicts) {
        QStringList ids = qt(c.elements);
        if (!c.junction.empty() && !ids.contains(QString::fromStdString(c.junction))) ids << QString::fromStdString(c.junction);
        const QString where = c.junction.empty() ? QString() : tr(" at '%1'").arg(QString::fromStdString(c.junction));
        const QString message = QString::fromStdString(c.message);
        QTreeWidgetItem* e = addEntry(conflicts, qt(c.elements).join(QStringLiteral(", ")) + where, ids, message);
        e->setForeground(0, QColor(0xb3, 0x13, 0x1f));
        addEntry(e, message, ids, message);
    }
    QTreeWidgetItem* groups = addSection(QStringLiteral("groups"), tr("Constrained groups"), static_cast<int>(r.groups.size()));
    for (const ConstrainedGroup& g : r.groups) {
        QStringList ids = qt(g.nodes) + qt(g.components);
        QString text = tr("%1 via %2").arg(qt(g.nodes).join(QStringLiteral(", ")), qt(g.components).join(QStringLiteral(", ")));
        QStringList notes{tr("%n independent", nullptr, g.independent)};
        if (g.held) notes << tr("held by ground");
        if (g.redundant) notes << tr("a repeated constraint");
        text += QStringLiteral(" (") + notes.join(QStringLiteral(", ")) + QLatin1Char(')');
        addEntry(groups, text, ids,
                 tr("Rigid constraints the solver resolves by projection; the dependent inertias take derivative "
                    "causality. Not a conflict."));
    }
    QTreeWidgetItem* loops = addSection(QStringLiteral("loops"), tr("Algebraic loops"), static_cast<int>(r.loops.size()));
    for (const AlgebraicLoop& l : r.loops) {
        QStringList ids;
        for (const QString& id : qt(l.path)) {
            if (!ids.contains(id)) ids << id;
        }
        addEntry(loops, qt(l.path).join(QStringLiteral(" → ")), ids,
                 tr("Resistors %1 form an algebraic loop; the solver solves it jointly. Not a conflict.")
                     .arg(qt(l.members).join(QStringLiteral(", "))));
    }
    if (!r.notes.empty()) {
        QTreeWidgetItem* notes = addSection(QStringLiteral("notes"), tr("Notes"), static_cast<int>(r.notes.size()));
        for (const std::string& n : r.notes) addEntry(notes, QString::fromStdString(n), {}, {});
    }
    m_tree->expandAll();
    // the first conflict's message in full; otherwise how to use the list
    if (conflicts->childCount() > 0)
        m_tree->setCurrentItem(conflicts->child(0));
    else
        m_details->setText(tr("Click an entry to select its items on the canvas."));
}

} // namespace drivelab
