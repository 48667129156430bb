#include "table2d/table2deditor.h"

#include <QApplication>
#include <QClipboard>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QKeyEvent>
#include <QLabel>
#include <QRegularExpression>
#include <QTableView>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>
#include <functional>
#include <set>

#include "components/common/table2d.h"
#include "document/displayunits.h"
#include "document/numbers.h"
#include "properties/numberdelegate.h"
#include "properties/tablepaste.h"

namespace drivelab {
namespace {

QToolButton* button(QWidget* parent, const QString& text, const QString& tip, const QString& name)
{
    auto* b = new QToolButton(parent);
    b->setText(text);
    b->setToolTip(tip);
    b->setStatusTip(tip);
    b->setAutoRaise(true);
    b->setObjectName(name);
    return b;
}

// the core's words in the column's display unit: a range, and the "(A follows B)" of an axis
QString inDisplayUnits(const QString& message, const TableColumn& col)
{
    const QString unit = QString::fromLatin1(col.unit);
    QString out = DisplayUnits::rangeMessage(message, col.range, unit);
    const UnitView view = DisplayUnits::instance().view(unit);
    static const QRegularExpression follows(QStringLiteral(R"(\((\S+) follows (\S+)\))"));
    if (const auto m = follows.match(out); m.hasMatch() && !view.identity()) {
        const auto a = parseNumber(m.captured(1)), b = parseNumber(m.captured(2));
        if (a && b)
            out.replace(m.capturedStart(), m.capturedLength(),
                        QStringLiteral("(%1 follows %2)").arg(view.quantity(*a, 6), view.quantity(*b, 6)));
    }
    return out;
}

// a value between two neighbours, or beyond the last one by the last step
double between(const Json& list, int after)
{
    const int n = static_cast<int>(list.size());
    const auto at = [&list](int i) {
        return list[static_cast<std::size_t>(i)].is_number() ? list[static_cast<std::size_t>(i)].get<double>() : 0.0;
    };
    if (n == 0) return 0.0;
    if (n == 1) return at(0) + 1.0;
    if (after < 0) return at(0) - (at(1) - at(0));
    if (after >= n - 1) return at(n - 1) + (at(n - 1) - at(n - 2));
    return (at(after) + at(after + 1)) / 2.0;
}

} // namespace

Table2DEditor::Table2DEditor(QWidget* parent) : QWidget(parent), m_model(new Table2DModel(this))
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    auto* bar = new QHBoxLayout;
    bar->setSpacing(2);
    m_addRow = button(this, tr("+ Row"), tr("Insert an x point after the current row (values interpolated)"), QStringLiteral("addRow"));
    m_removeRow = button(this, tr("− Row"), tr("Remove the x points of the selected rows"), QStringLiteral("removeRow"));
    m_addColumn =
        button(this, tr("+ Column"), tr("Insert a y point after the current column (values interpolated)"), QStringLiteral("addColumn"));
    m_removeColumn = button(this, tr("− Column"), tr("Remove the y points of the selected columns"), QStringLiteral("removeColumn"));
    auto* paste = button(this, tr("Paste"),
                         tr("Paste a block from a spreadsheet at the current cell (Ctrl+V); at the corner cell a whole map: "
                            "the y axis on the first line, then one line per x point"),
                         QStringLiteral("paste"));
    auto* copy = button(this, tr("Copy"), tr("Copy the selected cells as tab-separated text (Ctrl+C)"), QStringLiteral("copy"));
    for (QToolButton* b : {m_addRow, m_removeRow, m_addColumn, m_removeColumn, paste, copy}) bar->addWidget(b);
    bar->addStretch(1);
    layout->addLayout(bar);
    m_view = new QTableView(this);
    m_view->setModel(m_model);
    m_view->setItemDelegate(new NumberDelegate([this](const QString& why) { refuse(why); }, m_view));
    m_view->setSelectionBehavior(QAbstractItemView::SelectItems);
    m_view->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed | QAbstractItemView::AnyKeyPressed);
    m_view->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
    m_view->horizontalHeader()->setDefaultSectionSize(72);
    m_view->horizontalHeader()->setMinimumSectionSize(48);
    m_view->verticalHeader()->setDefaultSectionSize(22);
    m_view->installEventFilter(this);
    layout->addWidget(m_view, 1);
    m_hint = new QLabel(this);
    m_hint->setObjectName(QStringLiteral("refusal"));
    m_hint->setWordWrap(true);
    m_hint->setStyleSheet(QStringLiteral("QLabel{background:#fffbeb;border:1px solid #f3d19c;border-radius:4px;padding:4px;color:#7a4b00}"));
    m_hint->hide();
    layout->addWidget(m_hint);

    connect(m_model, &Table2DModel::edited, this, &Table2DEditor::propose);
    connect(m_addRow, &QToolButton::clicked, this, [this] {
        const QModelIndex c = m_view->currentIndex();
        addRow(c.isValid() ? std::max(1, c.row()) : m_model->rowCount() - 1);
    });
    connect(m_addColumn, &QToolButton::clicked, this, [this] {
        const QModelIndex c = m_view->currentIndex();
        addColumn(c.isValid() ? std::max(1, c.column()) : m_model->columnCount() - 1);
    });
    connect(m_removeRow, &QToolButton::clicked, this, [this] { removeRows(selected(true)); });
    connect(m_removeColumn, &QToolButton::clicked, this, [this] { removeColumns(selected(false)); });
    connect(paste, &QToolButton::clicked, this, [this] {
        const QModelIndex c = m_view->currentIndex();
        pasteText(QApplication::clipboard()->text(), c.isValid() ? c.row() : 0, c.isValid() ? c.column() : 0);
    });
    connect(copy, &QToolButton::clicked, this, [this] { QApplication::clipboard()->setText(copyText()); });
    connect(m_model, &QAbstractItemModel::modelReset, this, &Table2DEditor::updateButtons);
    connect(&DisplayUnits::instance(), &DisplayUnits::changed, this, [this] { m_view->resizeColumnToContents(0); });
}

