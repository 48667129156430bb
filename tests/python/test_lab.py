# drivelab.Lab (docs/PYTHON.md): reading, value paths, validation, fingerprints, errors.
#   The two-inertia lab (tests/fixtures/sweeps/two-inertia.lab.json): engine J1 = 0.2 at
#   w0 = 150 rad/s, load J2 = 0.8 at rest, clutch capacity C = 100 N m. get/set read and write
#   exactly those numbers; a dict round trip keeps the fingerprint `drivelab-cli check` prints;
#   a lab made invalid (load inertia -1) lists the compiler's diagnostic for load/inertia in
#   validate() and in the LabError that Session(lab) raises. Bad paths, values and files raise
#   LabError naming the path; nothing crashes the interpreter.
import json
import math
import pathlib
import re

import pytest

import drivelab
from conftest import SWEEPS, TWO_INERTIA, cli


def test_load_get_set():
    lab = drivelab.Lab.load(pathlib.Path(TWO_INERTIA))
    assert lab.name == "two-inertia-engagement" and lab.source == TWO_INERTIA
    assert lab.get("engine.inertia") == 0.2
    assert lab.get("engine.initial_speed") == 150.0
    assert lab.get("load.inertia") == 0.8
    assert lab.get("clutch.inputs.capacity") == 100.0
    assert lab.get("clutch.clutch.kinetic_ratio") == 1.0
    assert lab.get("run.tick_ns") == 1000000
    lab.set("load.inertia", 1.25)
    assert lab.get("load.inertia") == 1.25
    assert lab.to_dict()["nodes"][1]["inertia"] == 1.25
    # a copy is independent
    c = lab.copy()
    c.set("load.inertia", 2.0)
    assert lab.get("load.inertia") == 1.25 and c.get("load.inertia") == 2.0


def test_fingerprint_is_the_clis():
    lab = drivelab.Lab.load(TWO_INERTIA)
    code, out, err = cli("check", TWO_INERTIA)
    assert code == 0, err
    assert re.search(r"fingerprint ([0-9a-f]{16})", out).group(1) == lab.fingerprint
    # the dict round trip is the same lab
    again = drivelab.Lab.from_dict(lab.to_dict(), base_dir=SWEEPS)
    assert again.fingerprint == lab.fingerprint
    assert again.validate() == []
    # a changed value is another model
    again.set("load.inertia", 0.81)
    assert again.fingerprint != lab.fingerprint


def test_invalid_lab_diagnostics():
    lab = drivelab.Lab.load(TWO_INERTIA)
    lab.set("load.inertia", -1.0)  # the path and number are fine; the compiler refuses it
    diags = lab.validate()
    errors = [d for d in diags if d["severity"] == "error"]
    assert errors, diags
    assert errors[0]["subject"] == "load" and errors[0]["field"] == "inertia", errors
    assert set(errors[0]) == {"severity", "subject", "field", "message"}
    assert not lab.is_valid()
    with pytest.raises(drivelab.LabError) as e:
        drivelab.Session(lab)
    assert "load: inertia:" in str(e.value)
    assert e.value.diagnostics == diags
    with pytest.raises(drivelab.LabError):
        lab.fingerprint


def test_bad_paths_and_values():
    lab = drivelab.Lab.load(TWO_INERTIA)
    with pytest.raises(drivelab.LabError) as e:
        lab.get("gearbox.inertia")
    assert "gearbox.inertia" in str(e.value)
    with pytest.raises(drivelab.LabError) as e:
        lab.set("engine.no_such_field", 1.0)
    assert "engine.no_such_field" in str(e.value)
    with pytest.raises(drivelab.LabError) as e:
        lab.set("engine.inertia", math.nan)
    assert "engine.inertia" in str(e.value)
    with pytest.raises(drivelab.LabError) as e:
        lab.set("run.tick_ns", 1.5)  # a whole-number field
    assert "run.tick_ns" in str(e.value)
    with pytest.raises(TypeError):
        lab.set("engine.inertia", "heavy")
    assert lab.get("engine.inertia") == 0.2  # nothing was changed by the refusals


def test_bad_files_and_dicts(tmp_path):
    with pytest.raises(drivelab.LabError) as e:
        drivelab.Lab.load(str(tmp_path / "missing.lab.json"))
    assert "missing.lab.json" in str(e.value)
    broken = tmp_path / "broken.lab.json"
    broken.write_text("{\"format\": \"drivelab.lab\", ")
    with pytest.raises(drivelab.LabError) as e:
        drivelab.Lab.load(str(broken))
    assert e.value.diagnostics
    d = json.load(open(TWO_INERTIA))
    d["nodes"][0]["inertia"] = "heavy"  # read; the compiler names it
    assert drivelab.Lab.from_dict(d).validate()[0] == {"severity": "error", "subject": "engine", "field": "inertia",
                                                       "message": "must be a number [kg m^2], got a string"}
    d["nodes"] = "none"
    with pytest.raises(drivelab.LabError) as e:
        drivelab.Lab.from_dict(d)
    assert e.value.diagnostics[0]["field"] == "nodes" and "nodes: must be a list" in str(e.value)
    d = json.load(open(TWO_INERTIA))
    d["nodes"][0]["inertia"] = math.nan  # not JSON
    with pytest.raises(drivelab.LabError):
        drivelab.Lab.from_dict(d)
    with pytest.raises(TypeError):
        drivelab.Lab.from_dict([1, 2, 3])
    assert issubclass(drivelab.LabError, ValueError)
