/* The model half of the test FMUs (docs/FMI.md, "Import"): FMUs that DriveLab did not make, for
   the import side to load. Each model file (torquesource.c, picontroller.c, faulty.c) defines
   these; the FMI 3.0 and FMI 2.0 halves (fmi3skeleton.c, fmi2skeleton.c) call them. Every
   variable the skeletons get or set is a Float64 (FMI 2: Real) whose value reference is its
   index in `v`. */
#ifndef DRIVELAB_TESTMODEL_H
#define DRIVELAB_TESTMODEL_H

#define TESTMODEL_MAX_VARS 8

typedef struct {
    double v[TESTMODEL_MAX_VARS]; /* the Float64 variables by value reference */
    char message[256];            /* why the last step failed */
} TestModel;

/* value references 0 .. testModelVarCount - 1 are Float64 variables */
extern const unsigned testModelVarCount;
/* the start values of every variable (modelDescription.xml's start attributes) */
void testModelStart(TestModel* m);
/* the outputs at the start time t0, from the parameters and inputs set before */
void testModelInit(TestModel* m, double t0);
/* one communication step from t to t + h with the inputs set before it: the outputs at t + h;
   0 when it succeeded, else an error with m->message */
int testModelStep(TestModel* m, double t, double h);

#endif
