#include "plots/plotarea.h"

#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QPixmap>

#include <cstring>

#include "plots/plotpanel.h"

namespace drivelab {

// PlotArea's exports: the current plot's series as CSV, the plots as PNG, and their file names

bool PlotArea::exportCsv(const QString& path, QString* error) const
{
    QString text;
    if (PlotPanel* p = currentPanel()) text = p->csv(m_x0, m_x1);
    QFile f(path);
    if (text.isEmpty() || !f.open(QIODevice::WriteOnly | QIODevice::Truncate)) {
        if (error) *error = text.isEmpty() ? tr("There is no plot to export.") : f.errorString();
        return false;
    }
    return f.write(text.toUtf8()) >= 0;
}

void PlotArea::setLabPath(const QString& path) { m_labPath = path; }

QString PlotArea::defaultCsvPath() const
{
    // LAB-PLOT.csv beside the lab ("engine-node-speeds.csv"); "untitled-…" for an unsaved lab
    const auto slug = [](const QString& text) {
        QString out;
        for (const QChar c : text.toLower()) {
            if (c.isLetterOrNumber())
                out += c;
            else if (!out.isEmpty() && !out.endsWith(QLatin1Char('-')))
                out += QLatin1Char('-');
        }
        while (out.endsWith(QLatin1Char('-'))) out.chop(1);
        return out;
    };
    const QFileInfo lab(m_labPath);
    QString base = lab.fileName();
    for (const char* ext : {".lab.json", ".dlasset.json", ".json"}) {
        if (base.endsWith(QLatin1String(ext))) {
            base.chop(static_cast<qsizetype>(std::strlen(ext)));
            break;
        }
    }
    base = slug(base);
    if (base.isEmpty()) base = QStringLiteral("untitled");
    const PlotPanel* p = currentPanel();
    const QString plot = p ? slug(p->title()) : QString();
    const QString name = (plot.isEmpty() ? base : base + QLatin1Char('-') + plot) + QStringLiteral(".csv");
    return m_labPath.isEmpty() ? name : lab.absoluteDir().filePath(name);
}

bool PlotArea::exportPng(const QString& path) const { return m_grid->grab().save(path, "PNG"); }

void PlotArea::exportCsvDialog()
{
    const QString path = QFileDialog::getSaveFileName(this, tr("Export Series"), defaultCsvPath(), tr("CSV files (*.csv)"));
    if (path.isEmpty()) return;
    QString error;
    emit hint(exportCsv(path, &error) ? tr("Series written to %1").arg(path) : tr("Could not write %1: %2").arg(path, error));
}

void PlotArea::exportPngDialog()
{
    const QString path = QFileDialog::getSaveFileName(this, tr("Export Plots"), QStringLiteral("plots.png"), tr("PNG images (*.png)"));
    if (path.isEmpty()) return;
    emit hint(exportPng(path) ? tr("Plots written to %1").arg(path) : tr("Could not write %1").arg(path));
}

} // namespace drivelab
