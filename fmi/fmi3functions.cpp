// The FMI 3.0 co-simulation entry points of the FMU library: each checks its instance pointer and
// calls FmuInstance (docs/FMI.md). What DriveLab does not offer (model exchange, scheduled execution,
// event mode, clocks, derivatives, types other than Float64) is refused with fmi3Error and a message.
#include <string>
#include <vector>

#include "api/fmi3api.h"
#include "fmuinstance.h"

using drivelab::fmi::FmuInstance;
using drivelab::fmi::Status;

namespace {

FmuInstance* fmi3Self(fmi3Instance instance) { return static_cast<FmuInstance*>(instance); }
fmi3Status fmi3Out(Status s) { return static_cast<fmi3Status>(s); }

// no exception crosses the C interface: out of memory inside a call is fmi3Error
template <class F> fmi3Status fmi3Guard(F f)
{
    try {
        return fmi3Out(f());
    } catch (...) {
        return fmi3Error;
    }
}

void fmi3Deliver(const drivelab::fmi::LogSink& sink, const std::string&, Status status, const char* category, const char* message)
{
    reinterpret_cast<fmi3LogMessageCallback>(sink.callback)(sink.environment, static_cast<fmi3Status>(status), category, message);
}

// refuse a function DriveLab's FMU does not offer (null instance: nothing to log to)
fmi3Status fmi3Refuse(fmi3Instance instance, const char* function, const char* why)
{
    if (instance) fmi3Self(instance)->fail(function, why);
    return fmi3Error;
}

} // namespace

// the instance, or fmi3Error for a null one (the function's name documents the call)
#define FMI3_SELF(function)                                                                                                              \
    FmuInstance* self = fmi3Self(instance);                                                                                              \
    if (!self) return fmi3Error

