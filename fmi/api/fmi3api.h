#pragma once
// The FMI 3.0 C API as far as DriveLab's FMU implements or refuses it, declared from the text of
// the standard (fmi-standard.org, FMI 3.0, section 2.2 "Common Concepts" and 4 "Co-Simulation").
// The types and function names are the standard's, so an importer that knows only the standard
// (FMPy, the test in tests/fmi/) loads the library; nothing here is DriveLab's.
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef void* fmi3Instance;            /* an instance of the FMU */
typedef void* fmi3InstanceEnvironment; /* the importer's pointer handed back in callbacks */
typedef void* fmi3FMUState;            /* a saved state of an instance */
typedef uint32_t fmi3ValueReference;
typedef float fmi3Float32;
typedef double fmi3Float64;
typedef int8_t fmi3Int8;
typedef uint8_t fmi3UInt8;
typedef int16_t fmi3Int16;
typedef uint16_t fmi3UInt16;
typedef int32_t fmi3Int32;
typedef uint32_t fmi3UInt32;
typedef int64_t fmi3Int64;
typedef uint64_t fmi3UInt64;
typedef bool fmi3Boolean;
typedef char fmi3Char;
typedef const fmi3Char* fmi3String;
typedef uint8_t fmi3Byte;
typedef const fmi3Byte* fmi3Binary;
typedef bool fmi3Clock;

typedef enum { fmi3OK, fmi3Warning, fmi3Discard, fmi3Error, fmi3Fatal } fmi3Status;
typedef enum { fmi3IntervalNotYetKnown, fmi3IntervalUnchanged, fmi3IntervalChanged } fmi3IntervalQualifier;
typedef enum { fmi3Independent, fmi3Constant, fmi3Fixed, fmi3Tunable, fmi3Discrete, fmi3Dependent } fmi3DependencyKind;

typedef void (*fmi3LogMessageCallback)(fmi3InstanceEnvironment instanceEnvironment, fmi3Status status, fmi3String category,
                                       fmi3String message);
typedef void (*fmi3IntermediateUpdateCallback)(fmi3InstanceEnvironment instanceEnvironment, fmi3Float64 intermediateUpdateTime,
                                               fmi3Boolean intermediateVariableSetRequested, fmi3Boolean intermediateVariableGetAllowed,
                                               fmi3Boolean intermediateStepFinished, fmi3Boolean canReturnEarly,
                                               fmi3Boolean* earlyReturnRequested, fmi3Float64* earlyReturnTime);
typedef void (*fmi3ClockUpdateCallback)(fmi3InstanceEnvironment instanceEnvironment);
typedef void (*fmi3LockPreemptionCallback)(void);
typedef void (*fmi3UnlockPreemptionCallback)(void);

#if defined(DRIVELAB_FMU_BUILD)
#define FMI3_EXPORT __attribute__((visibility("default")))
#else
#define FMI3_EXPORT
#endif

/* inquire the version, logging */
FMI3_EXPORT const char* fmi3GetVersion(void);
FMI3_EXPORT fmi3Status fmi3SetDebugLogging(fmi3Instance instance, fmi3Boolean loggingOn, size_t nCategories, const fmi3String categories[]);

/* creation and destruction */
FMI3_EXPORT fmi3Instance fmi3InstantiateModelExchange(fmi3String instanceName, fmi3String instantiationToken, fmi3String resourcePath,
                                                      fmi3Boolean visible, fmi3Boolean loggingOn, fmi3InstanceEnvironment instanceEnvironment,
                                                      fmi3LogMessageCallback logMessage);
FMI3_EXPORT fmi3Instance fmi3InstantiateCoSimulation(fmi3String instanceName, fmi3String instantiationToken, fmi3String resourcePath,
                                                     fmi3Boolean visible, fmi3Boolean loggingOn, fmi3Boolean eventModeUsed,
                                                     fmi3Boolean earlyReturnAllowed, const fmi3ValueReference requiredIntermediateVariables[],
                                                     size_t nRequiredIntermediateVariables, fmi3InstanceEnvironment instanceEnvironment,
                                                     fmi3LogMessageCallback logMessage, fmi3IntermediateUpdateCallback intermediateUpdate);
FMI3_EXPORT fmi3Instance fmi3InstantiateScheduledExecution(fmi3String instanceName, fmi3String instantiationToken, fmi3String resourcePath,
                                                           fmi3Boolean visible, fmi3Boolean loggingOn,
                                                           fmi3InstanceEnvironment instanceEnvironment, fmi3LogMessageCallback logMessage,
                                                           fmi3ClockUpdateCallback clockUpdate, fmi3LockPreemptionCallback lockPreemption,
                                                           fmi3UnlockPreemptionCallback unlockPreemption);
