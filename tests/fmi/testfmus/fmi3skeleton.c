/* The FMI 3.0 co-simulation half of the test FMUs, written from the standard's text: the
   instance holds a TestModel (testmodel.h); Float64 get/set by value reference, doStep calls the
   model, a model failure returns fmi3Error with its message through the logger. TESTFMU_TOKEN is
   the instantiationToken of modelDescription.xml. */
#include <stdlib.h>
#include <string.h>

#include "fmi3api.h"
#include "testmodel.h"

typedef struct {
    TestModel model;
    fmi3InstanceEnvironment env;
    fmi3LogMessageCallback log;
    int failed; /* a step failed: every later call is an error */
} Fmi3TestInstance;

static fmi3Status fmi3TestFail(Fmi3TestInstance* in, const char* message)
{
    in->failed = 1;
    if (in->log) in->log(in->env, fmi3Error, "logStatusError", message);
    return fmi3Error;
}

const char* fmi3GetVersion(void) { return "3.0"; }

fmi3Status fmi3SetDebugLogging(fmi3Instance instance, fmi3Boolean loggingOn, size_t nCategories, const fmi3String categories[])
{
    (void)instance, (void)loggingOn, (void)nCategories, (void)categories;
    return fmi3OK;
}

fmi3Instance fmi3InstantiateCoSimulation(fmi3String instanceName, fmi3String instantiationToken, fmi3String resourcePath,
                                         fmi3Boolean visible, fmi3Boolean loggingOn, fmi3Boolean eventModeUsed, fmi3Boolean earlyReturnAllowed,
                                         const fmi3ValueReference requiredIntermediateVariables[], size_t nRequiredIntermediateVariables,
                                         fmi3InstanceEnvironment instanceEnvironment, fmi3LogMessageCallback logMessage,
                                         fmi3IntermediateUpdateCallback intermediateUpdate)
{
    (void)instanceName, (void)resourcePath, (void)visible, (void)loggingOn, (void)earlyReturnAllowed;
    (void)requiredIntermediateVariables, (void)nRequiredIntermediateVariables, (void)intermediateUpdate;
    if (!instantiationToken || strcmp(instantiationToken, TESTFMU_TOKEN) != 0) {
        if (logMessage) logMessage(instanceEnvironment, fmi3Error, "logStatusError", "wrong instantiationToken");
        return NULL;
    }
    if (eventModeUsed) return NULL; /* no event mode */
    Fmi3TestInstance* in = calloc(1, sizeof *in);
    if (!in) return NULL;
    in->env = instanceEnvironment;
    in->log = logMessage;
    testModelStart(&in->model);
    return in;
}

void fmi3FreeInstance(fmi3Instance instance) { free(instance); }

fmi3Status fmi3EnterInitializationMode(fmi3Instance instance, fmi3Boolean toleranceDefined, fmi3Float64 tolerance, fmi3Float64 startTime,
                                       fmi3Boolean stopTimeDefined, fmi3Float64 stopTime)
{
    (void)toleranceDefined, (void)tolerance, (void)stopTimeDefined, (void)stopTime;
    Fmi3TestInstance* in = instance;
    in->model.message[0] = 0;
    testModelInit(&in->model, startTime);
    return fmi3OK;
}

fmi3Status fmi3ExitInitializationMode(fmi3Instance instance)
{
    (void)instance;
    return fmi3OK;
}

fmi3Status fmi3Terminate(fmi3Instance instance)
{
    (void)instance;
    return fmi3OK;
}

fmi3Status fmi3Reset(fmi3Instance instance)
{
    Fmi3TestInstance* in = instance;
    in->failed = 0;
    testModelStart(&in->model);
    return fmi3OK;
}

fmi3Status fmi3GetFloat64(fmi3Instance instance, const fmi3ValueReference valueReferences[], size_t nValueReferences, fmi3Float64 values[],
                          size_t nValues)
{
    Fmi3TestInstance* in = instance;
    if (nValues != nValueReferences) return fmi3TestFail(in, "fmi3GetFloat64: nValues differs from nValueReferences");
    for (size_t i = 0; i < nValueReferences; ++i) {
        if (valueReferences[i] >= testModelVarCount) return fmi3TestFail(in, "fmi3GetFloat64: unknown value reference");
        values[i] = in->model.v[valueReferences[i]];
    }
    return fmi3OK;
}

fmi3Status fmi3SetFloat64(fmi3Instance instance, const fmi3ValueReference valueReferences[], size_t nValueReferences,
                          const fmi3Float64 values[], size_t nValues)
{
    Fmi3TestInstance* in = instance;
    if (nValues != nValueReferences) return fmi3TestFail(in, "fmi3SetFloat64: nValues differs from nValueReferences");
    for (size_t i = 0; i < nValueReferences; ++i) {
        if (valueReferences[i] >= testModelVarCount) return fmi3TestFail(in, "fmi3SetFloat64: unknown value reference");
        in->model.v[valueReferences[i]] = values[i];
    }
    return fmi3OK;
}

