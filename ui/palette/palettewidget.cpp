#include "palette/palettewidget.h"

#include <QDir>
#include <QDrag>
#include <QFileDialog>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMimeData>
#include <QToolButton>
#include <QTreeWidget>
#include <QVBoxLayout>

#include "canvas/labview.h"
#include "canvas/symbols.h"
#include "components/descriptors.h"
#include "palette/partlibrary.h"

namespace drivelab {
namespace {

constexpr int kTokenRole = Qt::UserRole + 1;
constexpr int kSearchRole = Qt::UserRole + 2;
constexpr int kFileRole = Qt::UserRole + 3; // a library part's file

// a tree that drags its entries as palette tokens
class PaletteTree : public QTreeWidget {
public:
    using QTreeWidget::QTreeWidget;

protected:
    QStringList mimeTypes() const override { return {QString::fromLatin1(LabView::kPaletteMimeType)}; }
    QMimeData* mimeData(const QList<QTreeWidgetItem*>& items) const override
    {
        if (items.isEmpty() || items.front()->data(0, kTokenRole).toString().isEmpty()) return nullptr;
        return PaletteWidget::mimeFor(items.front()->data(0, kTokenRole).toString());
    }
    // a palette entry is copied, never moved out of the palette
    void startDrag(Qt::DropActions) override
    {
        QTreeWidgetItem* item = currentItem();
        if (!item || item->data(0, kTokenRole).toString().isEmpty()) return;
        auto* drag = new QDrag(this);
        drag->setMimeData(PaletteWidget::mimeFor(item->data(0, kTokenRole).toString()));
        drag->setPixmap(item->icon(0).pixmap(iconSize() * 1.5));
        drag->exec(Qt::CopyAction, Qt::CopyAction);
    }
};

QString groupTitle(PaletteGroup group)
{
    switch (group) {
    case PaletteGroup::Rotational: return PaletteWidget::tr("Rotational");
    case PaletteGroup::Hydraulic: return PaletteWidget::tr("Hydraulic");
    case PaletteGroup::Translational: return PaletteWidget::tr("Translational");
    case PaletteGroup::Thermal: return PaletteWidget::tr("Thermal");
    case PaletteGroup::Sources: return PaletteWidget::tr("Sources");
    case PaletteGroup::Engines: return PaletteWidget::tr("Engines");
    case PaletteGroup::Control: return PaletteWidget::tr("Control");
    case PaletteGroup::MultiDomain: return PaletteWidget::tr("Multi-domain");
    }
    return QString::fromLatin1(paletteGroupName(group));
}

QString portList(const ComponentDescriptor& d)
{
    QStringList parts;
    for (const auto& p : d.ports) {
        parts << QStringLiteral("%1 (%2%3): %4")
                     .arg(QString::fromLatin1(p.name), QString::fromLatin1(domainName(p.domain)),
                          p.optional ? PaletteWidget::tr(", optional") : QString(), QString::fromLatin1(p.doc).toHtmlEscaped());
    }
    return parts.join(QStringLiteral("<br>"));
}

} // namespace

PaletteWidget::PaletteWidget(QWidget* parent) : QWidget(parent)
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->setSpacing(4);
    m_search = new QLineEdit(this);
    m_search->setPlaceholderText(tr("Search components…"));
    m_search->setClearButtonEnabled(true);
    m_search->setStatusTip(tr("Type to filter the palette by name, type, description or keyword (engine, valve, PID)"));
    layout->addWidget(m_search);
    m_tree = new PaletteTree(this);
    m_tree->setHeaderHidden(true);
    m_tree->setIconSize(QSize(40, 30));
    m_tree->setDragEnabled(true);
    m_tree->setDragDropMode(QAbstractItemView::DragOnly);
    m_tree->setRootIsDecorated(true);
    m_tree->setIndentation(12);
    m_tree->setUniformRowHeights(true);
    m_tree->setStatusTip(tr("Drag a component or node onto the canvas, or double-click it"));
    layout->addWidget(m_tree);
    m_noMatch = new QLabel(this);
    m_noMatch->setWordWrap(true);
    m_noMatch->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    m_noMatch->setTextFormat(Qt::RichText);
    m_noMatch->setForegroundRole(QPalette::PlaceholderText);
    m_noMatch->hide();
    layout->addWidget(m_noMatch, 1);
    m_library = new QToolButton(this);
    m_library->setText(tr("Part library…"));
    m_library->setToolButtonStyle(Qt::ToolButtonTextOnly);
    m_library->setStatusTip(tr("Choose the folder of your part files (NAME.part.json): its parts appear in the palette"));
    layout->addWidget(m_library, 0, Qt::AlignLeft);
    connect(m_library, &QToolButton::clicked, this, &PaletteWidget::chooseLibraryFolder);
    build();
    applyPartLibrarySetting(); // the stored folder is the core's too (a lab using a library part compiles)
    buildParts();
    connect(m_search, &QLineEdit::textChanged, this, &PaletteWidget::applyFilter);
    connect(m_tree, &QTreeWidget::itemDoubleClicked, this, [this](QTreeWidgetItem* item) {
        const QString token = item->data(0, kTokenRole).toString();
        if (!token.isEmpty()) emit activated(token);
    });
    // a library part's context menu: Edit Part opens its file for editing
    m_tree->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(m_tree, &QWidget::customContextMenuRequested, this, [this](const QPoint& at) {
        QTreeWidgetItem* item = m_tree->itemAt(at);
        const QString file = item ? item->data(0, kFileRole).toString() : QString();
        if (file.isEmpty()) return;
        QMenu menu(this);
        menu.addAction(tr("Edit Part"), this, [this, file] { emit editPartRequested(file); })
            ->setStatusTip(tr("Open the part file for editing; Save Part File writes it"));
        menu.exec(m_tree->viewport()->mapToGlobal(at));
    });
}