FMI3_EXPORT void fmi3FreeInstance(fmi3Instance instance);

/* initialization, termination, reset */
FMI3_EXPORT fmi3Status fmi3EnterInitializationMode(fmi3Instance instance, fmi3Boolean toleranceDefined, fmi3Float64 tolerance,
                                                   fmi3Float64 startTime, fmi3Boolean stopTimeDefined, fmi3Float64 stopTime);
FMI3_EXPORT fmi3Status fmi3ExitInitializationMode(fmi3Instance instance);
FMI3_EXPORT fmi3Status fmi3EnterEventMode(fmi3Instance instance);
FMI3_EXPORT fmi3Status fmi3Terminate(fmi3Instance instance);
FMI3_EXPORT fmi3Status fmi3Reset(fmi3Instance instance);

/* getting and setting values: one pair per type */
#define DRIVELAB_FMI3_GETSET(Name, Type)                                                                                                  \
    FMI3_EXPORT fmi3Status fmi3Get##Name(fmi3Instance instance, const fmi3ValueReference valueReferences[], size_t nValueReferences,     \
                                         Type values[], size_t nValues);                                                                 \
    FMI3_EXPORT fmi3Status fmi3Set##Name(fmi3Instance instance, const fmi3ValueReference valueReferences[], size_t nValueReferences,     \
                                         const Type values[], size_t nValues);
DRIVELAB_FMI3_GETSET(Float32, fmi3Float32)
DRIVELAB_FMI3_GETSET(Float64, fmi3Float64)
DRIVELAB_FMI3_GETSET(Int8, fmi3Int8)
DRIVELAB_FMI3_GETSET(UInt8, fmi3UInt8)
DRIVELAB_FMI3_GETSET(Int16, fmi3Int16)
DRIVELAB_FMI3_GETSET(UInt16, fmi3UInt16)
DRIVELAB_FMI3_GETSET(Int32, fmi3Int32)
DRIVELAB_FMI3_GETSET(UInt32, fmi3UInt32)
DRIVELAB_FMI3_GETSET(Int64, fmi3Int64)
DRIVELAB_FMI3_GETSET(UInt64, fmi3UInt64)
DRIVELAB_FMI3_GETSET(Boolean, fmi3Boolean)
DRIVELAB_FMI3_GETSET(String, fmi3String)
#undef DRIVELAB_FMI3_GETSET
FMI3_EXPORT fmi3Status fmi3GetBinary(fmi3Instance instance, const fmi3ValueReference valueReferences[], size_t nValueReferences,
                                     size_t valueSizes[], fmi3Binary values[], size_t nValues);
FMI3_EXPORT fmi3Status fmi3SetBinary(fmi3Instance instance, const fmi3ValueReference valueReferences[], size_t nValueReferences,
                                     const size_t valueSizes[], const fmi3Binary values[], size_t nValues);
FMI3_EXPORT fmi3Status fmi3GetClock(fmi3Instance instance, const fmi3ValueReference valueReferences[], size_t nValueReferences,
                                    fmi3Clock values[]);
FMI3_EXPORT fmi3Status fmi3SetClock(fmi3Instance instance, const fmi3ValueReference valueReferences[], size_t nValueReferences,
                                    const fmi3Clock values[]);

/* variable dependencies */
FMI3_EXPORT fmi3Status fmi3GetNumberOfVariableDependencies(fmi3Instance instance, fmi3ValueReference valueReference, size_t* nDependencies);
FMI3_EXPORT fmi3Status fmi3GetVariableDependencies(fmi3Instance instance, fmi3ValueReference dependent, size_t elementIndicesOfDependent[],
                                                   fmi3ValueReference independents[], size_t elementIndicesOfIndependents[],
                                                   fmi3DependencyKind dependencyKinds[], size_t nDependencies);

/* the FMU state */
FMI3_EXPORT fmi3Status fmi3GetFMUState(fmi3Instance instance, fmi3FMUState* FMUState);
FMI3_EXPORT fmi3Status fmi3SetFMUState(fmi3Instance instance, fmi3FMUState FMUState);
FMI3_EXPORT fmi3Status fmi3FreeFMUState(fmi3Instance instance, fmi3FMUState* FMUState);
FMI3_EXPORT fmi3Status fmi3SerializedFMUStateSize(fmi3Instance instance, fmi3FMUState FMUState, size_t* size);
FMI3_EXPORT fmi3Status fmi3SerializeFMUState(fmi3Instance instance, fmi3FMUState FMUState, fmi3Byte serializedState[], size_t size);
FMI3_EXPORT fmi3Status fmi3DeserializeFMUState(fmi3Instance instance, const fmi3Byte serializedState[], size_t size, fmi3FMUState* FMUState);

