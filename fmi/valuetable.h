#pragma once
// ValueTable: what an exported FMU's getFloat64 reads, by value reference (docs/FMI.md, "Cost").
// An importer that steps every tick reads the outputs after every step, so a get is on the hot path.
// The table is bound once per Session (at initialization, after a rebuild) to one pointer per
// value reference:
//
//   time                    -> the time read at this boundary
//   an output that is one   -> that element of the session's State (a node's speed, a component's
//   state element as it is     mean: SubsetReader::source), read where it lives, never copied
//   any other output        -> its slot in a buffer the FMU's outputs are computed into (a node's
//                              angle, a component's observe), by SubsetReader over the FMU's
//                              outputs only, lazily: at the first get after the state changed
//   an input, a parameter   -> its value as the importer set it
//
// A get is then one pass: values[i] = *source[vr[i]]; a get of the same list as the last (the usual
// importer) compares the list and copies through the pointers resolved for it then. When that list
// is every observable of the lab in the report's order (the default export, read whole in value
// reference order), the reader computes them straight into the importer's array (SubsetReader::read:
// the layout's index is the array's), with no buffer and no copy between. The values are bit for bit Session::observe's
// (SubsetReader's own guarantee, tst_tickhook; tst_fmuexport compares every output with the CLI).
// Nothing is allocated after bind().
#include <cstdint>
#include <cstring>
#include <optional>
#include <vector>

#include "fmuvariables.h"
#include "solver/subsetreader.h"

namespace drivelab::fmi {

class ValueTable {
public:
    /// bind to session `s` (kept alive by the caller until the next bind) and the inputs' and
    /// parameters' values `values` (by value reference, storage kept by the caller)
    void bind(const Session& s, const FmuVariables& vars, const std::vector<double>& values);
    /// the session's state changed (a step, an input set, a state restored): the computed outputs
    /// and the time are read again at the next get
    void stale() { m_stale = true; }
    /// get() read every value
    static constexpr std::size_t kAll = static_cast<std::size_t>(-1);
    /// values of `n` value references into `values`: kAll, or the position of the first unknown
    /// value reference (what came before it is written)
    std::size_t get(const std::uint32_t* vr, std::size_t n, double* values)
    {
        // the value references of the last get again (an importer reads the same list after every
        // step): one compare of the list, then the values as planned for it
        if (n == m_planSize && std::memcmp(vr, m_planVrs.data(), n * sizeof(std::uint32_t)) == 0) [[likely]] {
            if (m_planIsLayout) { // every observable in the report's order: computed right into `values`
                m_reader->read(values);
                return kAll;
            }
            if (m_stale) refresh();
            const double* const* plan = m_plan.data();
#pragma GCC unroll 4
            for (std::size_t i = 0; i < n; ++i) values[i] = *plan[i];
            return kAll;
        }
        return getListed(vr, n, values);
    }

private:
    void refresh();
    /// get() of another list than the last: each value reference checked and looked up; a valid
    /// list no longer than the table becomes the plan
    std::size_t getListed(const std::uint32_t* vr, std::size_t n, double* values);

    const Session* m_session = nullptr;
    std::optional<SubsetReader> m_reader;  // the FMU's outputs only
    std::vector<double> m_computed;        // by observable index: the outputs computed at this boundary
    double m_time = 0.0;                   // the time at this boundary
    std::vector<const double*> m_source;   // by value reference
    bool m_stale = true;                   // m_computed and m_time must be read again
    std::vector<std::uint32_t> m_planVrs;  // the last valid list of value references (capacity: the table's size)
    std::vector<const double*> m_plan;     // their sources, in the list's order
    std::size_t m_planSize = 0;            // its length
    bool m_planIsLayout = false;           // the plan is every observable, in observableLayout() order
    std::vector<int> m_observableOf;       // by value reference: the output's observable (-1: not an output)
};

} // namespace drivelab::fmi