extern "C" {

const char* fmi3GetVersion(void) { return "3.0"; }

fmi3Status fmi3SetDebugLogging(fmi3Instance instance, fmi3Boolean loggingOn, size_t nCategories, const fmi3String categories[])
{
    FMI3_SELF("fmi3SetDebugLogging");
    std::vector<std::string> names;
    for (size_t i = 0; i < nCategories; ++i) names.emplace_back(categories && categories[i] ? categories[i] : "");
    return fmi3Guard([&] { return self->setDebugLogging(loggingOn, names); });
}

fmi3Instance fmi3InstantiateModelExchange(fmi3String, fmi3String, fmi3String, fmi3Boolean, fmi3Boolean, fmi3InstanceEnvironment,
                                          fmi3LogMessageCallback)
{
    return nullptr; // a co-simulation FMU only (modelDescription.xml declares no ModelExchange)
}

fmi3Instance fmi3InstantiateScheduledExecution(fmi3String, fmi3String, fmi3String, fmi3Boolean, fmi3Boolean, fmi3InstanceEnvironment,
                                               fmi3LogMessageCallback, fmi3ClockUpdateCallback, fmi3LockPreemptionCallback,
                                               fmi3UnlockPreemptionCallback)
{
    return nullptr; // a co-simulation FMU only
}

fmi3Instance fmi3InstantiateCoSimulation(fmi3String instanceName, fmi3String instantiationToken, fmi3String resourcePath, fmi3Boolean,
                                         fmi3Boolean loggingOn, fmi3Boolean eventModeUsed, fmi3Boolean, const fmi3ValueReference[], size_t,
                                         fmi3InstanceEnvironment instanceEnvironment, fmi3LogMessageCallback logMessage,
                                         fmi3IntermediateUpdateCallback)
{
    try {
        drivelab::fmi::InstanceSetup setup;
        setup.fmiVersion = 3;
        setup.name = instanceName ? instanceName : "";
        setup.token = instantiationToken ? instantiationToken : "";
        setup.resourceDir = resourcePath ? resourcePath : "";
        setup.loggingOn = loggingOn;
        if (logMessage) {
            setup.log.deliver = fmi3Deliver;
            setup.log.callback = reinterpret_cast<void*>(logMessage);
            setup.log.environment = instanceEnvironment;
        }
        if (eventModeUsed) {
            // hasEventMode is false: an importer must not ask for it
            if (logMessage)
                logMessage(instanceEnvironment, fmi3Error, "logStatusError",
                           "fmi3InstantiateCoSimulation: eventModeUsed: this FMU has no event mode (hasEventMode=\"false\")");
            return nullptr;
        }
        return drivelab::fmi::FmuInstance::create(setup).release();
    } catch (...) {
        return nullptr; // out of memory: no instance
    }
}

void fmi3FreeInstance(fmi3Instance instance) { delete fmi3Self(instance); }

fmi3Status fmi3EnterInitializationMode(fmi3Instance instance, fmi3Boolean, fmi3Float64, fmi3Float64 startTime, fmi3Boolean stopTimeDefined,
                                       fmi3Float64 stopTime)
{
    FMI3_SELF("fmi3EnterInitializationMode");
    if (!self->allowed("fmi3EnterInitializationMode", {drivelab::fmi::Mode::Instantiated})) return fmi3Error;
    const Status s = self->setupExperiment("fmi3EnterInitializationMode", startTime, stopTimeDefined, stopTime);
    if (s != Status::OK) return fmi3Out(s);
    return fmi3Guard([&] { return self->enterInitializationMode("fmi3EnterInitializationMode"); });
}

fmi3Status fmi3ExitInitializationMode(fmi3Instance instance)
{
    FMI3_SELF("fmi3ExitInitializationMode");
    return fmi3Guard([&] { return self->exitInitializationMode("fmi3ExitInitializationMode"); });
}

fmi3Status fmi3EnterEventMode(fmi3Instance instance) { return fmi3Refuse(instance, "fmi3EnterEventMode", "this FMU has no event mode"); }

fmi3Status fmi3Terminate(fmi3Instance instance)
{
    FMI3_SELF("fmi3Terminate");
    return fmi3Guard([&] { return self->terminate("fmi3Terminate"); });
}

fmi3Status fmi3Reset(fmi3Instance instance)
{
    FMI3_SELF("fmi3Reset");
    return fmi3Guard([&] { return self->reset("fmi3Reset"); });
}

fmi3Status fmi3GetFloat64(fmi3Instance instance, const fmi3ValueReference valueReferences[], size_t nValueReferences, fmi3Float64 values[],
                          size_t nValues)
{
    FMI3_SELF("fmi3GetFloat64");
    return fmi3Guard([&] { return self->getFloat64("fmi3GetFloat64", valueReferences, nValueReferences, values, nValues); });
}

fmi3Status fmi3SetFloat64(fmi3Instance instance, const fmi3ValueReference valueReferences[], size_t nValueReferences,
                          const fmi3Float64 values[], size_t nValues)
{
    FMI3_SELF("fmi3SetFloat64");
    return fmi3Guard([&] { return self->setFloat64("fmi3SetFloat64", valueReferences, nValueReferences, values, nValues); });
}

// every other type: no variable has it
#define DRIVELAB_FMI3_NOTYPE(Name, Type)                                                                                                 \
    fmi3Status fmi3Get##Name(fmi3Instance instance, const fmi3ValueReference valueReferences[], size_t nValueReferences, Type[], size_t) \
    {                                                                                                                                    \
        FMI3_SELF("fmi3Get" #Name);                                                                                                      \
        return fmi3Guard([&] { return self->noSuchType("fmi3Get" #Name, valueReferences, nValueReferences); });                                          \
    }                                                                                                                                    \
    fmi3Status fmi3Set##Name(fmi3Instance instance, const fmi3ValueReference valueReferences[], size_t nValueReferences, const Type[],   \
                             size_t)                                                                                                     \
    {                                                                                                                                    \
        FMI3_SELF("fmi3Set" #Name);                                                                                                      \
        return fmi3Guard([&] { return self->noSuchType("fmi3Set" #Name, valueReferences, nValueReferences); });                                          \
    }
DRIVELAB_FMI3_NOTYPE(Float32, fmi3Float32)
DRIVELAB_FMI3_NOTYPE(Int8, fmi3Int8)
DRIVELAB_FMI3_NOTYPE(UInt8, fmi3UInt8)
DRIVELAB_FMI3_NOTYPE(Int16, fmi3Int16)
DRIVELAB_FMI3_NOTYPE(UInt16, fmi3UInt16)
DRIVELAB_FMI3_NOTYPE(Int32, fmi3Int32)
DRIVELAB_FMI3_NOTYPE(UInt32, fmi3UInt32)
DRIVELAB_FMI3_NOTYPE(Int64, fmi3Int64)
DRIVELAB_FMI3_NOTYPE(UInt64, fmi3UInt64)
DRIVELAB_FMI3_NOTYPE(Boolean, fmi3Boolean)
DRIVELAB_FMI3_NOTYPE(String, fmi3String)
#undef DRIVELAB_FMI3_NOTYPE

fmi3Status fmi3GetBinary(fmi3Instance instance, const fmi3ValueReference valueReferences[], size_t nValueReferences, size_t[], fmi3Binary[],
                         size_t)
{
    FMI3_SELF("fmi3GetBinary");
    return fmi3Guard([&] { return self->noSuchType("fmi3GetBinary", valueReferences, nValueReferences); });
}

fmi3Status fmi3SetBinary(fmi3Instance instance, const fmi3ValueReference valueReferences[], size_t nValueReferences, const size_t[],
                         const fmi3Binary[], size_t)
{
    FMI3_SELF("fmi3SetBinary");
    return fmi3Guard([&] { return self->noSuchType("fmi3SetBinary", valueReferences, nValueReferences); });
}

fmi3Status fmi3GetClock(fmi3Instance instance, const fmi3ValueReference[], size_t, fmi3Clock[])
{
    return fmi3Refuse(instance, "fmi3GetClock", "this FMU has no clocks");
}

fmi3Status fmi3SetClock(fmi3Instance instance, const fmi3ValueReference[], size_t, const fmi3Clock[])
{
    return fmi3Refuse(instance, "fmi3SetClock", "this FMU has no clocks");
}

fmi3Status fmi3GetNumberOfVariableDependencies(fmi3Instance instance, fmi3ValueReference, size_t*)
{
    return fmi3Refuse(instance, "fmi3GetNumberOfVariableDependencies", "this FMU does not state dependencies (every output may depend on every input)");
}

fmi3Status fmi3GetVariableDependencies(fmi3Instance instance, fmi3ValueReference, size_t[], fmi3ValueReference[], size_t[],
                                       fmi3DependencyKind[], size_t)
{
    return fmi3Refuse(instance, "fmi3GetVariableDependencies", "this FMU does not state dependencies (every output may depend on every input)");
}

fmi3Status fmi3GetFMUState(fmi3Instance instance, fmi3FMUState* FMUState)
{
    FMI3_SELF("fmi3GetFMUState");
    return fmi3Guard([&] { return self->getState("fmi3GetFMUState", FMUState); });
}

fmi3Status fmi3SetFMUState(fmi3Instance instance, fmi3FMUState FMUState)
{
    FMI3_SELF("fmi3SetFMUState");
    return fmi3Guard([&] { return self->setState("fmi3SetFMUState", FMUState); });
}

fmi3Status fmi3FreeFMUState(fmi3Instance instance, fmi3FMUState* FMUState)
{
    FMI3_SELF("fmi3FreeFMUState");
    return fmi3Guard([&] { return self->freeState("fmi3FreeFMUState", FMUState); });
}

fmi3Status fmi3SerializedFMUStateSize(fmi3Instance instance, fmi3FMUState FMUState, size_t* size)
{
    FMI3_SELF("fmi3SerializedFMUStateSize");
    return fmi3Guard([&] { return self->serializedSize("fmi3SerializedFMUStateSize", FMUState, size); });
}

fmi3Status fmi3SerializeFMUState(fmi3Instance instance, fmi3FMUState FMUState, fmi3Byte serializedState[], size_t size)
{
    FMI3_SELF("fmi3SerializeFMUState");
    return fmi3Guard([&] { return self->serialize("fmi3SerializeFMUState", FMUState, serializedState, size); });
}

fmi3Status fmi3DeserializeFMUState(fmi3Instance instance, const fmi3Byte serializedState[], size_t size, fmi3FMUState* FMUState)
{
    FMI3_SELF("fmi3DeserializeFMUState");
    return fmi3Guard([&] { return self->deserialize("fmi3DeserializeFMUState", serializedState, size, FMUState); });
}

fmi3Status fmi3GetDirectionalDerivative(fmi3Instance instance, const fmi3ValueReference[], size_t, const fmi3ValueReference[], size_t,
                                        const fmi3Float64[], size_t, fmi3Float64[], size_t)
{
    return fmi3Refuse(instance, "fmi3GetDirectionalDerivative", "this FMU provides no directional derivatives");
}

fmi3Status fmi3GetAdjointDerivative(fmi3Instance instance, const fmi3ValueReference[], size_t, const fmi3ValueReference[], size_t,
                                    const fmi3Float64[], size_t, fmi3Float64[], size_t)
{
    return fmi3Refuse(instance, "fmi3GetAdjointDerivative", "this FMU provides no adjoint derivatives");
}

fmi3Status fmi3EnterConfigurationMode(fmi3Instance instance)
{
    return fmi3Refuse(instance, "fmi3EnterConfigurationMode", "this FMU has no structural parameters");
}

fmi3Status fmi3ExitConfigurationMode(fmi3Instance instance)
{
    return fmi3Refuse(instance, "fmi3ExitConfigurationMode", "this FMU has no structural parameters");
}

fmi3Status fmi3GetIntervalDecimal(fmi3Instance instance, const fmi3ValueReference[], size_t, fmi3Float64[], fmi3IntervalQualifier[])
{
    return fmi3Refuse(instance, "fmi3GetIntervalDecimal", "this FMU has no clocks");
}

fmi3Status fmi3GetIntervalFraction(fmi3Instance instance, const fmi3ValueReference[], size_t, fmi3UInt64[], fmi3UInt64[],
                                   fmi3IntervalQualifier[])
{
    return fmi3Refuse(instance, "fmi3GetIntervalFraction", "this FMU has no clocks");
}

fmi3Status fmi3GetShiftDecimal(fmi3Instance instance, const fmi3ValueReference[], size_t, fmi3Float64[])
{
    return fmi3Refuse(instance, "fmi3GetShiftDecimal", "this FMU has no clocks");
}

fmi3Status fmi3GetShiftFraction(fmi3Instance instance, const fmi3ValueReference[], size_t, fmi3UInt64[], fmi3UInt64[])
{
    return fmi3Refuse(instance, "fmi3GetShiftFraction", "this FMU has no clocks");
}

fmi3Status fmi3SetIntervalDecimal(fmi3Instance instance, const fmi3ValueReference[], size_t, const fmi3Float64[])
{
    return fmi3Refuse(instance, "fmi3SetIntervalDecimal", "this FMU has no clocks");
}

fmi3Status fmi3SetIntervalFraction(fmi3Instance instance, const fmi3ValueReference[], size_t, const fmi3UInt64[], const fmi3UInt64[])
{
    return fmi3Refuse(instance, "fmi3SetIntervalFraction", "this FMU has no clocks");
}

fmi3Status fmi3SetShiftDecimal(fmi3Instance instance, const fmi3ValueReference[], size_t, const fmi3Float64[])
{
    return fmi3Refuse(instance, "fmi3SetShiftDecimal", "this FMU has no clocks");
}

fmi3Status fmi3SetShiftFraction(fmi3Instance instance, const fmi3ValueReference[], size_t, const fmi3UInt64[], const fmi3UInt64[])
{
    return fmi3Refuse(instance, "fmi3SetShiftFraction", "this FMU has no clocks");
}

fmi3Status fmi3EvaluateDiscreteStates(fmi3Instance instance)
{
    return fmi3Refuse(instance, "fmi3EvaluateDiscreteStates", "this FMU has no event mode");
}

fmi3Status fmi3UpdateDiscreteStates(fmi3Instance instance, fmi3Boolean*, fmi3Boolean*, fmi3Boolean*, fmi3Boolean*, fmi3Boolean*, fmi3Float64*)
{
    return fmi3Refuse(instance, "fmi3UpdateDiscreteStates", "this FMU has no event mode");
}

fmi3Status fmi3EnterStepMode(fmi3Instance instance)
{
    return fmi3Refuse(instance, "fmi3EnterStepMode", "this FMU has no event mode: it is in Step Mode after fmi3ExitInitializationMode");
}

fmi3Status fmi3GetOutputDerivatives(fmi3Instance instance, const fmi3ValueReference[], size_t, const fmi3Int32[], fmi3Float64[], size_t)
{
    return fmi3Refuse(instance, "fmi3GetOutputDerivatives", "this FMU provides no output derivatives (maxOutputDerivativeOrder 0)");
}

fmi3Status fmi3DoStep(fmi3Instance instance, fmi3Float64 currentCommunicationPoint, fmi3Float64 communicationStepSize, fmi3Boolean,
                      fmi3Boolean* eventHandlingNeeded, fmi3Boolean* terminateSimulation, fmi3Boolean* earlyReturn,
                      fmi3Float64* lastSuccessfulTime)
{
    FMI3_SELF("fmi3DoStep");
    const fmi3Status s = fmi3Guard([&] { return self->doStep("fmi3DoStep", currentCommunicationPoint, communicationStepSize); });
    if (eventHandlingNeeded) *eventHandlingNeeded = false;
    if (terminateSimulation) *terminateSimulation = false;
    if (earlyReturn) *earlyReturn = false;
    if (lastSuccessfulTime) *lastSuccessfulTime = self->time();
    return s;
}

} // extern "C"
