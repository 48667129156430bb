#pragma once
// The palette: every node domain and component type the core describes, grouped by the
// descriptors' PaletteGroup (domains, sources, engines, control, multi-domain), searchable by
// name, type, doc and the descriptors' keywords (synonyms), with the
// symbol as icon and the descriptor's doc as tooltip. Drag an entry onto the canvas or
// double-click it. Built from the descriptors: a new type appears without UI code. Below them
// the part library (issue 36, palette/partlibrary.h): the parts of the folder the settings name
// ("part:NAME" tokens, searchable by name, description, ports and parameters), and a button
// that chooses the folder.
#include <QWidget>

class QLabel;
class QLineEdit;
class QMimeData;
class QTreeWidget;
class QToolButton;
class QTreeWidgetItem;

namespace drivelab {

/// palette dock contents
class PaletteWidget : public QWidget {
    Q_OBJECT
public:
    explicit PaletteWidget(QWidget* parent = nullptr);

    /// tokens of every entry ("component:clutch", "node:rotational"), in display order
    QStringList tokens() const;
    /// true when the entry `token` shows an icon (every node domain and component type has its symbol)
    bool hasIcon(const QString& token) const;
    /// tokens of the entries shown under the current filter
    QStringList visibleTokens() const;
    /// group names shown, in order
    QStringList groups() const;
    /// set the search text
    void setFilter(const QString& text);
    /// true when the search matches nothing and the palette says so
    bool noMatchShown() const;
    /// the drag data of an entry
    static QMimeData* mimeFor(const QString& token);
    /// name the part library folder ("" for none; stored in the settings) and list its parts
    void setLibraryFolder(const QString& dir);
    /// the tooltip of a part entry, or of a group's entry (for tests: what the palette says)
    QString toolTipOf(const QString& label) const;

    /// the file of the library part `name` as listed ("" when none)
    QString partFile(const QString& name) const;

signals:
    /// an entry was double-clicked (add it at the view centre)
    void activated(const QString& token);
    /// Edit Part on a library part: open its file for editing
    void editPartRequested(const QString& file);

private:
    void build();
    void buildParts();
    void chooseLibraryFolder();
    void applyFilter(const QString& text);

    QLineEdit* m_search;
    QTreeWidget* m_tree;
    QLabel* m_noMatch;
    QToolButton* m_library;
    QTreeWidgetItem* m_parts = nullptr; ///< the part library's group (null: no folder set)
};

} // namespace drivelab
