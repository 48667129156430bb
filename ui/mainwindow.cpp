#include "mainwindow.h"

#include <QLabel>

namespace drivelab {

MainWindow::MainWindow(QWidget* parent) : QMainWindow(parent)
{
    setWindowTitle(tr("DriveLab"));
    auto* label = new QLabel(tr("DriveLab"), this);
    label->setAlignment(Qt::AlignCenter);
    setCentralWidget(label);
    resize(1280, 800);
}

} // namespace drivelab