void Table2DEditor::setSubject(const QString& componentId, const ParameterDescriptor* p)
{
    m_id = componentId;
    m_model->setTable(m_model->table(), p);
}

void Table2DEditor::setTable(const Json& value)
{
    m_model->setTable(value, m_model->parameter());
    // column 0 holds the x axis: as wide as its header (the axis name and unit)
    m_view->resizeColumnToContents(0);
    updateButtons();
}

QString Table2DEditor::subjectText(const QString& field) const
{
    const ParameterDescriptor* p = m_model->parameter();
    return QStringLiteral("%1: %2%3%4").arg(m_id, QString::fromLatin1(p->name), field.isEmpty() ? QString() : QStringLiteral("."), field);
}

QString Table2DEditor::whyNot(const Json& next) const
{
    const ParameterDescriptor* p = m_model->parameter();
    if (!p) return tr("No table is shown");
    std::set<std::string> before;
    for (const Table2DFinding& f : checkTable2D(*p, m_model->table())) before.insert(f.field());
    for (const Table2DFinding& f : checkTable2D(*p, next)) {
        if (before.count(f.field())) continue;
        const int col = f.part == Table2DFinding::X ? 0 : f.part == Table2DFinding::Y ? 1 : f.part == Table2DFinding::Values ? 2 : -1;
        QString message = QString::fromStdString(f.message);
        if (col >= 0) message = inDisplayUnits(message, p->columns[static_cast<std::size_t>(col)]);
        return tr("%1: %2 — not changed").arg(subjectText(QString::fromStdString(f.field())), message);
    }
    return QString();
}

bool Table2DEditor::propose(const Json& next, const QString& description)
{
    const QString why = whyNot(next);
    if (!why.isEmpty()) {
        refuse(why);
        return false;
    }
    m_lastRefusal.clear();
    m_view->setToolTip(QString());
    m_hint->hide();
    emit tableEdited(next, description);
    return true;
}

