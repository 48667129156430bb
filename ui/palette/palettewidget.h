#pragma once
// The palette: every node domain and component type the core describes, grouped by the
// descriptors' PaletteGroup (domains, sources, engines, control, multi-domain), searchable by
// name, type, doc and the descriptors' keywords (synonyms), with the
// symbol as icon and the descriptor's doc as tooltip. Drag an entry onto the canvas or
// double-click it. Built from the descriptors: a new type appears without UI code.
#include <QWidget>

class QLabel;
class QLineEdit;
class QMimeData;
class QTreeWidget;
class QTreeWidgetItem;

namespace drivelab {

/// palette dock contents
class PaletteWidget : public QWidget {
    Q_OBJECT
public:
    explicit PaletteWidget(QWidget* parent = nullptr);

    /// tokens of every entry ("component:clutch", "node:rotational"), in display order
    QStringList tokens() const;
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

signals:
    /// an entry was double-clicked (add it at the view centre)
    void activated(const QString& token);

private:
    void build();
    void applyFilter(const QString& text);

    QLineEdit* m_search;
    QTreeWidget* m_tree;
    QLabel* m_noMatch;
};

} // namespace drivelab
