/* The FMI 2.0 co-simulation half of the test FMUs, written from the standard's text (the
   counterpart of fmi3skeleton.c): Real get/set by value reference, doStep calls the model, a model
   failure returns fmi2Error with its message through the logger. TESTFMU_TOKEN is the guid of
   modelDescription.xml. */
#include <stdlib.h>
#include <string.h>

#include "fmi2api.h"
#include "testmodel.h"

typedef struct {
    TestModel model;
    fmi2CallbackFunctions functions;
    double startTime; /* from fmi2SetupExperiment, for the initialization */
    int failed;       /* a step failed: every later call is an error */
} Fmi2TestInstance;

static fmi2Status fmi2TestFail(Fmi2TestInstance* in, const char* message)
{
    in->failed = 1;
    if (in->functions.logger) in->functions.logger(in->functions.componentEnvironment, "test", fmi2Error, "logStatusError", "%s", message);
    return fmi2Error;
}

const char* fmi2GetTypesPlatform(void) { return "default"; }
const char* fmi2GetVersion(void) { return "2.0"; }

fmi2Status fmi2SetDebugLogging(fmi2Component c, fmi2Boolean loggingOn, size_t nCategories, const fmi2String categories[])
{
    (void)c, (void)loggingOn, (void)nCategories, (void)categories;
    return fmi2OK;
}

fmi2Component fmi2Instantiate(fmi2String instanceName, fmi2Type fmuType, fmi2String fmuGUID, fmi2String fmuResourceLocation,
                              const fmi2CallbackFunctions* functions, fmi2Boolean visible, fmi2Boolean loggingOn)
{
    (void)instanceName, (void)fmuResourceLocation, (void)visible, (void)loggingOn;
    if (!functions || fmuType != fmi2CoSimulation || !fmuGUID || strcmp(fmuGUID, TESTFMU_TOKEN) != 0) return NULL;
    Fmi2TestInstance* in = calloc(1, sizeof *in);
    if (!in) return NULL;
    in->functions = *functions;
    testModelStart(&in->model);
    return in;
}

void fmi2FreeInstance(fmi2Component c) { free(c); }

fmi2Status fmi2SetupExperiment(fmi2Component c, fmi2Boolean toleranceDefined, fmi2Real tolerance, fmi2Real startTime,
                               fmi2Boolean stopTimeDefined, fmi2Real stopTime)
{
    (void)toleranceDefined, (void)tolerance, (void)stopTimeDefined, (void)stopTime;
    Fmi2TestInstance* in = c;
    in->model.message[0] = 0;
    in->startTime = startTime;
    return fmi2OK;
}

fmi2Status fmi2EnterInitializationMode(fmi2Component c)
{
    (void)c;
    return fmi2OK;
}

fmi2Status fmi2ExitInitializationMode(fmi2Component c)
{
    Fmi2TestInstance* in = c;
    testModelInit(&in->model, in->startTime);
    return fmi2OK;
}

fmi2Status fmi2Terminate(fmi2Component c)
{
    (void)c;
    return fmi2OK;
}

fmi2Status fmi2Reset(fmi2Component c)
{
    Fmi2TestInstance* in = c;
    in->failed = 0;
    testModelStart(&in->model);
    return fmi2OK;
}

fmi2Status fmi2GetReal(fmi2Component c, const fmi2ValueReference vr[], size_t nvr, fmi2Real value[])
{
    Fmi2TestInstance* in = c;
    for (size_t i = 0; i < nvr; ++i) {
        if (vr[i] >= testModelVarCount) return fmi2TestFail(in, "fmi2GetReal: unknown value reference");
        value[i] = in->model.v[vr[i]];
    }
    return fmi2OK;
}

fmi2Status fmi2SetReal(fmi2Component c, const fmi2ValueReference vr[], size_t nvr, const fmi2Real value[])
{
    Fmi2TestInstance* in = c;
    for (size_t i = 0; i < nvr; ++i) {
        if (vr[i] >= testModelVarCount) return fmi2TestFail(in, "fmi2SetReal: unknown value reference");
        in->model.v[vr[i]] = value[i];
    }
    return fmi2OK;
}