void Table2DEditor::refuse(const QString& reason)
{
    m_lastRefusal = reason;
    m_view->setToolTip(reason);
    m_hint->setText(reason);
    m_hint->show();
    emit hint(reason);
}

QList<int> Table2DEditor::selected(bool rows) const
{
    QList<int> out;
    for (const QModelIndex& i : m_view->selectionModel()->selectedIndexes()) {
        const int k = rows ? i.row() : i.column();
        if (k > 0 && !out.contains(k)) out << k;
    }
    const QModelIndex c = m_view->currentIndex();
    if (out.isEmpty() && c.isValid() && (rows ? c.row() : c.column()) > 0) out << (rows ? c.row() : c.column());
    std::sort(out.begin(), out.end());
    return out;
}

void Table2DEditor::updateButtons()
{
    const ParameterDescriptor* p = m_model->parameter();
    const int nx = m_model->nx(), ny = m_model->ny();
    const int lo = p ? p->minRows : 0, hi = p ? p->maxRows : 0;
    m_addRow->setEnabled(nx < hi);
    m_addColumn->setEnabled(ny < hi);
    m_removeRow->setEnabled(nx > lo);
    m_removeColumn->setEnabled(ny > lo);
}

void Table2DEditor::addRow(int row)
{
    const ParameterDescriptor* p = m_model->parameter();
    const Json& t = m_model->table();
    if (!p || !t.contains("x") || !t["x"].is_array() || !t.contains("values") || !t["values"].is_array()) return;
    if (m_model->nx() >= p->maxRows) return refuse(tr("%1: at most %2 points").arg(subjectText(QStringLiteral("x"))).arg(p->maxRows));
    const int after = row - 1; // x index the new point follows (-1: before the first)
    Json next = t;
    const int at = std::clamp(after + 1, 0, m_model->nx());
    next["x"].insert(next["x"].begin() + at, between(t["x"], after));
    // the new row: the mean of its neighbours (the edge row at an end)
    const Json& values = t["values"];
    const int n = static_cast<int>(values.size());
    Json fresh = n == 0 ? Json::array() : values[static_cast<std::size_t>(std::clamp(after, 0, n - 1))];
    if (after >= 0 && after + 1 < n && fresh.is_array() && values[static_cast<std::size_t>(after + 1)].is_array()) {
        const Json& b = values[static_cast<std::size_t>(after + 1)];
        for (std::size_t j = 0; j < fresh.size() && j < b.size(); ++j) {
            if (fresh[j].is_number() && b[j].is_number()) fresh[j] = (fresh[j].get<double>() + b[j].get<double>()) / 2.0;
        }
    }
    next["values"].insert(next["values"].begin() + at, fresh);
    if (propose(next, tr("Add x point %1").arg(at))) focusCell(at + 1, 0);
}

void Table2DEditor::addColumn(int column)
{
    const ParameterDescriptor* p = m_model->parameter();
    const Json& t = m_model->table();
    if (!p || !t.contains("y") || !t["y"].is_array() || !t.contains("values") || !t["values"].is_array()) return;
    if (m_model->ny() >= p->maxRows) return refuse(tr("%1: at most %2 points").arg(subjectText(QStringLiteral("y"))).arg(p->maxRows));
    const int after = column - 1;
    Json next = t;
    const int at = std::clamp(after + 1, 0, m_model->ny());
    next["y"].insert(next["y"].begin() + at, between(t["y"], after));
    for (Json& r : next["values"]) {
        if (!r.is_array()) continue;
        const int n = static_cast<int>(r.size());
        double v = 0.0;
        if (n > 0) {
            const Json& a = r[static_cast<std::size_t>(std::clamp(after, 0, n - 1))];
            v = a.is_number() ? a.get<double>() : 0.0;
            if (after >= 0 && after + 1 < n && a.is_number() && r[static_cast<std::size_t>(after + 1)].is_number())
                v = (a.get<double>() + r[static_cast<std::size_t>(after + 1)].get<double>()) / 2.0;
        }
        r.insert(r.begin() + std::min(at, n), v);
    }
    if (propose(next, tr("Add y point %1").arg(at))) focusCell(0, at + 1);
}