/* derivatives */
FMI3_EXPORT fmi3Status fmi3GetDirectionalDerivative(fmi3Instance instance, const fmi3ValueReference unknowns[], size_t nUnknowns,
                                                    const fmi3ValueReference knowns[], size_t nKnowns, const fmi3Float64 seed[],
                                                    size_t nSeed, fmi3Float64 sensitivity[], size_t nSensitivity);
FMI3_EXPORT fmi3Status fmi3GetAdjointDerivative(fmi3Instance instance, const fmi3ValueReference unknowns[], size_t nUnknowns,
                                                const fmi3ValueReference knowns[], size_t nKnowns, const fmi3Float64 seed[], size_t nSeed,
                                                fmi3Float64 sensitivity[], size_t nSensitivity);

/* configuration mode, clocks, discrete states */
FMI3_EXPORT fmi3Status fmi3EnterConfigurationMode(fmi3Instance instance);
FMI3_EXPORT fmi3Status fmi3ExitConfigurationMode(fmi3Instance instance);
FMI3_EXPORT fmi3Status fmi3GetIntervalDecimal(fmi3Instance instance, const fmi3ValueReference valueReferences[], size_t nValueReferences,
                                              fmi3Float64 intervals[], fmi3IntervalQualifier qualifiers[]);
FMI3_EXPORT fmi3Status fmi3GetIntervalFraction(fmi3Instance instance, const fmi3ValueReference valueReferences[], size_t nValueReferences,
                                               fmi3UInt64 counters[], fmi3UInt64 resolutions[], fmi3IntervalQualifier qualifiers[]);
FMI3_EXPORT fmi3Status fmi3GetShiftDecimal(fmi3Instance instance, const fmi3ValueReference valueReferences[], size_t nValueReferences,
                                           fmi3Float64 shifts[]);
FMI3_EXPORT fmi3Status fmi3GetShiftFraction(fmi3Instance instance, const fmi3ValueReference valueReferences[], size_t nValueReferences,
                                            fmi3UInt64 counters[], fmi3UInt64 resolutions[]);
FMI3_EXPORT fmi3Status fmi3SetIntervalDecimal(fmi3Instance instance, const fmi3ValueReference valueReferences[], size_t nValueReferences,
                                              const fmi3Float64 intervals[]);
FMI3_EXPORT fmi3Status fmi3SetIntervalFraction(fmi3Instance instance, const fmi3ValueReference valueReferences[], size_t nValueReferences,
                                               const fmi3UInt64 counters[], const fmi3UInt64 resolutions[]);
FMI3_EXPORT fmi3Status fmi3SetShiftDecimal(fmi3Instance instance, const fmi3ValueReference valueReferences[], size_t nValueReferences,
                                           const fmi3Float64 shifts[]);
FMI3_EXPORT fmi3Status fmi3SetShiftFraction(fmi3Instance instance, const fmi3ValueReference valueReferences[], size_t nValueReferences,
                                            const fmi3UInt64 counters[], const fmi3UInt64 resolutions[]);
FMI3_EXPORT fmi3Status fmi3EvaluateDiscreteStates(fmi3Instance instance);
FMI3_EXPORT fmi3Status fmi3UpdateDiscreteStates(fmi3Instance instance, fmi3Boolean* discreteStatesNeedUpdate,
                                                fmi3Boolean* terminateSimulation, fmi3Boolean* nominalsOfContinuousStatesChanged,
                                                fmi3Boolean* valuesOfContinuousStatesChanged, fmi3Boolean* nextEventTimeDefined,
                                                fmi3Float64* nextEventTime);

/* co-simulation */
FMI3_EXPORT fmi3Status fmi3EnterStepMode(fmi3Instance instance);
FMI3_EXPORT fmi3Status fmi3GetOutputDerivatives(fmi3Instance instance, const fmi3ValueReference valueReferences[], size_t nValueReferences,
                                                const fmi3Int32 orders[], fmi3Float64 values[], size_t nValues);
FMI3_EXPORT fmi3Status fmi3DoStep(fmi3Instance instance, fmi3Float64 currentCommunicationPoint, fmi3Float64 communicationStepSize,
                                  fmi3Boolean noSetFMUStatePriorToCurrentPoint, fmi3Boolean* eventHandlingNeeded,
                                  fmi3Boolean* terminateSimulation, fmi3Boolean* earlyReturn, fmi3Float64* lastSuccessfulTime);

#ifdef __cplusplus
}
#endif