fmi2Status fmi2DoStep(fmi2Component c, fmi2Real currentCommunicationPoint, fmi2Real communicationStepSize,
                      fmi2Boolean noSetFMUStatePriorToCurrentPoint)
{
    (void)noSetFMUStatePriorToCurrentPoint;
    Fmi2TestInstance* in = c;
    if (in->failed) return fmi2TestFail(in, "fmi2DoStep after an error");
    if (testModelStep(&in->model, currentCommunicationPoint, communicationStepSize) != 0) return fmi2TestFail(in, in->model.message);
    return fmi2OK;
}

/* FMU state: a copy of the model (declared canGetAndSetFMUstate only by picontroller2.xml.in) */
fmi2Status fmi2GetFMUstate(fmi2Component c, fmi2FMUstate* FMUstate)
{
    Fmi2TestInstance* in = c;
    if (!FMUstate) return fmi2TestFail(in, "fmi2GetFMUstate: no state pointer");
    if (!*FMUstate) *FMUstate = malloc(sizeof(TestModel));
    if (!*FMUstate) return fmi2TestFail(in, "fmi2GetFMUstate: out of memory");
    memcpy(*FMUstate, &in->model, sizeof(TestModel));
    return fmi2OK;
}

fmi2Status fmi2SetFMUstate(fmi2Component c, fmi2FMUstate FMUstate)
{
    Fmi2TestInstance* in = c;
    if (!FMUstate) return fmi2TestFail(in, "fmi2SetFMUstate: no state");
    memcpy(&in->model, FMUstate, sizeof(TestModel));
    return fmi2OK;
}

fmi2Status fmi2FreeFMUstate(fmi2Component c, fmi2FMUstate* FMUstate)
{
    (void)c;
    if (FMUstate) {
        free(*FMUstate);
        *FMUstate = NULL;
    }
    return fmi2OK;
}

/* serialized FMU state (declared canSerializeFMUstate only by picontroller2.xml.in): "TESTST01"
   then the model's bytes; a byte vector of another size or magic is refused */
static const char fmi2TestMagic[8] = {'T', 'E', 'S', 'T', 'S', 'T', '0', '1'};

fmi2Status fmi2SerializedFMUstateSize(fmi2Component c, fmi2FMUstate FMUstate, size_t* size)
{
    Fmi2TestInstance* in = c;
    if (!FMUstate || !size) return fmi2TestFail(in, "fmi2SerializedFMUstateSize: a null argument");
    *size = sizeof fmi2TestMagic + sizeof(TestModel);
    return fmi2OK;
}

fmi2Status fmi2SerializeFMUstate(fmi2Component c, fmi2FMUstate FMUstate, fmi2Byte serializedState[], size_t size)
{
    Fmi2TestInstance* in = c;
    if (!FMUstate || !serializedState || size != sizeof fmi2TestMagic + sizeof(TestModel))
        return fmi2TestFail(in, "fmi2SerializeFMUstate: a null argument or a wrong size");
    memcpy(serializedState, fmi2TestMagic, sizeof fmi2TestMagic);
    memcpy(serializedState + sizeof fmi2TestMagic, FMUstate, sizeof(TestModel));
    return fmi2OK;
}

fmi2Status fmi2DeSerializeFMUstate(fmi2Component c, const fmi2Byte serializedState[], size_t size, fmi2FMUstate* FMUstate)
{
    Fmi2TestInstance* in = c;
    if (!serializedState || !FMUstate || size != sizeof fmi2TestMagic + sizeof(TestModel) ||
        memcmp(serializedState, fmi2TestMagic, sizeof fmi2TestMagic) != 0)
        return fmi2TestFail(in, "fmi2DeSerializeFMUstate: not a serialized state of this FMU");
    if (!*FMUstate) *FMUstate = malloc(sizeof(TestModel));
    if (!*FMUstate) return fmi2TestFail(in, "fmi2DeSerializeFMUstate: out of memory");
    memcpy(*FMUstate, serializedState + sizeof fmi2TestMagic, sizeof(TestModel));
    return fmi2OK;
}
