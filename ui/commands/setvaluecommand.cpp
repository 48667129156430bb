#include "commands/setvaluecommand.h"

#include <QCoreApplication>

#include "components/hydraulic/oil.h"
#include "document/displayunits.h"
#include "document/fieldpath.h"
#include "document/placement.h"

namespace drivelab {
namespace {

Json* object(LabSpec& lab, const ValueTarget& t)
{
    if (t.kind == ValueTarget::Kind::Oil) return lab.oil.is_object() ? &lab.oil : nullptr;
    if (t.kind == ValueTarget::Kind::NodeField) {
        NodeSpec* n = lab.findNode(t.id);
        return n ? &n->fields : nullptr;
    }
    ComponentSpec* c = lab.findComponent(t.id);
    if (!c) return nullptr;
    return t.kind == ValueTarget::Kind::Parameter ? &c->parameters : &c->inputs;
}

// a new oil field goes where the format lists it (before the first present field listed after it)
void insertOilField(Json& oil, const std::string& name, const Json& value)
{
    const auto fields = oilFields();
    std::size_t rank = fields.size();
    for (std::size_t i = 0; i < fields.size(); ++i) {
        if (name == fields[i].name) rank = i;
    }
    std::size_t at = 0;
    for (auto it = oil.begin(); it != oil.end(); ++it, ++at) {
        for (std::size_t i = rank + 1; i < fields.size(); ++i) {
            if (it.key() == fields[i].name) {
                insertKeyAt(oil, at, name, value);
                return;
            }
        }
    }
    oil[name] = value;
}

// the SI unit of the target, from the descriptors ("" when none is declared)
QString unitOf(const LabSpec& lab, const ValueTarget& t)
{
    FieldRef f;
    f.name = t.name;
    f.kind = t.kind == ValueTarget::Kind::Oil         ? FieldRef::Kind::Oil
             : t.kind == ValueTarget::Kind::NodeField ? FieldRef::Kind::NodeField
             : t.kind == ValueTarget::Kind::Input     ? FieldRef::Kind::Input
                                                      : FieldRef::Kind::Parameter;
    return QString::fromStdString(fieldUnit(lab, t.id, f));
}

// the value as the History lists it: a number in the display unit ("0.3 kg·m²", "764 rpm"),
// a boolean or keyword as written; empty for tables and bindings (their commands say what changed)
QString valueText(const LabSpec& lab, const ValueTarget& t, const Json& v)
{
    if (v.is_number()) return DisplayUnits::instance().view(unitOf(lab, t)).textWithUnit(v.get<double>());
    if (v.is_boolean()) return v.get<bool>() ? QStringLiteral("true") : QStringLiteral("false");
    if (v.is_string()) return QString::fromStdString(v.get<std::string>());
    return QString();
}

} // namespace

SetValueCommand::SetValueCommand(LabDocument* document, ValueTarget target, std::optional<Json> value, const QString& text,
                                 QUndoCommand* parent)
    : LabCommand(document, text, parent), m_target(std::move(target)), m_new(std::move(value))
{
    m_old = current(document->lab(), m_target);
    if (Json* o = object(document->edit(), m_target)) m_oldIndex = keyIndex(*o, m_target.name);
    if (text.isEmpty()) {
        // "Set shaft2.inertia to 0.3 kg·m²": the History tells the steps apart
        const QString value = m_new ? valueText(document->lab(), m_target, *m_new) : QString();
        setText(!m_new            ? QCoreApplication::translate("SetValueCommand", "Clear %1.%2").arg(qs(m_target.id), qs(m_target.name))
                : value.isEmpty() ? QCoreApplication::translate("SetValueCommand", "Set %1.%2").arg(qs(m_target.id), qs(m_target.name))
                                  : QCoreApplication::translate("SetValueCommand", "Set %1.%2 to %3")
                                        .arg(qs(m_target.id), qs(m_target.name), value));
    }
}

std::optional<Json> SetValueCommand::current(const LabSpec& lab, const ValueTarget& target)
{
    const Json* o = object(const_cast<LabSpec&>(lab), target);
    if (!o || !o->is_object()) return std::nullopt;
    const auto it = o->find(target.name);
    if (it == o->end()) return std::nullopt;
    return *it;
}

void SetValueCommand::apply(const std::optional<Json>& value, std::optional<std::size_t> index)
{
    Json* o = object(lab(), m_target);
    if (o) {
        if (!o->is_object()) *o = Json::object();
        if (!value)
            o->erase(m_target.name);
        else if (o->contains(m_target.name))
            (*o)[m_target.name] = *value;
        else if (index)
            insertKeyAt(*o, *index, m_target.name, *value);
        else if (m_target.kind == ValueTarget::Kind::Oil)
            insertOilField(*o, m_target.name, *value);
        else
            (*o)[m_target.name] = *value;
    }
    changed(ChangeKind::Values, {qs(m_target.id)});
}

void SetValueCommand::redo() { apply(m_new, std::nullopt); }

void SetValueCommand::undo() { apply(m_old, m_oldIndex); }

} // namespace drivelab
