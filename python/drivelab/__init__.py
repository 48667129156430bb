"""DriveLab for Python: labs, sessions and sweeps on the simulator core (docs/PYTHON.md).

    import drivelab
    lab = drivelab.Lab.load("labs/converter-launch.lab.json")
    lab.set("engine.inertia", 0.25)
    s = drivelab.Session(lab)
    samples = s.record(every=10)          # dict name -> NumPy array, plus "time"
    sweep = drivelab.sweep.load("labs/converter-launch.sweep.json")
    results = sweep.run(jobs=2)           # the rows `drivelab-cli sweep` writes

From the build tree: PYTHONPATH=BUILD/python /usr/bin/python3
"""
from ._drivelab import Lab, LabError, Session, SolverError
from . import sweep

__all__ = ["Lab", "LabError", "Session", "SolverError", "sweep"]
