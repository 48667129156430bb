#pragma once
// The hooks a component type may provide, as named concepts. The solver, the compiler and
// the analysis test a type with these concepts only (never with an inline `requires`), and
// `checkComponentType<T>()` (static_assert'ed for every registered type in registry.cpp)
// turns a hook that is declared with the wrong signature into a compile error instead of a
// silently disabled hook.
#include <concepts>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "components/component.h"
#include "spec/descriptor.h"

namespace drivelab {

class CompileContext;
class BondGraphReading;

// ---- the required part -------------------------------------------------------------------

/// every component type: a descriptor, a compiled parameter block and a compile step
template <class T>
concept ComponentType = requires(CompileContext& ctx, typename T::Params& p)
{
    {
        T::descriptor()
        } -> std::same_as<const ComponentDescriptor&>;
    {
        T::compile(ctx, p)
        } -> std::same_as<bool>;
};

// ---- optional hooks: "Has" is the right signature, "Declares" any member of that name ------

/// efforts and Jacobian at the stage point: static void eval(const Params&, const EvalContext&)
template <class T>
concept HasEval = requires(const typename T::Params& p, const EvalContext& c)
{
    {
        T::eval(p, c)
        } -> std::same_as<void>;
};
/// fluid stored over the interval: static void storage(const Params&, const EvalContext&)
template <class T>
concept HasStorage = requires(const typename T::Params& p, const EvalContext& c)
{
    {
        T::storage(p, c)
        } -> std::same_as<void>;
};
/// heat, work and means per accepted interval: static void commit(const Params&, const CommitContext&)
template <class T>
concept HasCommit = requires(const typename T::Params& p, const CommitContext& c)
{
    {
        T::commit(p, c)
        } -> std::same_as<void>;
};
/// observables in descriptor order: static void observe(const Params&, const ObserveContext&, double* out)
template <class T>
concept HasObserve = requires(const typename T::Params& p, const ObserveContext& c, double* out)
{
    {
        T::observe(p, c, out)
        } -> std::same_as<void>;
};
/// where each observable is read, in descriptor order (the values observe writes; a reader of a
/// few observables reads those alone): static std::array<ObservableSource, N> sources(const Params&)
template <class T>
concept HasObservableSources = requires(const typename T::Params& p)
{
    {
        T::sources(p)[0]
        } -> std::convertible_to<ObservableSource>;
    {
        T::sources(p).size()
        } -> std::convertible_to<std::size_t>;
};
/// stored (elastic, gas) energy: static double stored(const Params&, const ObserveContext&)
template <class T>
concept HasStored = requires(const typename T::Params& p, const ObserveContext& c)
{
    {
        T::stored(p, c)
        } -> std::same_as<double>;
};
/// a split point inside (t0, t1): static bool breakpoint(const Params&, double t0Ns, double t1Ns, double& atNs)
template <class T>
concept HasBreakpoint = requires(const typename T::Params& p, double t, double& at)
{
    {
        T::breakpoint(p, t, t, at)
        } -> std::same_as<bool>;
};
/// longest interval at the present state: static double maxInterval(const Params&, const double* x)
template <class T>
concept HasMaxInterval = requires(const typename T::Params& p, const double* x)
{
    {
        T::maxInterval(p, x)
        } -> std::same_as<double>;
};
/// a permanent rigid row: static void constraint(const Params&, ConstraintRow&)
template <class T>
concept HasConstraint = requires(const typename T::Params& p, ConstraintRow& r)
{
    {
        T::constraint(p, r)
        } -> std::same_as<void>;
};
/// refuse an interval with a reason: static bool reject(const Params&, const CommitContext&, std::string& why)
template <class T>
concept HasReject = requires(const typename T::Params& p, const CommitContext& c, std::string& why)
{
    {
        T::reject(p, c, why)
        } -> std::same_as<bool>;
};
/// conductances and heat inputs of the thermal step: static void thermal(const Params&, const ThermalContext&)
template <class T>
concept HasThermal = requires(const typename T::Params& p, const ThermalContext& t)
{
    {
        T::thermal(p, t)
        } -> std::same_as<void>;
};
/// books after the thermal solve: static void thermalCommit(const Params&, const ThermalContext&)
template <class T>
concept HasThermalCommit = requires(const typename T::Params& p, const ThermalContext& t)
{
    {
        T::thermalCommit(p, t)
        } -> std::same_as<void>;
};
/// states an input sets directly (a held pressure): static bool applyInputs(const Params&, double* x, const double* real)
template <class T>
concept HasApplyInputs = requires(const typename T::Params& p, double* x, const double* real)
{
    {
        T::applyInputs(p, x, real)
        } -> std::same_as<bool>;
};
/// the increments of the fixed states it drives over the interval (a prescribed speed):
/// static void prescribe(const Params&, const double* x0, const double* real, double* dxFixed)
template <class T>
concept HasPrescribe = requires(const typename T::Params& p, const double* x, double* dx)
{
    {
        T::prescribe(p, x, x, dx)
        } -> std::same_as<void>;
};
/// an input the compiled component ignores: static const char* inactiveInput(const Params&),
/// and why, for the message that refuses a binding or an event on it (what to do instead):
/// static const char* inactiveInputReason(const Params&)
template <class T>
concept HasInactiveInput = requires(const typename T::Params& p)
{
    {
        T::inactiveInput(p)
        } -> std::same_as<const char*>;
    {
        T::inactiveInputReason(p)
        } -> std::same_as<const char*>;
};
/// its bond-graph reading: static void bondGraph(BondGraphReading&)
template <class T>
concept HasBondGraph = requires(BondGraphReading& r)
{
    {
        T::bondGraph(r)
        } -> std::same_as<void>;
};
/// a switching element (stick/slip): static bool locked(const Params&, const std::int32_t* flag)
template <class T>
concept HasLockState = requires(const typename T::Params& p, const std::int32_t* flag)
{
    {
        T::locked(p, flag)
        } -> std::same_as<bool>;
};

/// called once per tick at its start, from the state there (a controller; with a sample_period it acts at
/// SamplePeriod::samplesAt's ticks only, common/sampleperiod.h): static void sample(const Params&, const SampleContext&)
template <class T>
concept HasSample = requires(const typename T::Params& p, const SampleContext& c)
{
    {
        T::sample(p, c)
        } -> std::same_as<void>;
};
/// steps a model outside DriveLab's state once per tick at its start, after the samplers (an
/// imported FMU): static bool stepExternal(const Params&, const SampleContext&, std::string& why);
/// false fails the tick with `why`
template <class T>
concept HasStepExternal = requires(const typename T::Params& p, const SampleContext& c, std::string& why)
{
    {
        T::stepExternal(p, c, why)
        } -> std::same_as<bool>;
};
/// an output another component's input can be bound to: static int outputSlot(const Params&)
template <class T>
concept HasOutput = requires(const typename T::Params& p)
{
    {
        T::outputSlot(p)
        } -> std::same_as<int>;
};

/// one output per component it drives (a shift schedule's elements): static int outputFor(const
/// Params&, std::string_view id) (-1: it drives no component `id`), and static const
/// std::vector<std::string>& driven(const Params&), the ids that must bind to it
template <class T>
concept HasDrivenOutputs = requires(const typename T::Params& p, std::string_view id)
{
    {
        T::outputFor(p, id)
        } -> std::same_as<int>;
    {
        T::driven(p)
        } -> std::same_as<const std::vector<std::string>&>;
};

/// Compile-time conformance of one type: every hook it declares has the hook's signature, and
/// the hooks every type needs are there. Used as static_assert(checkComponentType<T>()).
template <class T> consteval bool checkComponentType()
{
    static_assert(ComponentType<T>, "a component type needs descriptor(), Params and static bool compile(CompileContext&, Params&)");
    static_assert(HasBondGraph<T>, "a component type needs static void bondGraph(BondGraphReading&): its bond-graph reading");
    static_assert(
        !requires { &T::eval; } || HasEval<T>, "eval: want static void eval(const Params&, const EvalContext&)");
    static_assert(
        !requires { &T::storage; } || HasStorage<T>, "storage: want static void storage(const Params&, const EvalContext&)");
    static_assert(
        !requires { &T::commit; } || HasCommit<T>, "commit: want static void commit(const Params&, const CommitContext&)");
    static_assert(
        !requires { &T::observe; } || HasObserve<T>,
        "observe: want static void observe(const Params&, const ObserveContext&, double* out)");
    static_assert(
        !requires { &T::sources; } || HasObservableSources<T>,
        "sources: want static std::array<ObservableSource, N> sources(const Params&) (N: the observables)");
    static_assert(
        !requires { &T::stored; } || HasStored<T>, "stored: want static double stored(const Params&, const ObserveContext&)");
    static_assert(
        !requires { &T::breakpoint; } || HasBreakpoint<T>,
        "breakpoint: want static bool breakpoint(const Params&, double t0Ns, double t1Ns, double& atNs)");
    static_assert(
        !requires { &T::maxInterval; } || HasMaxInterval<T>, "maxInterval: want static double maxInterval(const Params&, const double* x)");
    static_assert(
        !requires { &T::constraint; } || HasConstraint<T>, "constraint: want static void constraint(const Params&, ConstraintRow&)");
    static_assert(
        !requires { &T::reject; } || HasReject<T>,
        "reject: want static bool reject(const Params&, const CommitContext&, std::string& why)");
    static_assert(
        !requires { &T::thermal; } || HasThermal<T>, "thermal: want static void thermal(const Params&, const ThermalContext&)");
    static_assert(
        !requires { &T::thermalCommit; } || HasThermalCommit<T>,
        "thermalCommit: want static void thermalCommit(const Params&, const ThermalContext&)");
    static_assert(
        !requires { &T::applyInputs; } || HasApplyInputs<T>,
        "applyInputs: want static bool applyInputs(const Params&, double* x, const double* real)");
    static_assert(
        !requires { &T::prescribe; } || HasPrescribe<T>,
        "prescribe: want static void prescribe(const Params&, const double* x0, const double* real, double* dxFixed)");
    static_assert(
        !requires { &T::inactiveInput; } || HasInactiveInput<T>, "inactiveInput: want static const char* inactiveInput(const Params&) and inactiveInputReason(const Params&)");
    static_assert(
        !requires { &T::locked; } || HasLockState<T>, "locked: want static bool locked(const Params&, const std::int32_t* flag)");
    static_assert(
        !requires { &T::bondGraph; } || HasBondGraph<T>, "bondGraph: want static void bondGraph(BondGraphReading&)");
    static_assert(
        !requires { &T::sample; } || HasSample<T>, "sample: want static void sample(const Params&, const SampleContext&)");
    static_assert(
        !requires { &T::stepExternal; } || HasStepExternal<T>,
        "stepExternal: want static bool stepExternal(const Params&, const SampleContext&, std::string& why)");
    static_assert(
        !requires { &T::outputSlot; } || HasOutput<T>, "outputSlot: want static int outputSlot(const Params&)");
    static_assert(
        !requires { &T::outputFor; } || HasDrivenOutputs<T>,
        "outputFor: want static int outputFor(const Params&, std::string_view) and static const std::vector<std::string>& driven(const Params&)");
    return true;
}

} // namespace drivelab