fmi3Status fmi3EnterStepMode(fmi3Instance instance)
{
    (void)instance;
    return fmi3OK;
}

fmi3Status fmi3DoStep(fmi3Instance instance, fmi3Float64 currentCommunicationPoint, fmi3Float64 communicationStepSize,
                      fmi3Boolean noSetFMUStatePriorToCurrentPoint, fmi3Boolean* eventHandlingNeeded, fmi3Boolean* terminateSimulation,
                      fmi3Boolean* earlyReturn, fmi3Float64* lastSuccessfulTime)
{
    (void)noSetFMUStatePriorToCurrentPoint;
    Fmi3TestInstance* in = instance;
    if (eventHandlingNeeded) *eventHandlingNeeded = false;
    if (terminateSimulation) *terminateSimulation = false;
    if (earlyReturn) *earlyReturn = false;
    if (lastSuccessfulTime) *lastSuccessfulTime = currentCommunicationPoint;
    if (in->failed) return fmi3TestFail(in, "fmi3DoStep after an error");
    if (testModelStep(&in->model, currentCommunicationPoint, communicationStepSize) != 0) return fmi3TestFail(in, in->model.message);
    if (lastSuccessfulTime) *lastSuccessfulTime = currentCommunicationPoint + communicationStepSize;
    return fmi3OK;
}

/* FMU state: a copy of the model (declared canGetAndSetFMUState only by picontroller3.xml.in) */
fmi3Status fmi3GetFMUState(fmi3Instance instance, fmi3FMUState* FMUState)
{
    Fmi3TestInstance* in = instance;
    if (!FMUState) return fmi3TestFail(in, "fmi3GetFMUState: no state pointer");
    if (!*FMUState) *FMUState = malloc(sizeof(TestModel));
    if (!*FMUState) return fmi3TestFail(in, "fmi3GetFMUState: out of memory");
    memcpy(*FMUState, &in->model, sizeof(TestModel));
    return fmi3OK;
}

fmi3Status fmi3SetFMUState(fmi3Instance instance, fmi3FMUState FMUState)
{
    Fmi3TestInstance* in = instance;
    if (!FMUState) return fmi3TestFail(in, "fmi3SetFMUState: no state");
    memcpy(&in->model, FMUState, sizeof(TestModel));
    return fmi3OK;
}

fmi3Status fmi3FreeFMUState(fmi3Instance instance, fmi3FMUState* FMUState)
{
    (void)instance;
    if (FMUState) {
        free(*FMUState);
        *FMUState = NULL;
    }
    return fmi3OK;
}

/* serialized FMU state (declared canSerializeFMUState only by picontroller3.xml.in): "TESTST01"
   then the model's bytes; a byte vector of another size or magic is refused */
static const char fmi3TestMagic[8] = {'T', 'E', 'S', 'T', 'S', 'T', '0', '1'};

fmi3Status fmi3SerializedFMUStateSize(fmi3Instance instance, fmi3FMUState FMUState, size_t* size)
{
    Fmi3TestInstance* in = instance;
    if (!FMUState || !size) return fmi3TestFail(in, "fmi3SerializedFMUStateSize: a null argument");
    *size = sizeof fmi3TestMagic + sizeof(TestModel);
    return fmi3OK;
}

fmi3Status fmi3SerializeFMUState(fmi3Instance instance, fmi3FMUState FMUState, fmi3Byte serializedState[], size_t size)
{
    Fmi3TestInstance* in = instance;
    if (!FMUState || !serializedState || size != sizeof fmi3TestMagic + sizeof(TestModel))
        return fmi3TestFail(in, "fmi3SerializeFMUState: a null argument or a wrong size");
    memcpy(serializedState, fmi3TestMagic, sizeof fmi3TestMagic);
    memcpy(serializedState + sizeof fmi3TestMagic, FMUState, sizeof(TestModel));
    return fmi3OK;
}

fmi3Status fmi3DeserializeFMUState(fmi3Instance instance, const fmi3Byte serializedState[], size_t size, fmi3FMUState* FMUState)
{
    Fmi3TestInstance* in = instance;
    if (!serializedState || !FMUState || size != sizeof fmi3TestMagic + sizeof(TestModel) ||
        memcmp(serializedState, fmi3TestMagic, sizeof fmi3TestMagic) != 0)
        return fmi3TestFail(in, "fmi3DeserializeFMUState: not a serialized state of this FMU");
    if (!*FMUState) *FMUState = malloc(sizeof(TestModel));
    if (!*FMUState) return fmi3TestFail(in, "fmi3DeserializeFMUState: out of memory");
    memcpy(*FMUState, serializedState + sizeof fmi3TestMagic, sizeof(TestModel));
    return fmi3OK;
}
