#include "valuetable.h"

#include <algorithm>

namespace drivelab::fmi {

void ValueTable::bind(const Session& s, const FmuVariables& vars, const std::vector<double>& values)
{
    m_session = &s;
    std::vector<int> outputs;
    for (const FmuVariable& v : vars.vars)
        if (v.kind == VarKind::Output) outputs.push_back(v.observable);
    m_reader.emplace(s, outputs);
    m_computed.assign(s.observableCount(), 0.0);
    m_source.assign(vars.vars.size(), &m_time);
    for (const FmuVariable& v : vars.vars) {
        if (v.kind == VarKind::Output) m_source[v.vr] = m_reader->source(v.observable, m_computed.data());
        if (v.kind == VarKind::Input || v.kind == VarKind::Parameter) m_source[v.vr] = &values[v.vr];
    }
    m_planVrs.assign(m_source.size(), 0);
    m_plan.assign(m_source.size(), nullptr);
    m_planSize = 0;
    m_planIsLayout = false;
    m_observableOf.assign(m_source.size(), -1);
    for (const FmuVariable& v : vars.vars)
        if (v.kind == VarKind::Output) m_observableOf[v.vr] = v.observable;
    m_stale = true;
}

void ValueTable::refresh()
{
    m_reader->readComputed(m_computed.data());
    m_time = m_session->time();
    m_stale = false;
}

std::size_t ValueTable::getListed(const std::uint32_t* vr, std::size_t n, double* values)
{
    if (m_stale) refresh();
    const std::size_t count = m_source.size();
    for (std::size_t i = 0; i < n; ++i) {
        const std::uint32_t r = vr[i];
        if (r >= count) return i;
        values[i] = *m_source[r];
    }
    if (n <= count) { // the plan's storage was shaped at bind(): nothing allocated here
        std::copy(vr, vr + n, m_planVrs.begin());
        bool layout = n == m_computed.size();
        for (std::size_t i = 0; i < n; ++i) {
            m_plan[i] = m_source[vr[i]];
            layout = layout && m_observableOf[vr[i]] == static_cast<int>(i);
        }
        m_planSize = n;
        m_planIsLayout = layout;
    }
    return kAll;
}

} // namespace drivelab::fmi
