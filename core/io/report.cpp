#include "io/report.h"

#include <cmath>

#include "util/hash.h"

namespace drivelab {

ReportWriter::ReportWriter(const Model& model) : m_model(model), m_layout(observableLayout(model)), m_vehicle(model)
{
    m_values.resize(m_layout.size());
    if (m_vehicle.present()) m_tickValues.resize(m_layout.size());
}

void ReportWriter::sampleTick(const Session& s)
{
    s.observe(m_tickValues.data());
    m_vehicle.sample(m_tickValues.data(), s.time());
}

void ReportWriter::observe(const Session& s) { s.observe(m_values.data()); }

void ReportWriter::addBoundary(const Session& s)
{
    observe(s);
    keepBoundary(s);
}

std::string ReportWriter::boundaryText(const Session& s) const
{
    std::string out;
    out.reserve(64 + 32 * m_values.size());
    out += "{\"tick\": " + std::to_string(s.tick()) + ", \"time\": ";
    appendDouble(out, s.time());
    out += ", \"nodes\": {";
    std::size_t k = 0;
    const auto group = [&](int g) {
        bool firstSubject = true;
        while (k < m_layout.size() && m_layout[k].group() == g) {
            const std::string& subject = m_layout[k].subject;
            if (!firstSubject) out += ", ";
            firstSubject = false;
            appendJsonString(out, subject);
            out += ": {";
            bool first = true;
            while (k < m_layout.size() && m_layout[k].group() == g && m_layout[k].subject == subject) {
                if (!first) out += ", ";
                first = false;
                appendJsonString(out, m_layout[k].name);
                out += ": ";
                if (m_layout[k].integer)
                    out += std::to_string(static_cast<long long>(m_values[k]));
                else
                    appendDouble(out, m_values[k]);
                ++k;
            }
            out += "}";
        }
    };
    group(0);
    out += "}, \"components\": {";
    group(1);
    // a lab with signals: their values, after the components (labs without keep their reports)
    if (!m_model.timeSignals.empty()) {
        out += "}, \"signals\": {";
        group(2);
    }
    out += "}}";
    return out;
}

std::string ReportWriter::head(std::uint64_t finalStateHash, std::int64_t ticks) const
{
    std::string out = "{\n  \"format\": \"drivelab.report\",\n  \"version\": 1,\n  \"lab\": ";
    appendJsonString(out, m_model.name);
    out += ",\n  \"model_fingerprint\": \"" + toHex16(m_model.fingerprint) + "\",\n";
    out += "  \"final_state_hash\": \"" + toHex16(finalStateHash) + "\",\n";
    out += "  \"tick_ns\": " + std::to_string(m_model.tickNs) + ",\n";
    out += "  \"ticks\": " + std::to_string(ticks) + ",\n";
    out += "  \"boundaries\": [\n";
    return out;
}

std::size_t ReportWriter::hashOffset() const
{
    const std::string h = head(0, 0);
    return h.find("\"final_state_hash\": \"") + std::string("\"final_state_hash\": \"").size();
}

std::string ReportWriter::finish(const Session& s) const
{
    std::string out = head(s.stateHash(), s.tick());
    for (std::size_t i = 0; i < m_boundaries.size(); ++i) {
        out += "    " + m_boundaries[i] + (i + 1 < m_boundaries.size() ? ",\n" : "\n");
    }
    return out + tail(s);
}

std::array<NamedBook, 13> energyBooks(const EnergyReport& e)
{
    return {{{"kinetic_initial", e.kineticInitial},
             {"kinetic_final", e.kineticFinal},
             {"stored_initial", e.storedInitial},
             {"stored_final", e.storedFinal},
             {"source_work", e.sourceWork},
             {"heat_to_nodes", e.heatToNodes},
             {"heat_to_ledger", e.heatToLedger},
             {"numerical_dissipation", e.numericalDissipation},
             {"residual", e.residual},
             {"thermal_stored_change", e.thermalStoredChange},
             {"heat_from_sources", e.heatFromSources},
             {"heat_to_ambient", e.heatToAmbient},
             {"thermal_residual", e.thermalResidual}}};
}

std::array<NamedBook, 4> volumeBooks(const EnergyReport& e)
{
    return {{{"supplied", e.volumeSupplied},
             {"stored_change", e.volumeStored},
             {"absorbed_by_chambers", e.volumeAbsorbed},
             {"residual", e.volumeResidual}}};
}

std::array<NamedBook, 4> oilBooks(const EnergyReport& e)
{
    return {{{"internal_energy_change", e.oilChange},
             {"heat_from_losses", e.heatToOil},
             {"energy_flowed_in", e.oilEnthalpyIn},
             {"absorbed_by_chambers", e.oilAbsorbed}}};
}

namespace {

// "name": value pairs, one per line, indented by four
template <std::size_t N> void appendBooks(std::string& out, const std::array<NamedBook, N>& books)
{
    bool first = true;
    for (const auto& [name, v] : books) {
        out += first ? "\n    \"" : ",\n    \"";
        first = false;
        out += name;
        out += "\": ";
        appendDouble(out, v);
    }
    out += "\n  }";
}

template <std::size_t N> Json booksJson(const std::array<NamedBook, N>& books)
{
    Json out = Json::object();
    for (const auto& [name, v] : books) out[name] = v;
    return out;
}

} // namespace

std::string ReportWriter::tail(const Session& s, const std::string& extra) const
{
    std::string out = "  ],\n  \"energy\": {";
    const EnergyReport e = s.energy();
    appendBooks(out, energyBooks(e));
    if (m_model.hasHydraulic) {
        // the fluid volume books: every cubic metre supplied is stored or displaced
        out += ",\n  \"fluid_volume\": {";
        appendBooks(out, volumeBooks(e));
    }
    if (!m_model.oilVolumes.empty()) {
        // the oil's internal energy: what losses left in it, what flows brought and took
        out += ",\n  \"oil\": {";
        appendBooks(out, oilBooks(e));
    }
    if (m_vehicle.present()) out += ",\n" + vehicleSectionText(m_vehicle.finish(e));
    if (!extra.empty()) out += ",\n" + extra;
    out += "\n}\n";
    return out;
}

std::string vehicleSectionText(const VehicleSummary& v)
{
    const auto number = [](std::string& out, double x) {
        if (std::isfinite(x))
            appendDouble(out, x);
        else
            out += "null";
    };
    std::string out = "  \"vehicle\": {\n    \"vehicle\": ";
    appendJsonString(out, v.vehicle);
    out += ",\n    \"reference_speed\": ";
    if (v.reference.empty())
        out += "null";
    else
        appendJsonString(out, v.reference);
    for (const auto& [name, x] : v.scalars) {
        out += ",\n    \"" + name + "\": ";
        number(out, x);
    }
    out += ",\n    \"energy_split\": {";
    bool first = true;
    for (const auto& [name, x] : v.split) {
        out += first ? "" : ", ";
        first = false;
        appendJsonString(out, name);
        out += ": ";
        number(out, x);
    }
    out += "},\n    \"energy_split_components\": [";
    first = true;
    for (const SplitPart& p : v.parts) {
        out += first ? "\n      {\"id\": " : ",\n      {\"id\": ";
        first = false;
        appendJsonString(out, p.id);
        out += ", \"category\": ";
        appendJsonString(out, p.category);
        out += ", \"energy\": ";
        number(out, p.energy);
        out += "}";
    }
    out += first ? "]\n  }" : "\n    ]\n  }";
    return out;
}

Json reportBooks(const Session& s)
{
    const EnergyReport e = s.energy();
    Json out = Json::object();
    out["energy"] = booksJson(energyBooks(e));
    if (s.model().hasHydraulic) out["fluid_volume"] = booksJson(volumeBooks(e));
    if (!s.model().oilVolumes.empty()) out["oil"] = booksJson(oilBooks(e));
    return out;
}

bool runToReport(Session& session, ReportWriter& writer, SolverError& err)
{
    const Model& m = session.model();
    writer.addBoundary(session);
    if (writer.samplesTicks()) writer.sampleTick(session);
    while (!session.finished()) {
        const std::int64_t n = std::min(m.reportEvery, m.ticks - session.tick());
        // with a vehicle section, sampled after every tick (the same bits)
        const BatchResult r = writer.samplesTicks() ? session.run(n, nullptr, [&](const Session& x) { writer.sampleTick(x); })
                                                    : session.run(n);
        if (r.status != BatchStatus::Completed) {
            err = r.error;
            return false;
        }
        writer.addBoundary(session);
    }
    return true;
}

} // namespace drivelab