void Table2DEditor::removeRows(QList<int> rows)
{
    const ParameterDescriptor* p = m_model->parameter();
    if (!p || rows.isEmpty()) return;
    if (m_model->nx() - rows.size() < p->minRows)
        return refuse(tr("%1: at least %2 points are needed — not changed").arg(subjectText(QStringLiteral("x"))).arg(p->minRows));
    Json next = m_model->table();
    std::sort(rows.begin(), rows.end(), std::greater<int>());
    for (int r : rows) {
        next["x"].erase(next["x"].begin() + (r - 1));
        if (next["values"].is_array() && r - 1 < static_cast<int>(next["values"].size())) next["values"].erase(next["values"].begin() + (r - 1));
    }
    propose(next, rows.size() == 1 ? tr("Remove x point %1").arg(rows.front() - 1) : tr("Remove %n x points", nullptr, int(rows.size())));
}

void Table2DEditor::removeColumns(QList<int> columns)
{
    const ParameterDescriptor* p = m_model->parameter();
    if (!p || columns.isEmpty()) return;
    if (m_model->ny() - columns.size() < p->minRows)
        return refuse(tr("%1: at least %2 points are needed — not changed").arg(subjectText(QStringLiteral("y"))).arg(p->minRows));
    Json next = m_model->table();
    std::sort(columns.begin(), columns.end(), std::greater<int>());
    for (int c : columns) {
        next["y"].erase(next["y"].begin() + (c - 1));
        for (Json& r : next["values"]) {
            if (r.is_array() && c - 1 < static_cast<int>(r.size())) r.erase(r.begin() + (c - 1));
        }
    }
    propose(next, columns.size() == 1 ? tr("Remove y point %1").arg(columns.front() - 1)
                                      : tr("Remove %n y points", nullptr, int(columns.size())));
}

