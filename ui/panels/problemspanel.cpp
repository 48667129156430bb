#include "panels/problemspanel.h"

#include <QApplication>
#include <QClipboard>
#include <QHeaderView>
#include <QKeyEvent>
#include <QLabel>
#include <QShortcut>
#include <QStyle>
#include <QTreeWidget>
#include <QVBoxLayout>

#include "document/labdocument.h"

namespace drivelab {
namespace {
constexpr int kLineRole = Qt::UserRole + 1;
constexpr int kSubjectRole = Qt::UserRole + 2;
constexpr int kFieldRole = Qt::UserRole + 3;
constexpr int kLabRole = Qt::UserRole + 4;
} // namespace

ProblemsPanel::ProblemsPanel(LabDocument* document, QWidget* parent) : QWidget(parent), m_document(document)
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(2, 2, 2, 2);
    layout->setSpacing(2);
    m_summary = new QLabel(this);
    layout->addWidget(m_summary);
    m_tree = new QTreeWidget(this);
    m_tree->setColumnCount(4);
    m_tree->setHeaderLabels({tr("Severity"), tr("Item"), tr("Field"), tr("Message")});
    m_tree->setRootIsDecorated(false);
    m_tree->setUniformRowHeights(true);
    m_tree->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_tree->setAlternatingRowColors(true);
    m_tree->header()->setStretchLastSection(true);
    m_tree->setStatusTip(tr("Click a problem to select the item and its field; Ctrl+C copies the lines as drivelab-cli check prints them"));
    layout->addWidget(m_tree);
    auto* copy = new QShortcut(QKeySequence::Copy, m_tree, nullptr, nullptr, Qt::WidgetShortcut);
    connect(copy, &QShortcut::activated, this, &ProblemsPanel::copySelected);
    connect(m_tree, &QTreeWidget::itemClicked, this, [this](QTreeWidgetItem* item) {
        activateRow(m_tree->indexOfTopLevelItem(item));
    });
    connect(m_tree, &QTreeWidget::itemActivated, this, [this](QTreeWidgetItem* item) {
        activateRow(m_tree->indexOfTopLevelItem(item));
    });
    connect(document, &LabDocument::diagnosticsChanged, this, &ProblemsPanel::rebuild);
    connect(document, &LabDocument::filePathChanged, this, &ProblemsPanel::rebuild);
    // another lab replaced the open one (open, new, reload, recovery, asset): an earlier
    // file's open failure is history
    connect(document, &LabDocument::changed, this, [this](ChangeKind kind) {
        if (kind != ChangeKind::Reset || m_failedPath.isEmpty()) return;
        m_failedPath.clear();
        m_failed = Diagnostics();
        rebuild();
    });
    rebuild();
}

void ProblemsPanel::setOpenFailure(const QString& path, const Diagnostics& diagnostics)
{
    m_failedPath = path;
    m_failed = diagnostics;
    rebuild();
}

void ProblemsPanel::rebuild()
{
    m_tree->clear();
    int errors = 0, warnings = 0;
    const auto add = [&](const QString& file, const Diagnostic& d, bool lab) {
        auto* item = new QTreeWidgetItem(m_tree);
        const bool error = d.severity == Severity::Error;
        (error ? errors : warnings) += 1;
        item->setIcon(0, style()->standardIcon(error ? QStyle::SP_MessageBoxCritical : QStyle::SP_MessageBoxWarning));
        item->setText(0, error ? tr("error") : tr("warning"));
        item->setText(1, QString::fromStdString(d.subject));
        item->setText(2, QString::fromStdString(d.field));
        item->setText(3, QString::fromStdString(d.message));
        const QString line = QString::fromStdString(formatDiagnostic(file.toStdString(), d));
        item->setData(0, kLineRole, line);
        item->setData(0, kSubjectRole, QString::fromStdString(d.subject));
        item->setData(0, kFieldRole, QString::fromStdString(d.field));
        item->setData(0, kLabRole, lab);
        for (int c = 0; c < 4; ++c) item->setToolTip(c, line);
    };
    if (!m_failedPath.isEmpty()) {
        for (const auto& d : m_failed.items()) add(m_failedPath, d, false);
    }
    const QString file = m_document->filePath().isEmpty() ? m_document->displayName() : m_document->filePath();
    for (const auto& d : m_document->diagnostics()) add(file, d, true);
    for (int c = 0; c < 3; ++c) m_tree->resizeColumnToContents(c);
    if (!m_failedPath.isEmpty())
        m_summary->setText(tr("<b style='color:#b3131f'>Could not open %1</b> (nothing was changed); the lab below stays open.")
                               .arg(m_failedPath.toHtmlEscaped()));
    else if (errors + warnings == 0)
        m_summary->setText(tr("<span style='color:#1e7b3e'>✔ No problems: the lab is valid.</span>"));
    else
        m_summary->setText(errors == 0 ? tr("The lab is valid; %1").arg(countText(errors, warnings)) : countText(errors, warnings));
    emit countsChanged(errors, warnings);
}

QString ProblemsPanel::countText(int errors, int warnings)
{
    const QString e = errors == 1 ? tr("1 error") : tr("%1 errors").arg(errors);
    const QString w = warnings == 1 ? tr("1 warning") : tr("%1 warnings").arg(warnings);
    if (errors == 0) return w;
    if (warnings == 0) return e;
    return tr("%1, %2").arg(e, w);
}

QString ProblemsPanel::summary() const { return m_summary->text(); }

QStringList ProblemsPanel::lines() const
{
    QStringList out;
    for (int i = 0; i < m_tree->topLevelItemCount(); ++i) out << m_tree->topLevelItem(i)->data(0, kLineRole).toString();
    return out;
}

int ProblemsPanel::count() const { return m_tree->topLevelItemCount(); }

void ProblemsPanel::activateRow(int row)
{
    QTreeWidgetItem* item = m_tree->topLevelItem(row);
    if (!item || !item->data(0, kLabRole).toBool()) return;
    emit problemActivated(item->data(0, kSubjectRole).toString(), item->data(0, kFieldRole).toString());
}

void ProblemsPanel::copySelected()
{
    QStringList out;
    for (QTreeWidgetItem* item : m_tree->selectedItems()) out << item->data(0, kLineRole).toString();
    if (out.isEmpty()) out = lines();
    QApplication::clipboard()->setText(out.join(QLatin1Char('\n')) + QLatin1Char('\n'));
}

} // namespace drivelab
