# drivelab.sweep (docs/PYTHON.md) against the capacity sweep's closed forms and the CLI.
#   tests/fixtures/sweeps/capacity.sweep.json: capacity C in {45, 70, 95, 130} x load inertia J2
#   log-spaced {0.4, 0.8, 1.6} on the two-inertia lab (J1 = 0.2, w0 = 150): 12 rows with
#       lock t* = w0 Jeff / C,  heat 1/2 Jeff w0^2,  final speed J1 w0 / (J1 + J2),
#       t(load = 40) = 40 J2 / C when the final speed exceeds 40, else no value
#   (Jeff = J1 J2 / (J1 + J2); tests/core/tst_sweep.cpp). sweep.run at 1 and 2 threads writes
#   the same CSV and JSON text, and it is the text `drivelab-cli sweep --jobs 2` writes;
#   variants the compiler refuses are error rows (as the CLI writes them); bad sweeps raise.
import json
import math

import numpy as np
import pytest

import drivelab
from conftest import CAPACITY, SWEEPS, TWO_INERTIA, cli_sweep

J1, W0 = 0.2, 150.0


def test_closed_forms():
    sweep = drivelab.sweep.load(CAPACITY)
    assert len(sweep) == 12
    assert sweep.columns == ["index", "clutch.inputs.capacity", "load.inertia", "lock_s", "heat_J", "total_heat_J",
                             "final_speed", "peak_load_speed", "t_load_40", "energy_residual", "fingerprint", "final_hash", "error"]
    res = sweep.run(jobs=2)
    assert len(res.rows) == 12 and res.errors == {}
    for r in res.rows:
        c, j2 = r["clutch.inputs.capacity"], r["load.inertia"]
        assert c == [45.0, 70.0, 95.0, 130.0][r["index"] // 3]
        jeff = J1 * j2 / (J1 + j2)
        w_end = J1 * W0 / (J1 + j2)
        assert abs(r["lock_s"] - W0 * jeff / c) < 1e-12, r
        assert abs(r["heat_J"] - 0.5 * jeff * W0 ** 2) < 1e-9, r
        assert abs(r["total_heat_J"] - 0.5 * jeff * W0 ** 2) < 1e-9, r
        assert abs(r["final_speed"] - w_end) < 1e-11, r
        assert abs(r["peak_load_speed"] - w_end) < 1e-11, r
        if w_end > 40.0:
            assert abs(r["t_load_40"] - 40.0 * j2 / c) < 1e-12, r
        else:
            assert r["t_load_40"] is None, r
        assert abs(r["energy_residual"]) < 1e-9
        assert len(r["fingerprint"]) == 16 and len(r["final_hash"]) == 16 and r["error"] is None
    lock = res.column("lock_s")
    assert lock.dtype == np.float64 and lock.shape == (12,)
    assert np.array_equal(lock, np.array([r["lock_s"] for r in res.rows]))
    assert np.isnan(res.column("t_load_40")).sum() == sum(r["t_load_40"] is None for r in res.rows) > 0
    assert list(res.column("index")) == list(range(12))
    with pytest.raises(KeyError):
        res.column("no_such_column")


def test_same_text_as_the_cli(tmp_path):
    sweep = drivelab.sweep.load(CAPACITY)
    one, two = sweep.run(jobs=1), sweep.run(jobs=2)
    assert one.to_csv() == two.to_csv()
    assert one.to_json() == two.to_json()
    assert one.to_csv() == cli_sweep(CAPACITY, tmp_path / "r.csv", "--jobs", "2")
    assert one.to_json() == cli_sweep(CAPACITY, tmp_path / "r.json", "--jobs", "2", "--json")
    assert one.to_csv().count("\n") == 13
    # a subset: the CLI's rows for those indices
    part = sweep.run(jobs=2, indices=[11, 3, 3, 0])
    assert part.indices == [0, 3, 11]
    lines = one.to_csv().splitlines()
    assert part.to_csv().splitlines() == [lines[0], lines[1], lines[4], lines[12]]


def test_variant_lab_is_the_row():
    sweep = drivelab.sweep.load(CAPACITY)
    row = sweep.run(indices=[7]).rows[0]
    lab = sweep.variant_lab(7)
    assert lab.get("clutch.inputs.capacity") == 95.0 == sweep.variant(7)[0]
    s = drivelab.Session(lab)
    s.run()
    assert (s.fingerprint, s.state_hash) == (row["fingerprint"], row["final_hash"])
    assert s.energy()["residual"] == row["energy_residual"]
    with pytest.raises(IndexError):
        sweep.variant_lab(12)


def test_invalid_variants_are_error_rows(tmp_path):
    d = json.load(open(CAPACITY))
    d["factors"] = [{"path": "load.inertia", "values": [0.8, -1.0, 0.4, 0.0]}]
    sweep = drivelab.sweep.Sweep.from_dict(d, base_dir=SWEEPS)
    res = sweep.run(jobs=2)
    assert sorted(res.errors) == [1, 3]
    for k in (1, 3):
        r = res.rows[k]
        assert r["error"].startswith("does not compile: load: inertia:"), r
        assert r["lock_s"] is None and r["energy_residual"] is None and r["final_hash"] is None
    assert res.rows[0]["error"] is None and res.rows[0]["final_speed"] == pytest.approx(30.0, abs=1e-11)
    assert math.isnan(res.column("lock_s")[1])
    # the same text the CLI writes for that sweep file
    d["lab"] = TWO_INERTIA
    path = tmp_path / "bad.sweep.json"
    path.write_text(json.dumps(d))
    assert res.to_csv() == cli_sweep(str(path), tmp_path / "bad.csv", "--jobs", "1")


def test_bad_sweeps_raise(tmp_path):
    with pytest.raises(drivelab.LabError) as e:
        drivelab.sweep.load(str(tmp_path / "missing.sweep.json"))
    assert "missing.sweep.json" in str(e.value)
    d = json.load(open(CAPACITY))
    d["factors"][1]["path"] = "load.mass"
    with pytest.raises(drivelab.LabError) as e:
        drivelab.sweep.Sweep.from_dict(d, base_dir=SWEEPS)
    assert any(x["field"] == "factors[1].path" for x in e.value.diagnostics), e.value.diagnostics
    d = json.load(open(CAPACITY))
    d["metrics"][0]["component"] = "gearbox"
    with pytest.raises(drivelab.LabError) as e:
        drivelab.sweep.Sweep.from_dict(d, base_dir=SWEEPS)
    assert e.value.diagnostics and "gearbox" in str(e.value)
    d = json.load(open(CAPACITY))
    with pytest.raises(drivelab.LabError):  # the lab is not found from here
        drivelab.sweep.Sweep.from_dict(d, base_dir=str(tmp_path))
    sweep = drivelab.sweep.load(CAPACITY)
    with pytest.raises(ValueError):
        sweep.run(jobs=0)
    with pytest.raises(IndexError):
        sweep.run(indices=[12])
