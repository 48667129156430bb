#include "commands/parteditcommand.h"

#include "document/partbody.h"

namespace drivelab {
namespace {

// merge ids of edits inside a part: the view's command id shifted past every command of the lab
constexpr int kPartEditIdBase = 1 << 20;

} // namespace

PartEditCommand::PartEditCommand(LabDocument* document, std::string part, Json before, Json after, QUndoCommand* edit)
    : LabCommand(document, edit->text()), m_part(std::move(part)), m_before(std::move(before)), m_after(std::move(after)), m_edit(edit)
{
}

PartEditCommand::~PartEditCommand() = default;

void PartEditCommand::setReferences(PathReferences before, PathReferences after)
{
    m_refsBefore = std::move(before);
    m_refsAfter = std::move(after);
}

void PartEditCommand::put(const Json& definition, const std::optional<PathReferences>& refs)
{
    LabSpec& lab = this->lab();
    if (const auto k = inlinePartIndex(lab, m_part)) lab.parts[*k] = definition;
    if (refs) putPathReferences(lab, *refs);
    changed(ChangeKind::Structure);
}

void PartEditCommand::redo() { put(m_after, m_refsAfter); }

void PartEditCommand::undo() { put(m_before, m_refsBefore); }

int PartEditCommand::id() const
{
    const int inner = m_edit->id();
    return inner < 0 ? -1 : kPartEditIdBase + inner;
}

bool PartEditCommand::mergeWith(const QUndoCommand* other)
{
    // only edits inside a part carry these ids, so `other` is one (of the same part when it merges)
    const auto* o = static_cast<const PartEditCommand*>(other);
    if (m_refsBefore || o->m_refsBefore) return false;
    if (o->m_part != m_part || !m_edit->mergeWith(o->m_edit.get())) return false;
    m_after = o->m_after;
    setObsolete(m_edit->isObsolete());
    return true;
}

} // namespace drivelab
