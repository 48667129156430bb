#pragma once
// The recent-files list, kept in QSettings (most recent first, at most eight, files that
// no longer exist dropped when the menu is built).
#include <QObject>
#include <QStringList>

namespace drivelab {

/// recently opened and saved labs
class RecentFiles : public QObject {
    Q_OBJECT
public:
    explicit RecentFiles(QObject* parent = nullptr);
    /// existing files, most recent first
    QStringList files() const;
    /// put a file on top
    void add(const QString& path);
    /// forget everything
    void clear();
    static constexpr int kMax = 8;

signals:
    void changed();
};

} // namespace drivelab