QString PaletteWidget::partFile(const QString& name) const
{
    const QList<QTreeWidgetItem*> found = m_tree->findItems(name, Qt::MatchExactly | Qt::MatchRecursive);
    for (const QTreeWidgetItem* item : found) {
        if (!item->data(0, kFileRole).toString().isEmpty()) return item->data(0, kFileRole).toString();
    }
    return QString();
}

QMimeData* PaletteWidget::mimeFor(const QString& token)
{
    auto* mime = new QMimeData;
    mime->setData(QString::fromLatin1(LabView::kPaletteMimeType), token.toUtf8());
    return mime;
}

void PaletteWidget::build()
{
    // the groups in the core's order (kPaletteGroups); empty ones are not shown
    QHash<int, QTreeWidgetItem*> groups;
    const auto group = [&](PaletteGroup which) {
        if (auto* g = groups.value(static_cast<int>(which))) return g;
        auto* g = new QTreeWidgetItem;
        g->setText(0, groupTitle(which));
        g->setData(0, Qt::UserRole, QString::fromLatin1(paletteGroupName(which)));
        g->setFlags(Qt::ItemIsEnabled);
        QFont f = g->font(0);
        f.setBold(true);
        g->setFont(0, f);
        groups.insert(static_cast<int>(which), g);
        return g;
    };
    // node domains first in their group: every Domain value the core describes
    for (Domain d : {Domain::Rotational, Domain::Hydraulic, Domain::Translational, Domain::Thermal}) {
        const NodeDomainDescriptor* nd = nodeDomainDescriptor(d);
        if (!nd) continue;
        auto* item = new QTreeWidgetItem(group(paletteGroupOf(d)));
        item->setText(0, QString::fromLatin1(nd->label));
        item->setData(0, kTokenRole, QStringLiteral("node:%1").arg(QString::fromLatin1(domainName(d))));
        item->setData(0, kSearchRole,
                      QStringLiteral("%1 %2 %3 node")
                          .arg(QString::fromLatin1(nd->label), QString::fromLatin1(domainName(d)), QString::fromLatin1(nd->doc)));
        item->setToolTip(
            0, QStringLiteral("<b>%1</b> (%2 node)<br>%3")
                   .arg(QString::fromLatin1(nd->label), QString::fromLatin1(domainName(d)), QString::fromLatin1(nd->doc).toHtmlEscaped()));
        const QString icon = nodeIconPath(d);
        if (!icon.isEmpty()) item->setIcon(0, QIcon(icon));
        item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemIsDragEnabled);
    }
    for (const ComponentDescriptor* d : componentDescriptors()) {
        auto* item = new QTreeWidgetItem(group(d->group));
        item->setText(0, QString::fromLatin1(d->label));
        item->setData(0, kTokenRole, QStringLiteral("component:%1").arg(QString::fromLatin1(d->type)));
        item->setData(
            0, kSearchRole,
            QStringLiteral("%1 %2 %3 %4")
                .arg(QString::fromLatin1(d->label), QString::fromLatin1(d->type), QString::fromLatin1(d->doc), QString::fromLatin1(d->keywords)));
        item->setToolTip(0, QStringLiteral("<b>%1</b> <code>%2</code><br>%3<br><br>%4")
                                .arg(QString::fromLatin1(d->label), QString::fromLatin1(d->type),
                                     QString::fromLatin1(d->doc).toHtmlEscaped(), portList(*d)));
        const QString icon = componentIconPath(*d);
        if (!icon.isEmpty()) item->setIcon(0, QIcon(icon));
        item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemIsDragEnabled);
    }
    for (PaletteGroup g : kPaletteGroups) {
        if (auto* item = groups.value(static_cast<int>(g))) m_tree->addTopLevelItem(item);
    }
    m_tree->expandAll();
}

