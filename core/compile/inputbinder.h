#pragma once
// The compiler's part that binds component inputs to signals and controllers (docs/FORMATS.md,
// "Signals"): each binding object read while a component's inputs are checked, the bindings of
// a compiled component with their flags and initial values, and, once every component is
// compiled, the inputs bound to a controller's output.
#include <string>
#include <utility>
#include <vector>

#include "compile/compilecontext.h"
#include "compile/model.h"
#include "compile/signalcompile.h"

namespace drivelab {

class InputBinder {
public:
    InputBinder(const LabSpec& spec, Model& model, SlotCounters& slots, Diagnostics& d) : m_spec(spec), m_m(model), m_slots(slots), m_d(d)
    { }

    /// compile the lab's signals (their ids are claimed by the compiler)
    void compileSignals() { m_signals = drivelab::compileSignals(m_spec, m_d); }
    /// the compiled signals and their normalized form
    const CompiledSignals& signals() const { return m_signals; }

    /// begin a component: forget the previous one's pending bindings
    void beginComponent()
    {
        m_pending.clear();
        m_slots.sampledWindow = 0.0;
    }
    /// input `index` of component `c` has a binding object: read it (errors at inputs.NAME);
    /// false when it is refused
    bool read(const ComponentSpec& c, const InputDescriptor& in, int index, const Json& value);
    /// the compiled component's bindings: a flag each (set: the binding holds) and the input's
    /// initial value (the signal at t = 0); `inactive`: the input it does not use, or nullptr,
    /// and `why` (the component's inactiveInputReason)
    void bind(const ComponentInfo& info, int componentIndex, const char* inactive, const char* why);
    /// once every component is compiled: inputs bound to a controller read its output slot
    void resolveControllers();
    /// then: every component a controller drives one output each (a shift schedule's elements)
    /// binds an input to it; errors name the controller's row for a missing or unbound one
    void checkDriven();
    /// the binding of a real slot, or -1
    int bindingOfSlot(int slot) const;

private:
    struct Pending {
        int input = 0; // index of the input in its descriptor
        InputBinding binding;
        std::string controller; // the controller that drives it ("" for a signal)
    };
    const LabSpec& m_spec;
    Model& m_m;
    SlotCounters& m_slots;
    Diagnostics& m_d;
    CompiledSignals m_signals;
    std::vector<Pending> m_pending;                          // the component's bound inputs
    std::vector<std::pair<int, std::string>> m_byController; // binding index -> controller id

    bool compiledSignal(const std::string& id) const;
};

} // namespace drivelab
