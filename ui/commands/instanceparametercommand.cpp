#include "commands/instanceparametercommand.h"

#include <QCoreApplication>

#include "document/partblocks.h"
#include "document/placement.h"

namespace drivelab {

InstanceParameterCommand::InstanceParameterCommand(LabDocument* document, std::string instance, std::string parameter,
                                                   std::optional<Json> value, QUndoCommand* parent)
    : LabCommand(document, QString(), parent), m_instance(std::move(instance)), m_parameter(std::move(parameter)), m_new(std::move(value))
{
    if (const InstanceSpec* i = document->lab().findInstance(m_instance)) {
        if (i->parameters.is_object() && i->parameters.contains(m_parameter)) {
            m_old = i->parameters[m_parameter];
            m_oldIndex = keyIndex(i->parameters, m_parameter);
        }
    }
    const QString what = qs(m_instance) + QLatin1Char('.') + qs(m_parameter);
    if (!m_new)
        setText(QCoreApplication::translate("InstanceParameterCommand", "Clear %1 (the part's default)").arg(what));
    else
        setText(QCoreApplication::translate("InstanceParameterCommand", "Set %1 to %2")
                    .arg(what, m_new->is_string() ? qs(m_new->get<std::string>()) : qs(m_new->dump())));
}

void InstanceParameterCommand::apply(const std::optional<Json>& value, std::optional<std::size_t> index)
{
    InstanceSpec* inst = lab().findInstance(m_instance);
    if (!inst) return;
    if (!inst->parameters.is_object()) inst->parameters = Json::object();
    Json& params = inst->parameters;
    if (!value) {
        params.erase(m_parameter);
    } else if (params.contains(m_parameter)) {
        params[m_parameter] = *value;
    } else if (index) {
        insertKeyAt(params, *index, m_parameter, *value);
    } else {
        // where the part lists it: before the first given parameter the part lists after it
        std::vector<std::string> order;
        if (auto part = partInterface(lab(), inst->part)) {
            for (const PartParameter& p : part->parameters) order.push_back(p.name);
        }
        const auto rank = [&](const std::string& n) {
            for (std::size_t i = 0; i < order.size(); ++i) {
                if (order[i] == n) return i;
            }
            return order.size();
        };
        std::size_t at = 0;
        for (auto it = params.begin(); it != params.end(); ++it, ++at) {
            if (rank(it.key()) > rank(m_parameter)) {
                insertKeyAt(params, at, m_parameter, *value);
                return;
            }
        }
        params[m_parameter] = *value;
    }
}

void InstanceParameterCommand::redo()
{
    apply(m_new, std::nullopt);
    changed(ChangeKind::Values, {qs(m_instance)});
}

void InstanceParameterCommand::undo()
{
    apply(m_old, m_oldIndex);
    changed(ChangeKind::Values, {qs(m_instance)});
}

} // namespace drivelab
