# drivelab.Session (docs/PYTHON.md) against closed forms and the command line.
#   Two-inertia lab: engine J1 = 0.2 at w0 = 150, load J2 = 0.8 at rest, clutch C = 100 N m
#   (kinetic = static), tick 1 ms, 1 s. While slipping (t < t* = w0 Jeff / C = 0.24 s,
#   Jeff = J1 J2 / (J1 + J2) = 0.16) the speeds are linear:
#       w1 = w0 - C t / J1,   w2 = C t / J2
#   after the lock both are J1 w0 / (J1 + J2) = 30; the heat is 1/2 Jeff w0^2 = 1800 J.
#   record() samples t = 0 and every `every` ticks to the end; a run's final state hash and
#   fingerprint are those `drivelab-cli run` prints; a fork runs on independently; the solver
#   runs without the GIL (another thread makes progress during run(), and is refused the
#   session's state while it changes); a failing tick raises
#   SolverError with the CLI's message.
import json
import os
import threading
import time

import numpy as np
import pytest

import drivelab
from conftest import LABS, TWO_INERTIA, cli, cli_final

J1, J2, W0, C = 0.2, 0.8, 150.0, 100.0
JEFF = J1 * J2 / (J1 + J2)


def test_final_hash_is_the_clis():
    for path in (TWO_INERTIA, os.path.join(LABS, "converter-launch.lab.json"), os.path.join(LABS, "drive-cycle.lab.json")):
        s = drivelab.Session(drivelab.Lab.load(path))
        assert s.tick == 0 and s.time == 0.0
        assert s.run() == s.ticks
        assert s.finished
        fingerprint, final = cli_final(path)
        assert (s.fingerprint, s.state_hash) == (fingerprint, final), path
        # batches of any size reach the same bits
        t = drivelab.Session(drivelab.Lab.load(path))
        while not t.finished:
            t.run(ticks=997)
        assert t.state_hash == final


def test_record_closed_form():
    s = drivelab.Session(drivelab.Lab.load(TWO_INERTIA))
    rec = s.record(every=10)
    t = rec["time"]
    assert len(t) == 101 and t[0] == 0.0 and t[-1] == 1.0
    assert np.array_equal(t, np.arange(101) * 10 * 1000000 / 1e9)
    assert set(s.observable_names) <= set(rec) and "engine.speed" in rec
    w1, w2 = rec["engine.speed"], rec["load.speed"]
    t_lock = W0 * JEFF / C
    slipping = t < t_lock - 0.005
    assert slipping.sum() == 24
    np.testing.assert_allclose(w1[slipping], W0 - C * t[slipping] / J1, rtol=0, atol=1e-9)
    np.testing.assert_allclose(w2[slipping], C * t[slipping] / J2, rtol=0, atol=1e-9)
    locked = t > t_lock + 0.005
    w_end = J1 * W0 / (J1 + J2)
    np.testing.assert_allclose(w1[locked], w_end, rtol=0, atol=1e-9)
    np.testing.assert_allclose(w2[locked], w_end, rtol=0, atol=1e-9)
    # the last sample is the state now
    assert s.finished
    assert np.array_equal(s.observe(), np.array([rec[n][-1] for n in s.observable_names]))
    e = s.energy()
    assert abs(e["heat_to_nodes"] + e["heat_to_ledger"] - 0.5 * JEFF * W0 ** 2) < 1e-9
    assert abs(e["residual"]) < 1e-9
    # a step that does not divide the run: the end is the last sample
    r7 = drivelab.Session(drivelab.Lab.load(TWO_INERTIA)).record(every=7)
    assert len(r7["time"]) == 1 + 143 and r7["time"][-1] == 1.0 and r7["time"][-2] == 0.994
    assert r7["load.speed"][-1] == w2[-1]
    with pytest.raises(ValueError):
        s.record(every=0)


