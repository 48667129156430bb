#pragma once
#include <QMainWindow>

namespace drivelab {

/// The editor's main window.
class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(QWidget* parent = nullptr);
};

} // namespace drivelab
