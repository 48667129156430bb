#include "assets/replaypanel.h"

#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

#include "util/hash.h"

namespace drivelab {

ReplayPanel::ReplayPanel(QWidget* parent) : QWidget(parent)
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    auto* top = new QHBoxLayout;
    m_info = new QLabel(this);
    m_info->setWordWrap(true);
    m_button = new QPushButton(tr("Replay and Verify"), this);
    m_button->setToolTip(tr("Run the asset's model again and compare every recorded boundary and the final state bit for bit"));
    m_busy = new QProgressBar(this);
    m_busy->setRange(0, 0); // busy: the core's replay reports no progress
    m_busy->setMaximumWidth(120);
    m_busy->setVisible(false);
    top->addWidget(m_info, 1);
    top->addWidget(m_busy);
    top->addWidget(m_button);
    m_verdictLabel = new QLabel(this);
    m_verdictLabel->setWordWrap(true);
    m_verdictLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_table = new QTableWidget(0, 4, this);
    m_table->setHorizontalHeaderLabels({tr("Tick"), tr("Time [s]"), tr("Result"), tr("First difference")});
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->verticalHeader()->setVisible(true);
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 6);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    layout->addLayout(top);
    layout->addWidget(m_verdictLabel);
    layout->addWidget(m_table, 1);
    connect(m_button, &QPushButton::clicked, this, &ReplayPanel::replay);
    connect(&m_watcher, &QFutureWatcher<ReplayVerdict>::finished, this, [this] {
        m_verdict = m_watcher.result();
        showVerdict();
        m_busy->setVisible(false);
        m_button->setEnabled(m_asset != nullptr);
        emit finished(m_verdict.ok);
    });
    setAsset(nullptr, QString());
}

ReplayPanel::~ReplayPanel()
{
    // the worker holds its own reference to the asset; wait for it before the watcher goes
    m_watcher.waitForFinished();
}

void ReplayPanel::setAsset(std::shared_ptr<const Asset> asset, const QString& path)
{
    m_watcher.waitForFinished();
    m_asset = std::move(asset);
    m_verdict = ReplayVerdict{};
    m_table->setRowCount(0);
    m_verdictLabel->clear();
    m_verdictLabel->setStyleSheet(QString());
    m_button->setEnabled(m_asset != nullptr);
    if (!m_asset) {
        m_info->setText(tr("Open a portable asset (*.dlasset.json) to replay and verify it."));
        return;
    }
    const AssetFacts facts = assetFacts(*m_asset);
    m_info->setText(tr("%1: asset version %2, %3 boundaries over %4 ticks, fingerprint %5, final state %6")
                        .arg(QFileInfo(path).fileName())
                        .arg(facts.version)
                        .arg(facts.boundaries)
                        .arg(facts.ticks)
                        .arg(facts.fingerprint, facts.finalState));
    m_verdictLabel->setText(tr("Not verified yet: press Replay and Verify."));
}

void ReplayPanel::replay()
{
    if (!m_asset || m_watcher.isRunning()) return;
    m_button->setEnabled(false);
    m_busy->setVisible(true);
    m_verdictLabel->setText(tr("Replaying…"));
    m_verdictLabel->setStyleSheet(QString());
    // the worker keeps the asset alive; it touches no widget
    std::shared_ptr<const Asset> asset = m_asset;
    m_watcher.setFuture(QtConcurrent::run([asset] {
        return replayAndVerify(*asset);
    }));
}

QString ReplayPanel::verdictText() const { return m_verdictLabel->text(); }

void ReplayPanel::showVerdict()
{
    m_verdictLabel->setText(m_verdict.summary);
    m_verdictLabel->setStyleSheet(m_verdict.ok ? QStringLiteral("color:#1e7b3e; font-weight:bold")
                                               : QStringLiteral("color:#b3131f; font-weight:bold"));
    const int n = static_cast<int>(m_verdict.boundaries.size());
    m_table->setRowCount(n + 1);
    const auto put = [this](int row, int col, const QString& text, const QColor& fg = QColor()) {
        auto* item = new QTableWidgetItem(text);
        if (fg.isValid()) item->setForeground(fg);
        m_table->setItem(row, col, item);
    };
    const QColor pass(0x1e, 0x7b, 0x3e), fail(0xb3, 0x13, 0x1f), grey(0x80, 0x80, 0x80);
    for (int i = 0; i < n; ++i) {
        const BoundaryVerdict& b = m_verdict.boundaries[i];
        m_table->setVerticalHeaderItem(i, new QTableWidgetItem(QString::number(i))); // the core's boundary index
        put(i, 0, QString::number(b.tick));
        put(i, 1, QString::number(b.time, 'g', 12));
        switch (b.result) {
        case BoundaryVerdict::Result::Pass: put(i, 2, tr("pass"), pass); break;
        case BoundaryVerdict::Result::Fail: put(i, 2, tr("FAIL"), fail); break;
        case BoundaryVerdict::Result::NotCompared: put(i, 2, tr("not compared (the replay stops at the first difference)"), grey); break;
        }
        put(i, 3, b.difference);
    }
    m_table->setVerticalHeaderItem(n, new QTableWidgetItem(tr("final")));
    put(n, 0, QString());
    put(n, 1, tr("final state hash"));
    if (!m_verdict.finalHashCompared)
        put(n, 2, tr("not compared"), grey);
    else
        put(n, 2, m_verdict.finalHashOk ? tr("pass") : tr("FAIL"), m_verdict.finalHashOk ? pass : fail);
    if (m_verdict.finalHashCompared && !m_verdict.finalHashOk) put(n, 3, m_verdict.summary);
    m_table->resizeColumnsToContents();
    m_table->horizontalHeader()->setStretchLastSection(true);
    // show the failing boundary
    for (int i = 0; i < n; ++i) {
        if (m_verdict.boundaries[i].result == BoundaryVerdict::Result::Fail) {
            m_table->selectRow(i);
            m_table->scrollToItem(m_table->item(i, 0));
            break;
        }
    }
}

} // namespace drivelab
