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


def launch_lab(fuel=None):
    """a constant-force launch of a 1500 kg car (issue 35: vehicle results); with a mapped engine when fuel is given"""
    components = [{"id": "push", "type": "torque_source", "node_a": "wheel", "inputs": {"torque": 1800}},
                  {"id": "car", "type": "vehicle_body", "node_a": "wheel",
                   "parameters": {"mass": 1500, "wheel_radius": 0.3, "coastdown_f0": 150, "coastdown_f1": 2, "coastdown_f2": 0.45}}]
    if fuel is not None:
        components.append({"id": "engine", "type": "mapped_engine", "node_a": "wheel", "parameters": dict({
            "torque_map": {"x": [0, 1000], "y": [0, 1], "values": [[0, 0], [0, 0]]},
            "fuel_map": {"x": [0, 1000], "y": [-300, 300], "values": [[0.5, 0.5], [0.5, 0.5]]},
            "lower_heating_value": 43e6}, **fuel), "inputs": {"throttle": 1}})
    return {"format": "drivelab.lab", "version": 1,
            "run": {"tick_ns": 1000000, "duration_ns": 15000000000, "report_every_ticks": 1000},
            "nodes": [{"id": "wheel", "domain": "rotational", "inertia": 0.5, "initial_speed": 0}],
            "components": components}


def test_vehicle_results(tmp_path):
    # the report's "vehicle" section, as `drivelab-cli run` writes it
    d = launch_lab({"fuel_density": 745, "fuel_carbon_fraction": 0.866})
    path = tmp_path / "launch.lab.json"
    path.write_text(json.dumps(d))
    code, _, err = cli("run", str(path), "--output", str(tmp_path / "r.json"), "--quiet")
    assert code == 0, err
    report = json.load(open(tmp_path / "r.json"))
    v = drivelab.Lab.from_dict(d).vehicle_results()
    assert v == report["vehicle"]
    # 0.5 g/s for 15 s; L/100 km and g CO2/km from the fuel data
    assert v["fuel_mass"] == pytest.approx(7.5, rel=1e-12)
    assert v["fuel_l_per_100km"] == pytest.approx(7.5 / 745 / (v["distance"] / 1e5), rel=1e-12)
    assert v["co2_g_per_km"] == pytest.approx(7.5 * 0.866 * 44.009 / 12.011 / (v["distance"] / 1000), rel=1e-12)
    assert v["time_0_100_kmh"] > 0 and v["trace_rms_kmh"] is None
    assert set(v["energy_split"]) >= {"engine", "aero", "rolling", "grade", "other_heat"}
    # without the fuel's density there is no volume: None, never a guess
    v = drivelab.Lab.from_dict(launch_lab({})).vehicle_results()
    assert v["fuel_mass"] == pytest.approx(7.5, rel=1e-12) and v["fuel_l_per_100km"] is None and v["co2_g_per_km"] is None
    # a lab without a vehicle body has none; a NaN carbon fraction is refused by set
    assert drivelab.Lab.load(TWO_INERTIA).vehicle_results() is None
    lab = drivelab.Lab.from_dict(launch_lab({"fuel_density": 745, "fuel_carbon_fraction": 0.866}))
    with pytest.raises(drivelab.LabError):
        lab.set("engine.mapped_engine.fuel_carbon_fraction", math.nan)
    lab.set("engine.mapped_engine.fuel_density", 0.0)
    with pytest.raises(drivelab.LabError) as e:
        lab.vehicle_results()
    assert "engine: mapped_engine.fuel_density: must be in" in str(e.value)