bool Table2DEditor::pasteText(const QString& text, int row, int column)
{
    const ParameterDescriptor* p = m_model->parameter();
    if (!p) return false;
    const bool whole = row == 0 && column == 0;
    // a whole map's corner cell is empty or a label in spreadsheets: drop it before parsing
    QString body = text;
    if (whole) {
        const int eol = body.indexOf(QRegularExpression(QStringLiteral("\r\n|\n|\r")));
        QString first = eol < 0 ? body : body.left(eol);
        const int tab = first.indexOf(QLatin1Char('\t'));
        if (tab >= 0 && !parseNumber(first.left(tab).trimmed())) body = first.mid(tab + 1) + (eol < 0 ? QString() : body.mid(eol));
    }
    QString error;
    const auto numbers = parseSpreadsheet(body, &error);
    if (!numbers) {
        refuse(tr("%1: %2 — not changed").arg(subjectText(QString()), error));
        return false;
    }
    const auto display = [p](int col, double shown) {
        return DisplayUnits::instance().view(QString::fromLatin1(p->columns[static_cast<std::size_t>(col)].unit)).fromDisplay(shown);
    };
    Json next;
    if (whole) {
        // the y axis on the first line (a corner number, if any, dropped), then x and the values per line
        const int lines = static_cast<int>(numbers->size());
        QVector<double> ys = numbers->front();
        const qsizetype width = lines > 1 ? (*numbers)[1].size() : 0;
        if (lines > 1 && ys.size() == width) ys.removeFirst();
        next = Json{{"x", Json::array()}, {"y", Json::array()}, {"values", Json::array()}};
        for (double y : ys) next["y"].push_back(display(1, y));
        for (int i = 1; i < lines; ++i) {
            const QVector<double>& line = (*numbers)[i];
            if (line.size() != ys.size() + 1) {
                refuse(tr("%1: line %2 of the pasted map has %3 numbers; it needs the x value and one value per y point (%4) — not changed")
                           .arg(subjectText(QString()))
                           .arg(i + 1)
                           .arg(line.size())
                           .arg(ys.size() + 1));
                return false;
            }
            next["x"].push_back(display(0, line.front()));
            Json r = Json::array();
            for (int j = 1; j < line.size(); ++j) r.push_back(display(2, line[j]));
            next["values"].push_back(r);
        }
        return propose(next, tr("Paste a %1 × %2 map").arg(lines - 1).arg(ys.size()));
    }
    // a block at a cell: it must fit inside the grid
    int wide = 0;
    for (const auto& line : *numbers) wide = std::max(wide, static_cast<int>(line.size()));
    const int tall = static_cast<int>(numbers->size());
    if (row + tall > m_model->rowCount() || column + wide > m_model->columnCount()) {
        refuse(tr("%1: the pasted block (%2 × %3) does not fit from here (room for %4 × %5); add rows or columns first, or paste "
                  "a whole map at the corner cell — not changed")
                   .arg(subjectText(m_model->fieldAt(row, column)))
                   .arg(tall)
                   .arg(wide)
                   .arg(m_model->rowCount() - row)
                   .arg(m_model->columnCount() - column));
        return false;
    }
    next = m_model->table();
    for (int i = 0; i < tall; ++i) {
        const QVector<double>& line = (*numbers)[i];
        for (int j = 0; j < line.size(); ++j) {
            const int r = row + i, c = column + j;
            const int ci = m_model->columnIndex(r, c);
            if (ci < 0) continue; // the corner holds no number
            next = Table2DModel::withCell(next, r, c, display(ci, line[j]));
        }
    }
    return propose(next, tr("Paste %1 × %2 cells at %3").arg(tall).arg(wide).arg(m_model->fieldAt(row, column)));
}

QString Table2DEditor::copyText() const
{
    QModelIndexList cells = m_view->selectionModel()->selectedIndexes();
    int r0 = 0, c0 = 0, r1 = m_model->rowCount() - 1, c1 = m_model->columnCount() - 1;
    if (!cells.isEmpty()) {
        r0 = c0 = 1 << 20;
        r1 = c1 = -1;
        for (const QModelIndex& i : cells) {
            r0 = std::min(r0, i.row());
            r1 = std::max(r1, i.row());
            c0 = std::min(c0, i.column());
            c1 = std::max(c1, i.column());
        }
    }
    QStringList lines;
    for (int r = r0; r <= r1; ++r) {
        QStringList line;
        for (int c = c0; c <= c1; ++c)
            line << (m_model->partAt(r, c) == Table2DModel::Part::Corner ? QString() : m_model->index(r, c).data().toString());
        lines << line.join(QLatin1Char('\t'));
    }
    return lines.join(QLatin1Char('\n')) + QLatin1Char('\n');
}

void Table2DEditor::focusCell(int row, int column)
{
    if (row < 0 || row >= m_model->rowCount() || column < 0 || column >= m_model->columnCount()) return;
    const QModelIndex idx = m_model->index(row, column);
    m_view->setCurrentIndex(idx);
    m_view->scrollTo(idx);
    m_view->setFocus();
}

bool Table2DEditor::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == m_view && event->type() == QEvent::KeyPress) {
        auto* key = static_cast<QKeyEvent*>(event);
        const QModelIndex c = m_view->currentIndex();
        if (key->matches(QKeySequence::Paste)) {
            pasteText(QApplication::clipboard()->text(), c.isValid() ? c.row() : 0, c.isValid() ? c.column() : 0);
            return true;
        }
        if (key->matches(QKeySequence::Copy)) {
            QApplication::clipboard()->setText(copyText());
            return true;
        }
    }
    return QWidget::eventFilter(watched, event);
}

} // namespace drivelab
