#include "properties/tableeditor.h"

#include <QApplication>
#include <QClipboard>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QKeyEvent>
#include <QTableView>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>

#include "document/displayunits.h"
#include "properties/numberdelegate.h"
#include "properties/tablepaste.h"

namespace drivelab {
namespace {

QToolButton* button(QWidget* parent, const QString& text, const QString& tip)
{
    auto* b = new QToolButton(parent);
    b->setText(text);
    b->setToolTip(tip);
    b->setStatusTip(tip);
    b->setAutoRaise(true);
    return b;
}

} // namespace

TableEditor::TableEditor(QWidget* parent) : QWidget(parent), m_model(new TableModel(this))
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    auto* bar = new QHBoxLayout;
    bar->setSpacing(2);
    m_add = button(this, tr("+ Point"), tr("Insert a point after the current one (interpolated)"));
    m_remove = button(this, tr("− Point"), tr("Remove the selected points"));
    m_up = button(this, tr("▲"), tr("Move the current point up"));
    m_down = button(this, tr("▼"), tr("Move the current point down"));
    m_paste = button(this, tr("Paste"), tr("Paste numbers from a spreadsheet at the current cell (Ctrl+V)"));
    auto* copy = button(this, tr("Copy"), tr("Copy the selected points as tab-separated text (Ctrl+C)"));
    for (QToolButton* b : {m_add, m_remove, m_up, m_down, m_paste, copy}) bar->addWidget(b);
    bar->addStretch(1);
    layout->addLayout(bar);
    m_view = new QTableView(this);
    m_view->setModel(m_model);
    m_view->setItemDelegate(new NumberDelegate([this](const QString& why) { refuse(why); }, m_view));
    m_view->setSelectionBehavior(QAbstractItemView::SelectItems);
    m_view->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed | QAbstractItemView::AnyKeyPressed);
    m_view->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    m_view->verticalHeader()->setDefaultSectionSize(22);
    m_view->setAlternatingRowColors(true);
    m_view->installEventFilter(this);
    layout->addWidget(m_view);

    connect(m_model, &TableModel::tableEdited, this, [this](const Json& rows, const QString& text) {
        m_lastRefusal.clear();
        m_view->setToolTip(QString());
        emit tableEdited(rows, text);
    });
    connect(m_add, &QToolButton::clicked, this, [this] {
        addPoint(currentRow());
    });
    connect(m_remove, &QToolButton::clicked, this, [this] {
        removePoints(selectedRows());
    });
    connect(m_up, &QToolButton::clicked, this, [this] {
        movePoint(currentRow(), -1);
    });
    connect(m_down, &QToolButton::clicked, this, [this] {
        movePoint(currentRow(), +1);
    });
    connect(m_paste, &QToolButton::clicked, this, [this] {
        const QModelIndex c = m_view->currentIndex();
        pasteText(QApplication::clipboard()->text(), c.isValid() ? c.row() : 0, c.isValid() ? c.column() : 0);
    });
    connect(copy, &QToolButton::clicked, this, [this] {
        QApplication::clipboard()->setText(copyText());
    });
    connect(m_model, &QAbstractItemModel::modelReset, this, &TableEditor::updateButtons);
    connect(m_view->selectionModel(), &QItemSelectionModel::currentChanged, this, &TableEditor::updateButtons);
    updateButtons();
}

void TableEditor::setRowLimits(int minRows, int maxRows)
{
    m_minRows = minRows;
    m_maxRows = maxRows > 0 ? maxRows : (1 << 20);
    updateButtons();
}

void TableEditor::focusCell(int row, int column)
{
    if (row < 0 || row >= m_model->rowCount()) return;
    const QModelIndex idx = m_model->index(row, std::max(0, column));
    m_view->setCurrentIndex(idx);
    if (column < 0) m_view->selectRow(row);
    m_view->scrollTo(idx);
    m_view->setFocus();
}

int TableEditor::currentRow() const
{
    const QModelIndex c = m_view->currentIndex();
    return c.isValid() ? c.row() : m_model->rowCount() - 1;
}

QList<int> TableEditor::selectedRows() const
{
    QList<int> rows;
    for (const QModelIndex& i : m_view->selectionModel()->selectedIndexes()) {
        if (!rows.contains(i.row())) rows << i.row();
    }
    if (rows.isEmpty() && m_view->currentIndex().isValid()) rows << m_view->currentIndex().row();
    std::sort(rows.begin(), rows.end());
    return rows;
}

void TableEditor::updateButtons()
{
    const int n = m_model->rowCount();
    const int r = m_view->currentIndex().isValid() ? m_view->currentIndex().row() : -1;
    m_add->setEnabled(n < m_maxRows);
    m_remove->setEnabled(n > m_minRows && n > 0);
    m_up->setEnabled(r > 0);
    m_down->setEnabled(r >= 0 && r + 1 < n);
}