void PaletteWidget::buildParts()
{
    delete m_parts;
    m_parts = nullptr;
    const QString dir = partLibraryFolder();
    m_library->setToolTip(dir.isEmpty() ? tr("No part library folder is chosen") : tr("Part library: %1").arg(QDir::toNativeSeparators(dir)));
    if (dir.isEmpty()) return;
    m_parts = new QTreeWidgetItem;
    m_parts->setText(0, tr("Part library"));
    m_parts->setData(0, Qt::UserRole, QStringLiteral("parts"));
    m_parts->setToolTip(0, QDir::toNativeSeparators(dir).toHtmlEscaped());
    m_parts->setFlags(Qt::ItemIsEnabled);
    QFont f = m_parts->font(0);
    f.setBold(true);
    m_parts->setFont(0, f);
    const QList<LibraryPart> parts = scanPartLibrary(dir);
    for (const LibraryPart& p : parts) {
        auto* item = new QTreeWidgetItem(m_parts);
        item->setText(0, p.name);
        item->setData(0, kSearchRole, QStringList{p.name, p.description, p.ports.join(QLatin1Char(' ')), p.parameters.join(QLatin1Char(' ')), QStringLiteral("part")}.join(QLatin1Char(' ')));
        if (!p.error.isEmpty()) {
            // listed, not usable: what is wrong with the file
            item->setToolTip(0, tr("<b>%1</b> cannot be used:<br>%2").arg(p.name.toHtmlEscaped(), p.error.toHtmlEscaped()));
            item->setFlags(Qt::NoItemFlags);
            continue;
        }
        item->setData(0, kTokenRole, QStringLiteral("part:%1").arg(p.name));
        item->setData(0, kFileRole, p.file);
        item->setToolTip(0, tr("<b>%1</b> (part)<br>%2<br><br>Ports: %3<br>Parameters: %4")
                                .arg(p.name.toHtmlEscaped(), p.description.toHtmlEscaped(), p.ports.join(QStringLiteral(", ")).toHtmlEscaped(),
                                     p.parameters.isEmpty() ? tr("none") : p.parameters.join(QStringLiteral(", ")).toHtmlEscaped()));
        item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemIsDragEnabled);
    }
    if (parts.isEmpty()) {
        auto* none = new QTreeWidgetItem(m_parts);
        none->setText(0, tr("No part files in this folder"));
        none->setToolTip(0, tr("Save part files (NAME.part.json) in %1, or choose another folder with Part library…")
                                .arg(QDir::toNativeSeparators(dir).toHtmlEscaped()));
        none->setFlags(Qt::NoItemFlags);
    }
    m_tree->addTopLevelItem(m_parts);
    m_parts->setExpanded(true);
    applyFilter(m_search->text());
}

