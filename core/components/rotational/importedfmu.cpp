#include "components/rotational/importedfmu.h"

#include <cmath>

#include "analysis/bondgraphreading.h"
#include "components/common/fmuarchive.h"
#include "components/common/sampleperiod.h"
#include "spec/labfiles.h"
#include "util/jsonwrite.h"

namespace drivelab {
namespace {

/// how many ticks one FMU step spans: 1 to 1e6
constexpr Range kStepTicks = Range::closed(1.0, 1e6);

constexpr PortDescriptor kPorts[] = {
    {.name = "node_a", .domain = Domain::Rotational, .optional = true, .doc = "measured shaft: its speed feeds speed_input"},
};
constexpr ParameterDescriptor kParams[] = {
    {.name = "file", .unit = "", .kind = ParamKind::Text, .editorDefault = "\"model.fmu\"", .doc = "the FMU archive (FMI 3.0 or 2.0 co-simulation, Linux x86-64), relative to the lab's folder"},
    {.name = "archive_hash",
     .unit = "",
     .kind = ParamKind::Text,
     .required = false,
     .doc = "the archive's content hash (16 hex digits); given, the file must have it. The normalized lab records it, so the "
            "model fingerprint covers the archive's bytes",
     .omitWhenAbsent = true},
    {.name = "output",
     .unit = "",
     .kind = ParamKind::Text,
     .editorDefault = "\"torque\"",
     .doc = "the FMU's real output that inputs bound to this component ({\"controller\": id}) follow (a torque_source's torque [N m])"},
    {.name = "speed_input",
     .unit = "",
     .kind = ParamKind::Text,
     .required = false,
     .doc = "the FMU's real input fed node_a's speed [rad/s] at each step (absent: none)",
     .omitWhenAbsent = true},
    {.name = "start_values",
     .unit = "",
     .kind = ParamKind::NumberMap,
     .required = false,
     .editorDefault = "{}",
     .doc = "start values of the FMU's real parameters by name, set before its initialization (absent: its own)"},
    {.name = "step_ticks",
     .unit = "ticks",
     .kind = ParamKind::WholeNumber,
     .range = kStepTicks,
     .required = false,
     .fileDefault = 1.0,
     .editorDefault = "1",
     .doc = "the FMU steps once per this many ticks (its communication step: step_ticks x tick)"},
    samplePeriodParameter("its communication step in seconds instead of step_ticks: the FMU steps at t = k sample_period; "
                          "a whole number of ticks, so the step stays the same at every tick (absent: step_ticks)"),
};
constexpr ObservableDescriptor kObs[] = {
    {.name = "output", .unit = "", .doc = "the FMU's output at its last communication point: what bound inputs hold over the coming tick"},
    {.name = "speed_in", .unit = "rad/s", .doc = "node_a's speed fed to the FMU at its last step"},
};
constexpr ComponentDescriptor kDesc{
    .type = "fmu",
    .label = "FMU (co-simulation)",
    .group = PaletteGroup::Control,
    .keywords = "FMU FMI co-simulation import Modelica Simulink Dymola external model",
    .fieldPrefix = "fmu",
    .doc = "A co-simulation FMU from another tool (FMI 3.0 or 2.0), stepped every step_ticks ticks: it reads node_a's speed "
           "through speed_input and drives any input bound to it ({\"controller\": id}) with its output, held between its "
           "communication points (explicit coupling, one step of delay). Besides output and speed_in, every real output of "
           "the FMU is an observable, named after its variable (der(x) as der_x_) in its unit.",
    .ports = kPorts,
    .parameters = kParams,
    .inputs = {},
    .observables = kObs,
    .idStem = "fmu"};

/// a non-finite value in a message
const char* nonFiniteText(double v) { return std::isnan(v) ? "NaN" : v > 0.0 ? "+infinity" : "-infinity"; }

/// "'name' (causality, type)" of a variable for messages
std::string describeVariable(const FmuVariable& v) { return "'" + v.name + "' (" + v.causality + ", " + v.type + ")"; }

/// the FMU's real variables of one causality, for "its ...: a, b" hints
std::string namesOf(const FmuDescription& d, const char* causality)
{
    std::string s;
    for (const FmuVariable& v : d.variables) {
        if (v.causality != causality || !v.isReal()) continue;
        s += (s.empty() ? "" : ", ") + v.name;
    }
    return s.empty() ? std::string("none") : s;
}

/// the real variable `name` of causality `causality` (one of two when `other` is given); null with an error on `field`
const FmuVariable* mapped(CompileContext& ctx, const FmuDescription& d, const std::string& fmuName, const char* field,
                          const std::string& name, const char* causality, const char* other = nullptr)
{
    const FmuVariable* v = d.find(name);
    const std::string want = std::string(causality) + (other ? std::string(" or ") + other : std::string());
    if (!v) {
        ctx.error(field, "'" + name + "' is not a variable of FMU " + fmuName + " (its real " + causality + "s: " + namesOf(d, causality) + ")");
        return nullptr;
    }
    if (!v->isReal()) {
        ctx.error(field, describeVariable(*v) + " of FMU " + fmuName + " is not a real variable (Float64 / Real): DriveLab maps real " + want +
                             "s only");
        return nullptr;
    }
    if (v->causality != causality && (!other || v->causality != other)) {
        ctx.error(field, describeVariable(*v) + " of FMU " + fmuName + " is no " + want + " (its real " + causality + "s: " +
                             namesOf(d, causality) + ")");
        return nullptr;
    }
    return v;
}

} // namespace

const ComponentDescriptor& ImportedFmu::descriptor() { return kDesc; }

bool ImportedFmu::compile(CompileContext& ctx, Params& p)
{
    p.a = ctx.port("node_a");
    p.state = ctx.allocReal(2);
    p.steps = static_cast<std::int64_t>(ctx.real("step_ticks"));
    if (ctx.has("sample_period")) {
        if (ctx.has("step_ticks")) ctx.error("sample_period", "give either step_ticks or sample_period, not both");
        p.steps = compileSamplePeriod(ctx, true).ticks;
    }
    if (ctx.failed()) return false;
    const std::string file = ctx.text("file");
    const std::string fmuName = "'" + file + "'";
    // load: the platform's loader unpacks it to the cache and opens its library
    const FmuLoader loader = fmuLoader();
    if (!loader) {
        ctx.error("file", "this program cannot import FMUs (an exported FMU's own library runs no FMU inside it): " + fmuName);
        return false;
    }
    // the archive's bytes: the file beside the lab, or what the lab's reader serves (an asset's
    // embedded archive)
    std::string why, bytes;
    if (!readFmuArchive(ctx.lab(), file, bytes, why)) {
        ctx.error("file", why);
        return false;
    }
    std::shared_ptr<const LoadedFmu> fmu = loader(ctx.lab().fileReader ? file : labFilePath(ctx.lab(), file), std::move(bytes), why);
    if (!fmu) {
        ctx.error("file", why);
        return false;
    }
    if (ctx.has("archive_hash") && ctx.text("archive_hash") != fmu->archiveHash()) {
        ctx.error("archive_hash", "FMU " + fmuName + " has the content hash " + fmu->archiveHash() + ", not " + ctx.text("archive_hash") +
                                      ": the file was replaced since the hash was recorded (remove archive_hash to take the new file)");
        return false;
    }
    const FmuDescription& d = fmu->description();
    FmuBinding b;
    b.fmu = fmu;
    b.component = ctx.id();
    b.file = file;
    // the variables: the output, the speed input, the parameters' start values
    const FmuVariable* out = mapped(ctx, d, fmuName, "output", ctx.text("output"), "output");
    if (out) {
        p.outVr = out->vr;
        b.output = out->name;
    }
    if (ctx.has("speed_input")) {
        const FmuVariable* in = mapped(ctx, d, fmuName, "speed_input", ctx.text("speed_input"), "input");
        if (in) {
            p.inVr = in->vr;
            p.hasInput = true;
            b.speedInput = in->name;
            if (!ctx.portIsNode("node_a")) ctx.errorAt("node_a", "missing: speed_input '" + in->name + "' reads node_a's speed");
        }
    }
    if (ctx.has("start_values")) {
        const Json& values = ctx.table("start_values");
        for (auto it = values.begin(); it != values.end(); ++it) {
            const FmuVariable* v = mapped(ctx, d, fmuName, ("start_values." + it.key()).c_str(), it.key(), "parameter", "input");
            if (!v) continue;
            b.startVr.push_back(v->vr);
            b.startValues.push_back(it.value().get<double>());
        }
    }
    if (p.hasInput) {
        b.startVr.push_back(p.inVr);
        b.startValues.push_back(ctx.initialValue(p.a));
    }
    if (ctx.failed()) return false;
    // its observables: every real output of the FMU besides output and speed_in, held in state slots
    ctx.setObservables(fmuObservables(kDesc.observables, d, b));
    p.nObserved = static_cast<int>(b.observedVr.size());
    p.observed = ctx.allocReal(p.nObserved);
    // the output before the first communication point: an instance initialized now (its errors
    // are the lab's errors), the same each session's instance starts from
    std::unique_ptr<FmuRunner> probe = startFmu(b, why);
    double y0 = 0.0;
    if (!probe || !probe->get(&p.outVr, &y0, 1)) {
        ctx.error("file", probe ? "fmu '" + b.component + "' (" + file + "): " + probe->error() : why);
        return false;
    }
    if (!std::isfinite(y0)) {
        ctx.error("output", "FMU " + fmuName + " gives output '" + out->name + "' = " + nonFiniteText(y0) + " after its initialization (must be finite)");
        return false;
    }
    std::vector<double> observed(b.observedVr.size());
    if (!observed.empty() && !probe->get(b.observedVr.data(), observed.data(), observed.size())) {
        ctx.error("file", "fmu '" + b.component + "' (" + file + "): " + probe->error());
        return false;
    }
    for (int i = 0; i < p.nObserved; ++i) ctx.setRealInit(p.observed + i, observed[static_cast<std::size_t>(i)]);
    ctx.setRealInit(p.state, y0);
    ctx.setRealInit(p.state + 1, ctx.initialValue(p.a));
    p.fmu = ctx.addFmu(std::move(b));
    return true;
}

bool ImportedFmu::stepExternal(const Params& p, const SampleContext& c, std::string& why)
{
    FmuSlot& slot = c.fmus[p.fmu];
    const FmuBinding& b = *slot.binding;
    // a reset session (back at t = 0) starts its instance afresh
    if (c.tick == 0 && slot.nextTick != 0) {
        slot.runner = startFmu(b, slot.error);
        slot.nextTick = 0;
    }
    if (!slot.runner) {
        why = slot.error;
        return false;
    }
    if (c.tick != slot.nextTick) {
        why = "fmu '" + b.component + "' (" + b.file + "): its instance is at tick " + std::to_string(slot.nextTick) + ", the run at tick " +
              std::to_string(c.tick) + ": " +
              (slot.lost.empty() ? std::string("an FMU's state lives outside DriveLab's, so a restored state cannot continue it") : slot.lost) +
              " (reset and run from t = 0 without pausing; an FMU that declares get/set FMU state follows pauses, one that "
              "also declares serialize FMU state follows forks)";
        return false;
    }
    slot.nextTick = c.tick + 1;
    double* st = c.real + p.state;
    if (c.tick % p.steps == 0) {
        FmuRunner& r = *slot.runner;
        const double w = c.speed(p.a);
        const double t = static_cast<double>(c.tick) * c.h;
        double y = 0.0;
        if ((p.hasInput && !r.set(&p.inVr, &w, 1)) || !r.doStep(t, static_cast<double>(p.steps) * c.h) || !r.get(&p.outVr, &y, 1) ||
            (p.nObserved > 0 && !r.get(b.observedVr.data(), st + (p.observed - p.state), static_cast<std::size_t>(p.nObserved)))) {
            why = "fmu '" + b.component + "' (" + b.file + "): " + r.error();
            slot.runner.reset(); // an instance after an error status is not stepped again
            slot.error = why;
            return false;
        }
        if (!std::isfinite(y)) {
            why = "fmu '" + b.component + "' (" + b.file + "): its output is " + nonFiniteText(y) + " after the step from t = " +
                  formatDouble(t) + " s (a non-finite output is not passed on)";
            slot.runner.reset();
            slot.error = why;
            return false;
        }
        st[0] = y;
        st[1] = w;
    }
    return true;
}

void ImportedFmu::bondGraph(BondGraphReading& r)
{
    r.signalOnly("an imported FMU: reads the speed of node_a, drives inputs by signal (no power bond)", "node_a");
}

} // namespace drivelab
