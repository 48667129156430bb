// The FMI 2.0 co-simulation entry points of the FMU library: each checks its instance pointer and
// calls FmuInstance (docs/FMI.md). Model exchange, input and output derivatives, asynchronous steps
// and types other than Real are refused with fmi2Error and a message.
#include <string>
#include <vector>

#include "api/fmi2api.h"
#include "fmuinstance.h"

using drivelab::fmi::FmuInstance;
using drivelab::fmi::Status;

namespace {

FmuInstance* fmi2Self(fmi2Component c) { return static_cast<FmuInstance*>(c); }

// no exception crosses the C interface: out of memory inside a call is fmi2Error
template <class F> fmi2Status fmi2Guard(F f)
{
    try {
        return static_cast<fmi2Status>(f());
    } catch (...) {
        return fmi2Error;
    }
}

void fmi2Deliver(const drivelab::fmi::LogSink& sink, const std::string& instance, Status status, const char* category, const char* message)
{
    // the logger formats like printf: the message goes in as an argument, never as the format
    reinterpret_cast<fmi2CallbackLogger>(sink.callback)(sink.environment, instance.c_str(), static_cast<fmi2Status>(status), category, "%s",
                                                       message);
}

int fmi2HexDigit(char c)
{
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

// fmuResourceLocation is a URI (RFC 3986): file:///abs/path, file://localhost/abs/path or
// file:/abs/path, percent-encoded; a plain path is taken as it is (some importers pass one)
std::string fmi2ResourcePath(const char* location)
{
    std::string s = location ? location : "";
    if (s.rfind("file://localhost/", 0) == 0)
        s = s.substr(16);
    else if (s.rfind("file:///", 0) == 0)
        s = s.substr(7);
    else if (s.rfind("file:/", 0) == 0)
        s = s.substr(5);
    std::string out;
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (s[i] == '%' && i + 2 < s.size() && fmi2HexDigit(s[i + 1]) >= 0 && fmi2HexDigit(s[i + 2]) >= 0) {
            out += static_cast<char>(fmi2HexDigit(s[i + 1]) * 16 + fmi2HexDigit(s[i + 2]));
            i += 2;
        } else {
            out += s[i];
        }
    }
    return out;
}

fmi2Status fmi2Refuse(fmi2Component c, const char* function, const char* why)
{
    if (c) fmi2Self(c)->fail(function, why);
    return fmi2Error;
}

} // namespace

#define FMI2_SELF()                                                                                                                      \
    FmuInstance* self = fmi2Self(c);                                                                                                     \
    if (!self) return fmi2Error