void PaletteWidget::setLibraryFolder(const QString& dir)
{
    setPartLibraryFolder(dir);
    buildParts();
}

void PaletteWidget::chooseLibraryFolder()
{
    const QString dir = QFileDialog::getExistingDirectory(this, tr("Part library folder"), partLibraryFolder());
    if (!dir.isEmpty()) setLibraryFolder(dir);
}

QString PaletteWidget::toolTipOf(const QString& label) const
{
    const QList<QTreeWidgetItem*> found = m_tree->findItems(label, Qt::MatchExactly | Qt::MatchRecursive);
    return found.isEmpty() ? QString() : found.front()->toolTip(0);
}

QStringList PaletteWidget::tokens() const
{
    QStringList out;
    for (int i = 0; i < m_tree->topLevelItemCount(); ++i) {
        QTreeWidgetItem* g = m_tree->topLevelItem(i);
        for (int j = 0; j < g->childCount(); ++j) {
            const QString token = g->child(j)->data(0, kTokenRole).toString();
            if (!token.isEmpty()) out << token; // a part file that cannot be used has none
        }
    }
    return out;
}

bool PaletteWidget::hasIcon(const QString& token) const
{
    for (int i = 0; i < m_tree->topLevelItemCount(); ++i) {
        QTreeWidgetItem* g = m_tree->topLevelItem(i);
        for (int j = 0; j < g->childCount(); ++j) {
            if (g->child(j)->data(0, kTokenRole).toString() == token) return !g->child(j)->icon(0).isNull();
        }
    }
    return false;
}

QStringList PaletteWidget::visibleTokens() const
{
    QStringList out;
    for (int i = 0; i < m_tree->topLevelItemCount(); ++i) {
        QTreeWidgetItem* g = m_tree->topLevelItem(i);
        for (int j = 0; j < g->childCount(); ++j) {
            const QString token = g->child(j)->data(0, kTokenRole).toString();
            if (!g->child(j)->isHidden() && !token.isEmpty()) out << token;
        }
    }
    return out;
}

QStringList PaletteWidget::groups() const
{
    QStringList out;
    for (int i = 0; i < m_tree->topLevelItemCount(); ++i) out << m_tree->topLevelItem(i)->data(0, Qt::UserRole).toString();
    return out;
}

void PaletteWidget::setFilter(const QString& text) { m_search->setText(text); }

void PaletteWidget::applyFilter(const QString& text)
{
    const QStringList words = text.simplified().split(QLatin1Char(' '), Qt::SkipEmptyParts);
    int any = 0;
    for (int i = 0; i < m_tree->topLevelItemCount(); ++i) {
        QTreeWidgetItem* g = m_tree->topLevelItem(i);
        int shown = 0;
        for (int j = 0; j < g->childCount(); ++j) {
            QTreeWidgetItem* e = g->child(j);
            const QString hay = e->data(0, kSearchRole).toString();
            bool match = true;
            for (const QString& w : words) match = match && hay.contains(w, Qt::CaseInsensitive);
            e->setHidden(!match);
            shown += match ? 1 : 0;
        }
        g->setHidden(shown == 0);
        any += shown;
    }
    // say so when nothing matches, rather than show an empty list
    m_noMatch->setText(tr("Nothing matches “%1”. Try part of a name, a type (clutch, orifice) or what it does (engine, valve).")
                           .arg(text.simplified().toHtmlEscaped()));
    m_noMatch->setVisible(any == 0);
    m_tree->setVisible(any > 0);
}

bool PaletteWidget::noMatchShown() const { return !m_noMatch->isHidden(); }

} // namespace drivelab
