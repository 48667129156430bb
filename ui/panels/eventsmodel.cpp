#include "panels/eventsmodel.h"

#include <QBrush>
#include <QColor>

#include "commands/editeventcommand.h"
#include "components/descriptors.h"
#include "document/displayunits.h"
#include "document/fieldpath.h"
#include "document/numbers.h"

namespace drivelab {

EventsModel::EventsModel(LabDocument* document, QObject* parent) : QAbstractTableModel(parent), m_document(document)
{
    connect(document, &LabDocument::changed, this, [this] {
        reload();
    });
    connect(document, &LabDocument::diagnosticsChanged, this, [this] {
        if (rowCount() > 0) emit dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
    });
    connect(&DisplayUnits::instance(), &DisplayUnits::changed, this, [this] {
        reload();
    });
    reload();
}

void EventsModel::setComponentFilter(const QString& id)
{
    m_filter = id;
    reload();
}

int EventsModel::rowOf(std::size_t eventIndex) const
{
    for (std::size_t r = 0; r < m_rows.size(); ++r) {
        if (m_rows[r] == eventIndex) return static_cast<int>(r);
    }
    return -1;
}

void EventsModel::reload()
{
    std::vector<std::size_t> rows;
    const auto& events = m_document->lab().events;
    for (std::size_t i = 0; i < events.size(); ++i) {
        if (m_filter.isEmpty() || events[i].component == m_filter.toStdString()) rows.push_back(i);
    }
    if (rows == m_rows) {
        if (rowCount() > 0) emit dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
        return;
    }
    beginResetModel();
    m_rows = std::move(rows);
    endResetModel();
}

int EventsModel::rowCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : static_cast<int>(m_rows.size()); }

int EventsModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QStringList EventsModel::problems(int row, const char* key) const
{
    QStringList out;
    const std::size_t i = m_rows[static_cast<std::size_t>(row)];
    for (const auto& d : m_document->diagnostics()) {
        const FieldRef f = parseFieldPath(m_document->lab(), d.subject, d.field);
        if (f.kind == FieldRef::Kind::Event && f.eventIndex == static_cast<int>(i) && (f.name == key || f.name.empty()))
            out << QString::fromStdString(d.message);
    }
    return out;
}

QVariant EventsModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid()) return {};
    const EventSpec& e = m_document->lab().events.at(m_rows[static_cast<std::size_t>(index.row())]);
    const ComponentSpec* c = m_document->lab().findComponent(e.component);
    const ComponentDescriptor* d = c ? findComponentDescriptor(c->type) : nullptr;
    const InputDescriptor* in = d ? d->input(e.input) : nullptr;
    static const char* keys[] = {"time_ns", "component", "input", "value"};
    const QStringList issues = problems(index.row(), keys[index.column()]);
    switch (role) {
    case Qt::DisplayRole:
    case Qt::EditRole:
        switch (index.column()) {
        case Time: return formatScaled(e.timeNs, 9);
        case Component: return QString::fromStdString(e.component);
        case Input: return QString::fromStdString(e.input);
        case Value: {
            const UnitView v = DisplayUnits::instance().view(in ? QString::fromLatin1(in->unit) : QString());
            const QString n = v.text(e.value);
            return role == Qt::EditRole || v.label.isEmpty() ? n : n + QLatin1Char(' ') + v.label;
        }
        }
        return {};
    case kChoicesRole: {
        QStringList out;
        if (index.column() == Component) {
            for (const auto& comp : m_document->lab().components) {
                const ComponentDescriptor* cd = findComponentDescriptor(comp.type);
                if (cd && !cd->inputs.empty()) out << QString::fromStdString(comp.id);
            }
        } else if (index.column() == Input && d) {
            for (const auto& i : d->inputs) out << QString::fromLatin1(i.name);
        }
        return out;
    }
    case kUnitRole: return in ? QString::fromLatin1(in->unit) : QString();
    case Qt::TextAlignmentRole:
        return index.column() == Time || index.column() == Value ? int(Qt::AlignRight | Qt::AlignVCenter)
                                                                 : int(Qt::AlignLeft | Qt::AlignVCenter);
    case Qt::BackgroundRole: return issues.isEmpty() ? QVariant() : QVariant(QBrush(QColor(0xfd, 0xd8, 0xdb)));
    case Qt::ToolTipRole:
        if (!issues.isEmpty()) return issues.join(QLatin1Char('\n'));
        if (index.column() == Value && in) return QString::fromLatin1(in->doc);
        return {};
    default: return {};
    }
}

QVariant EventsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (role != Qt::DisplayRole) return {};
    if (orientation == Qt::Vertical) return QString::number(m_rows.at(static_cast<std::size_t>(section)));
    switch (section) {
    case Time: return tr("Time [s]");
    case Component: return tr("Component");
    case Input: return tr("Input");
    case Value: return tr("Value");
    }
    return {};
}

Qt::ItemFlags EventsModel::flags(const QModelIndex& index) const
{
    if (!index.isValid()) return Qt::NoItemFlags;
    Qt::ItemFlags f = Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemIsEditable;
    if (index.column() == Component && !m_filter.isEmpty()) f &= ~Qt::ItemIsEditable;
    return f;
}

bool EventsModel::setData(const QModelIndex& index, const QVariant& value, int role)
{
    if (!index.isValid() || role != Qt::EditRole) return false;
    const std::size_t i = m_rows[static_cast<std::size_t>(index.row())];
    EventSpec e = m_document->lab().events.at(i);
    const QString text = value.toString().trimmed();
    switch (index.column()) {
    case Time: {
        const auto ns = parseScaled(text, 9);
        if (!ns) return false;
        e.timeNs = *ns;
        break;
    }
    case Component: {
        const ComponentSpec* c = m_document->lab().findComponent(text.toStdString());
        if (!c) return false;
        e.component = c->id;
        // keep the input when the new component has it, else take its first
        const ComponentDescriptor* d = findComponentDescriptor(c->type);
        if (d && !d->input(e.input) && !d->inputs.empty()) e.input = d->inputs.front().name;
        break;
    }
    case Input:
        if (text.isEmpty()) return false;
        e.input = text.toStdString();
        break;
    case Value: {
        double si = 0.0;
        if (value.typeId() == QMetaType::Double) {
            si = value.toDouble();
        } else {
            // the text shown, given back unedited: the stored value stays bit for bit
            if (text == index.data(Qt::EditRole).toString()) return true;
            const auto shown = parseNumber(text);
            if (!shown) return false;
            si = DisplayUnits::instance().view(index.data(kUnitRole).toString()).fromDisplay(*shown);
        }
        e.value = si;
        break;
    }
    default: return false;
    }
    const EventSpec& old = m_document->lab().events.at(i);
    if (e.timeNs == old.timeNs && e.component == old.component && e.input == old.input && e.value == old.value) return true;
    m_document->push(new EditEventCommand(m_document, i, e));
    return true;
}

} // namespace drivelab