extern "C" {

const char* fmi2GetTypesPlatform(void) { return "default"; }
const char* fmi2GetVersion(void) { return "2.0"; }

fmi2Status fmi2SetDebugLogging(fmi2Component c, fmi2Boolean loggingOn, size_t nCategories, const fmi2String categories[])
{
    FMI2_SELF();
    return fmi2Guard([&] {
        std::vector<std::string> names;
        for (size_t i = 0; i < nCategories; ++i) names.emplace_back(categories && categories[i] ? categories[i] : "");
        return self->setDebugLogging(loggingOn != fmi2False, names);
    });
}

fmi2Component fmi2Instantiate(fmi2String instanceName, fmi2Type fmuType, fmi2String fmuGUID, fmi2String fmuResourceLocation,
                              const fmi2CallbackFunctions* functions, fmi2Boolean, fmi2Boolean loggingOn)
{
    try {
        drivelab::fmi::InstanceSetup setup;
        setup.fmiVersion = 2;
        setup.name = instanceName ? instanceName : "";
        setup.token = fmuGUID ? fmuGUID : "";
        setup.resourceDir = fmi2ResourcePath(fmuResourceLocation);
        setup.loggingOn = loggingOn != fmi2False;
        if (functions && functions->logger) {
            setup.log.deliver = fmi2Deliver;
            setup.log.callback = reinterpret_cast<void*>(functions->logger);
            setup.log.environment = functions->componentEnvironment;
        }
        if (fmuType != fmi2CoSimulation) {
            if (functions && functions->logger)
                functions->logger(functions->componentEnvironment, setup.name.c_str(), fmi2Error, "logStatusError", "%s",
                                  "fmi2Instantiate: this FMU offers co-simulation only (fmuType must be fmi2CoSimulation)");
            return nullptr;
        }
        return drivelab::fmi::FmuInstance::create(setup).release();
    } catch (...) {
        return nullptr;
    }
}

void fmi2FreeInstance(fmi2Component c) { delete fmi2Self(c); }

fmi2Status fmi2SetupExperiment(fmi2Component c, fmi2Boolean, fmi2Real, fmi2Real startTime, fmi2Boolean stopTimeDefined, fmi2Real stopTime)
{
    FMI2_SELF();
    return fmi2Guard([&] {
        if (!self->allowed("fmi2SetupExperiment", {drivelab::fmi::Mode::Instantiated})) return Status::Error;
        return self->setupExperiment("fmi2SetupExperiment", startTime, stopTimeDefined != fmi2False, stopTime);
    });
}

fmi2Status fmi2EnterInitializationMode(fmi2Component c)
{
    FMI2_SELF();
    return fmi2Guard([&] { return self->enterInitializationMode("fmi2EnterInitializationMode"); });
}

fmi2Status fmi2ExitInitializationMode(fmi2Component c)
{
    FMI2_SELF();
    return fmi2Guard([&] { return self->exitInitializationMode("fmi2ExitInitializationMode"); });
}

fmi2Status fmi2Terminate(fmi2Component c)
{
    FMI2_SELF();
    return fmi2Guard([&] { return self->terminate("fmi2Terminate"); });
}

fmi2Status fmi2Reset(fmi2Component c)
{
    FMI2_SELF();
    return fmi2Guard([&] { return self->reset("fmi2Reset"); });
}

fmi2Status fmi2GetReal(fmi2Component c, const fmi2ValueReference vr[], size_t nvr, fmi2Real value[])
{
    FMI2_SELF();
    return fmi2Guard([&] { return self->getFloat64("fmi2GetReal", vr, nvr, value, nvr); });
}

fmi2Status fmi2SetReal(fmi2Component c, const fmi2ValueReference vr[], size_t nvr, const fmi2Real value[])
{
    FMI2_SELF();
    return fmi2Guard([&] { return self->setFloat64("fmi2SetReal", vr, nvr, value, nvr); });
}

fmi2Status fmi2GetInteger(fmi2Component c, const fmi2ValueReference vr[], size_t nvr, fmi2Integer[])
{
    FMI2_SELF();
    return fmi2Guard([&] { return self->noSuchType("fmi2GetInteger", vr, nvr); });
}

fmi2Status fmi2GetBoolean(fmi2Component c, const fmi2ValueReference vr[], size_t nvr, fmi2Boolean[])
{
    FMI2_SELF();
    return fmi2Guard([&] { return self->noSuchType("fmi2GetBoolean", vr, nvr); });
}

fmi2Status fmi2GetString(fmi2Component c, const fmi2ValueReference vr[], size_t nvr, fmi2String[])
{
    FMI2_SELF();
    return fmi2Guard([&] { return self->noSuchType("fmi2GetString", vr, nvr); });
}

fmi2Status fmi2SetInteger(fmi2Component c, const fmi2ValueReference vr[], size_t nvr, const fmi2Integer[])
{
    FMI2_SELF();
    return fmi2Guard([&] { return self->noSuchType("fmi2SetInteger", vr, nvr); });
}

fmi2Status fmi2SetBoolean(fmi2Component c, const fmi2ValueReference vr[], size_t nvr, const fmi2Boolean[])
{
    FMI2_SELF();
    return fmi2Guard([&] { return self->noSuchType("fmi2SetBoolean", vr, nvr); });
}

fmi2Status fmi2SetString(fmi2Component c, const fmi2ValueReference vr[], size_t nvr, const fmi2String[])
{
    FMI2_SELF();
    return fmi2Guard([&] { return self->noSuchType("fmi2SetString", vr, nvr); });
}

fmi2Status fmi2GetFMUstate(fmi2Component c, fmi2FMUstate* FMUstate)
{
    FMI2_SELF();
    return fmi2Guard([&] { return self->getState("fmi2GetFMUstate", FMUstate); });
}

fmi2Status fmi2SetFMUstate(fmi2Component c, fmi2FMUstate FMUstate)
{
    FMI2_SELF();
    return fmi2Guard([&] { return self->setState("fmi2SetFMUstate", FMUstate); });
}

fmi2Status fmi2FreeFMUstate(fmi2Component c, fmi2FMUstate* FMUstate)
{
    FMI2_SELF();
    return fmi2Guard([&] { return self->freeState("fmi2FreeFMUstate", FMUstate); });
}

fmi2Status fmi2SerializedFMUstateSize(fmi2Component c, fmi2FMUstate FMUstate, size_t* size)
{
    FMI2_SELF();
    return fmi2Guard([&] { return self->serializedSize("fmi2SerializedFMUstateSize", FMUstate, size); });
}

fmi2Status fmi2SerializeFMUstate(fmi2Component c, fmi2FMUstate FMUstate, fmi2Byte serializedState[], size_t size)
{
    FMI2_SELF();
    return fmi2Guard(
        [&] { return self->serialize("fmi2SerializeFMUstate", FMUstate, reinterpret_cast<unsigned char*>(serializedState), size); });
}

fmi2Status fmi2DeSerializeFMUstate(fmi2Component c, const fmi2Byte serializedState[], size_t size, fmi2FMUstate* FMUstate)
{
    FMI2_SELF();
    return fmi2Guard([&] {
        return self->deserialize("fmi2DeSerializeFMUstate", reinterpret_cast<const unsigned char*>(serializedState), size, FMUstate);
    });
}

fmi2Status fmi2GetDirectionalDerivative(fmi2Component c, const fmi2ValueReference[], size_t, const fmi2ValueReference[], size_t,
                                        const fmi2Real[], fmi2Real[])
{
    return fmi2Refuse(c, "fmi2GetDirectionalDerivative", "this FMU provides no directional derivatives");
}

fmi2Status fmi2SetRealInputDerivatives(fmi2Component c, const fmi2ValueReference[], size_t, const fmi2Integer[], const fmi2Real[])
{
    return fmi2Refuse(c, "fmi2SetRealInputDerivatives", "this FMU does not interpolate inputs (canInterpolateInputs false)");
}

fmi2Status fmi2GetRealOutputDerivatives(fmi2Component c, const fmi2ValueReference[], size_t, const fmi2Integer[], fmi2Real[])
{
    return fmi2Refuse(c, "fmi2GetRealOutputDerivatives", "this FMU provides no output derivatives (maxOutputDerivativeOrder 0)");
}

fmi2Status fmi2DoStep(fmi2Component c, fmi2Real currentCommunicationPoint, fmi2Real communicationStepSize, fmi2Boolean)
{
    FMI2_SELF();
    return fmi2Guard([&] { return self->doStep("fmi2DoStep", currentCommunicationPoint, communicationStepSize); });
}

fmi2Status fmi2CancelStep(fmi2Component c)
{
    return fmi2Refuse(c, "fmi2CancelStep", "fmi2DoStep never returns fmi2Pending: there is no step to cancel");
}

fmi2Status fmi2GetStatus(fmi2Component c, const fmi2StatusKind, fmi2Status*)
{
    return fmi2Refuse(c, "fmi2GetStatus", "fmi2DoStep never returns fmi2Pending: there is no asynchronous status");
}

fmi2Status fmi2GetRealStatus(fmi2Component c, const fmi2StatusKind s, fmi2Real* value)
{
    FMI2_SELF();
    if (s != fmi2LastSuccessfulTime || !value) return fmi2Refuse(c, "fmi2GetRealStatus", "only fmi2LastSuccessfulTime is a Real status");
    *value = self->time();
    return fmi2OK;
}

fmi2Status fmi2GetIntegerStatus(fmi2Component c, const fmi2StatusKind, fmi2Integer*)
{
    return fmi2Refuse(c, "fmi2GetIntegerStatus", "there is no Integer status");
}

fmi2Status fmi2GetBooleanStatus(fmi2Component c, const fmi2StatusKind s, fmi2Boolean* value)
{
    FMI2_SELF();
    if (s != fmi2Terminated || !value) return fmi2Refuse(c, "fmi2GetBooleanStatus", "only fmi2Terminated is a Boolean status");
    *value = fmi2False; // the FMU never asks to end the simulation
    return fmi2OK;
}

fmi2Status fmi2GetStringStatus(fmi2Component c, const fmi2StatusKind, fmi2String*)
{
    return fmi2Refuse(c, "fmi2GetStringStatus", "there is no String status");
}

} // extern "C"
