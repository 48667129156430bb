#include "study/studyui.h"

#include <QAction>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QStatusBar>
#include <QTableWidget>

#include "document/displayunits.h"
#include "document/fieldpath.h"
#include "document/labdocument.h"
#include "mainwindow.h"
#include "properties/propertypanel.h"
#include "simulation/runcontroller.h"
#include "study/sweepdialog.h"
#include "study/sweepform.h"

namespace drivelab {

StudyUi::StudyUi(MainWindow* window) : QObject(window), m_window(window)
{
    m_menu = new QMenu(tr("S&tudy"), window);
    m_menu->setObjectName(QStringLiteral("studyMenu"));
    // before Help
    QAction* help = nullptr;
    for (QAction* a : window->menuBar()->actions())
        if (a->text().remove(QLatin1Char('&')) == tr("Help")) help = a;
    window->menuBar()->insertMenu(help, m_menu);
    m_new = m_menu->addAction(tr("&New Sweep…"));
    m_new->setStatusTip(tr("Run the open lab many times with some of its numbers changed, and tabulate and plot what each run gives"));
    m_open = m_menu->addAction(tr("&Open Sweep…"));
    m_open->setStatusTip(tr("Read a *.sweep.json into the sweep dialog (it runs on the open lab)"));
    m_save = m_menu->addAction(tr("&Save Sweep…"));
    m_save->setStatusTip(tr("Write the sweep dialog's setup as a *.sweep.json that drivelab-cli sweep runs"));
    connect(m_new, &QAction::triggered, this, &StudyUi::newSweep);
    connect(m_open, &QAction::triggered, this, [this] {
        dialog()->show();
        dialog()->raise();
        dialog()->openWithDialog();
    });
    connect(m_save, &QAction::triggered, this, [this] {
        dialog()->show();
        dialog()->saveWithDialog();
    });
    connect(window->properties(), &PropertyPanel::sweepRequested, this, &StudyUi::sweepThis);
}

SweepDialog* StudyUi::dialog()
{
    if (!m_dialog) {
        m_dialog = new SweepDialog(m_window->document(), m_window);
        connect(m_dialog, &SweepDialog::message, this, [this](const QString& t) {
            m_window->statusBar()->showMessage(t, 8000);
        });
        connect(m_dialog, &SweepDialog::variantRequested, this, [this](std::shared_ptr<const study::Study> s, qulonglong index) {
            if (s) openVariant(*s, static_cast<std::size_t>(index));
        });
    }
    return m_dialog;
}

void StudyUi::newSweep()
{
    SweepDialog* d = dialog();
    if (d->form()->factors()->rowCount() == 0 && d->form()->metrics()->rowCount() == 0) d->form()->addMetric();
    d->show();
    d->raise();
    d->activateWindow();
}

void StudyUi::sweepThis(const QString& path)
{
    SweepDialog* d = dialog();
    d->addFactorFor(path);
    d->show();
    d->raise();
    d->activateWindow();
}

MainWindow* StudyUi::openVariant(const study::Study& s, std::size_t index)
{
    LabSpec lab;
    std::string why;
    if (!study::variantLab(s, index, lab, why)) {
        QMessageBox::warning(m_window, tr("Open Variant"),
                             tr("Variant %1 cannot be opened: %2").arg(index).arg(QString::fromStdString(why)));
        return nullptr;
    }
    MainWindowOptions options;
    options.restoreSettings = false;
    auto* w = new MainWindow(options);
    w->setAttribute(Qt::WA_DeleteOnClose);
    const std::string baseDir = lab.baseDir;
    // untitled and unsaved (closing asks to save it); csv signals are still read beside the
    // original lab
    w->document()->reset(std::move(lab), QString(), true);
    if (!baseDir.empty()) {
        w->document()->edit().baseDir = baseDir;
        w->document()->notifyChanged(ChangeKind::Values);
    }
    QStringList values;
    const double* v = s.variants.row(index);
    for (std::size_t j = 0; j < s.variants.factors; ++j)
        values << QStringLiteral("%1 = %2").arg(QString::fromStdString(s.spec.factors[j].path),
                                                DisplayUnits::instance()
                                                    .view(QString::fromStdString(valuePathUnit(s.base, s.spec.factors[j].path)))
                                                    .textWithUnit(v[j]));
    w->resize(m_window->size());
    w->show();
    w->setWindowTitle(tr("Variant %1 of %2 — DriveLab").arg(index).arg(m_window->document()->displayName()));
    w->statusBar()->showMessage(tr("Variant %1: %2").arg(index).arg(values.join(QStringLiteral(", "))));
    w->runController()->run();
    w->raiseDock(QStringLiteral("plots"));
    m_lastVariant = w;
    emit variantOpened(w, static_cast<qulonglong>(index));
    return w;
}

} // namespace drivelab