def test_run_by_time_and_ticks():
    s = drivelab.Session(drivelab.Lab.load(TWO_INERTIA))
    assert s.run(time=0.1) == 100 and s.tick == 100 and s.time == 0.1
    assert s.run(ticks=5) == 5 and s.tick == 105
    assert s.run(time=0.05) == 0  # already past
    w = s.observe()[s.observable_names.index("load.speed")]
    assert abs(w - C * 0.105 / J2) < 1e-9
    with pytest.raises(ValueError):
        s.run(ticks=1, time=1.0)
    with pytest.raises(ValueError):
        s.run(ticks=-1)
    with pytest.raises(TypeError):
        s.run(ticks=1.5)
    with pytest.raises(TypeError):
        s.run(time="soon")
    assert s.run(ticks=10 ** 9) == 895 and s.finished


def test_fork_is_independent():
    lab = drivelab.Lab.load(TWO_INERTIA)
    final = drivelab.Session(lab)
    final.run()
    s = drivelab.Session(lab)
    s.run(ticks=100)
    same, other = s.fork(), s.fork()
    other.set_input("clutch", "capacity", 50.0)
    before = s.state_hash
    other.run(time=0.3)
    assert s.state_hash == before and s.tick == 100  # the original did not move
    # C = 100 for 0.1 s, then 50: still slipping at 0.3 s (lock at 0.38 s), w2 = (10 + 50 * 0.2) / J2
    i = other.observable_names.index("load.speed")
    assert abs(other.observe()[i] - (C * 0.1 + 50.0 * 0.2) / J2) < 1e-9
    same.run(time=0.3)
    assert abs(same.observe()[i] - J1 * W0 / (J1 + J2)) < 1e-9  # locked at 0.24 s
    same.run()
    s.run()
    assert s.state_hash == same.state_hash == final.state_hash
    other.run()
    assert abs(other.observe()[i] - J1 * W0 / (J1 + J2)) < 1e-9
    with pytest.raises(drivelab.LabError) as e:
        s.set_input("clutch", "no_input", 1.0)
    assert "clutch" in str(e.value) and "no_input" in str(e.value)
    with pytest.raises(drivelab.LabError) as e:
        s.set_input("gearbox", "capacity", 1.0)
    assert "gearbox" in str(e.value)
    with pytest.raises(drivelab.LabError):
        s.set_input("clutch", "capacity", -5.0)


def test_run_releases_the_gil():
    # a long run on another thread; this thread counts while it runs. With the GIL held
    # through run() the count could not move between the run's start and its end.
    lab = drivelab.Lab.load(os.path.join(LABS, "converter-launch.lab.json"))
    lab.set("run.duration_ns", lab.get("run.duration_ns") * 4)
    s = drivelab.Session(lab)
    count = [0]
    seen = {}

    def work():
        seen["start"] = count[0]
        s.run()
        seen["end"] = count[0]

    t = threading.Thread(target=work)
    t.start()
    refused = 0
    while t.is_alive():
        count[0] += 1
        try:
            s.tick  # the state is changing without the GIL: refused, never read half-written
        except ValueError:
            refused += 1
        time.sleep(0.001)
    t.join()
    assert s.finished
    assert seen["end"] - seen["start"] >= 10, seen
    assert refused >= 5, (refused, seen)


def test_solver_failure_is_the_clis(tmp_path):
    # the fired lab at one 1 s tick fails its first tick naming a cylinder (tst_failurepaths)
    d = json.load(open(os.path.join(LABS, "fired-converter.lab.json")))
    d["run"] = {"tick_ns": 1000000000, "duration_ns": 1000000000, "report_every_ticks": 1}
    path = tmp_path / "coarse.lab.json"
    path.write_text(json.dumps(d))
    s = drivelab.Session(drivelab.Lab.load(str(path)))
    with pytest.raises(drivelab.SolverError) as e:
        s.run()
    code, out, err = cli("run", str(path))
    assert code == 3
    assert str(e.value) == err.strip()
    assert e.value.tick == 0 and e.value.subject.startswith("cyl")
    assert s.tick == 0  # rolled back