void TableEditor::addPoint(int row)
{
    const int n = m_model->rowCount();
    if (n >= m_maxRows) {
        emit hint(tr("A table holds at most %1 points").arg(m_maxRows));
        return;
    }
    Json rows = m_model->table();
    Json point = Json::object();
    const auto cols = m_model->columns();
    for (std::size_t c = 0; c < cols.size(); ++c) {
        const int ci = static_cast<int>(c);
        if (cols[c].id) { // a component id: the neighbour's
            const Json& t = m_model->table();
            const std::size_t from = row >= 0 && row < n ? static_cast<std::size_t>(row) : 0;
            point[cols[c].name] = n > 0 && t[from].is_object() && t[from].contains(cols[c].name) ? t[from][cols[c].name] : Json("");
            continue;
        }
        const auto a = m_model->cell(row, ci);
        const auto b = m_model->cell(row + 1, ci);
        double v = 0.0;
        if (a && b)
            v = (*a + *b) / 2.0;
        else if (a)
            v = *a;
        else if (b)
            v = *b;
        point[cols[c].name] = v;
    }
    const int at = std::clamp(row + 1, 0, n);
    rows.insert(rows.begin() + at, point);
    emit tableEdited(rows, tr("Add point %1").arg(at));
    focusCell(at, 0);
}

void TableEditor::removePoints(QList<int> rows)
{
    const int n = m_model->rowCount();
    if (rows.isEmpty()) return;
    if (n - rows.size() < m_minRows) {
        emit hint(tr("A table needs at least %1 points").arg(m_minRows));
        return;
    }
    Json out = Json::array();
    for (int i = 0; i < n; ++i) {
        if (!rows.contains(i)) out.push_back(m_model->table()[static_cast<std::size_t>(i)]);
    }
    emit tableEdited(out, rows.size() == 1 ? tr("Remove point %1").arg(rows.front()) : tr("Remove %n points", nullptr, int(rows.size())));
}

void TableEditor::movePoint(int row, int step)
{
    const int n = m_model->rowCount();
    const int to = row + step;
    if (row < 0 || row >= n || to < 0 || to >= n) return;
    Json rows = m_model->table();
    std::swap(rows[static_cast<std::size_t>(row)], rows[static_cast<std::size_t>(to)]);
    emit tableEdited(rows, tr("Move point %1 to %2").arg(row).arg(to));
    focusCell(to, std::max(0, m_view->currentIndex().column()));
}

bool TableEditor::pasteText(const QString& text, int row, int column)
{
    QString error;
    const auto numbers = parseSpreadsheet(text, &error);
    if (!numbers) {
        emit hint(error);
        return false;
    }
    const auto cols = m_model->columns();
    // a block as wide as the table replaces from its first column
    int col0 = std::max(0, column);
    for (const auto& r : *numbers) {
        if (r.size() >= static_cast<int>(cols.size())) col0 = 0;
    }
    // the whole table selected (or empty): the block replaces it
    const bool replaceAll = m_model->rowCount() == 0 || selectedRows().size() == m_model->rowCount();
    Json rows = replaceAll ? Json::array() : m_model->table();
    int r = replaceAll ? 0 : std::max(0, row);
    if (replaceAll) col0 = 0;
    for (const auto& line : *numbers) {
        if (r >= m_maxRows) break;
        if (r >= static_cast<int>(rows.size())) rows.push_back(rows.empty() || replaceAll ? Json::object() : rows.back());
        Json& target = rows[static_cast<std::size_t>(r)];
        if (!target.is_object()) target = Json::object();
        for (int c = 0; c < line.size() && col0 + c < static_cast<int>(cols.size()); ++c) {
            const double shown = line[c];
            const UnitView view = DisplayUnits::instance().view(QString::fromLatin1(cols[static_cast<std::size_t>(col0 + c)].unit));
            target[cols[static_cast<std::size_t>(col0 + c)].name] = view.fromDisplay(shown);
        }
        // complete rows appended from a narrower block
        for (const auto& colDesc : cols) {
            if (!target.contains(colDesc.name)) target[colDesc.name] = 0.0;
        }
        ++r;
    }
    emit tableEdited(rows, tr("Paste %n points", nullptr, int(numbers->size())));
    return true;
}

void TableEditor::refuse(const QString& reason)
{
    m_lastRefusal = reason;
    m_view->setToolTip(reason);
    emit hint(reason);
}

QString TableEditor::copyText() const
{
    const auto cols = m_model->columns();
    QStringList lines;
    QStringList header;
    for (int c = 0; c < static_cast<int>(cols.size()); ++c)
        header << m_model->headerData(c, Qt::Horizontal, Qt::DisplayRole).toString().replace(QLatin1Char('\n'), QLatin1Char(' '));
    lines << header.join(QLatin1Char('\t'));
    QList<int> rows = selectedRows();
    if (rows.isEmpty())
        for (int i = 0; i < m_model->rowCount(); ++i) rows << i;
    for (int r : rows) {
        QStringList cells;
        for (int c = 0; c < static_cast<int>(cols.size()); ++c) cells << m_model->index(r, c).data().toString();
        lines << cells.join(QLatin1Char('\t'));
    }
    return lines.join(QLatin1Char('\n')) + QLatin1Char('\n');
}

bool TableEditor::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == m_view && event->type() == QEvent::KeyPress) {
        auto* key = static_cast<QKeyEvent*>(event);
        if (key->matches(QKeySequence::Paste)) {
            const QModelIndex c = m_view->currentIndex();
            pasteText(QApplication::clipboard()->text(), c.isValid() ? c.row() : 0, c.isValid() ? c.column() : 0);
            return true;
        }
        if (key->matches(QKeySequence::Copy)) {
            QApplication::clipboard()->setText(copyText());
            return true;
        }
        if (key->key() == Qt::Key_Delete && !m_view->isPersistentEditorOpen(m_view->currentIndex())) {
            removePoints(selectedRows());
            return true;
        }
    }
    return QWidget::eventFilter(watched, event);
}

} // namespace drivelab
