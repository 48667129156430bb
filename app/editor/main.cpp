// drivelab: the schematic editor.
#include <QApplication>

#include "mainwindow.h"

int main(int argc, char** argv)
{
    QApplication app(argc, argv);
    QApplication::setApplicationName("DriveLab");
    QApplication::setOrganizationName("DriveLab");
    drivelab::MainWindow w;
    w.show();
    return QApplication::exec();
}
