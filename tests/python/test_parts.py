# drivelab.Lab and Session on a lab built from parts (issue 36, docs/FORMATS.md "Parts and
# instances"): labs/parts/two-speed-shift.lab.json is labs/two-speed-shift with a motor part
# (`drive`) and the library's two_speed_planetary (`box`). Python reads and sets the instance's
# parameter by its value path (box.brake_capacity), the flattened observables carry the instance
# path (box/ring_brake.*), and a run's fingerprint and final state hash are `drivelab-cli run`'s.
# Setting box.brake_capacity to 200 N m and running equals the CLI run of the same lab written
# with that value (to_dict -> a file beside a copy of the part file).
import json
import os
import shutil

import drivelab
from conftest import LABS, cli_final

PARTS_LAB = os.path.join(LABS, "parts", "two-speed-shift.lab.json")


def test_parts_lab_runs_as_the_cli():
    lab = drivelab.Lab.load(PARTS_LAB)
    assert lab.is_valid(), lab.validate()
    assert lab.get("box.brake_capacity") == 900.0
    s = drivelab.Session(lab)
    assert "box/ring_brake.torque" in s.observable_names
    assert "drive/motor.torque" in s.observable_names
    s.run()
    assert (s.fingerprint, s.state_hash) == cli_final(PARTS_LAB)
    # the original flat lab: same final state (ids are not hashed)
    assert s.state_hash == cli_final(os.path.join(LABS, "two-speed-shift.lab.json"))[1]


def test_set_instance_parameter(tmp_path):
    lab = drivelab.Lab.load(PARTS_LAB)
    before = lab.fingerprint
    lab.set("box.brake_capacity", 200.0)
    assert lab.get("box.brake_capacity") == 200.0
    assert lab.fingerprint != before
    d = lab.to_dict()
    box = [i for i in d["instances"] if i["id"] == "box"][0]
    assert box["parameters"]["brake_capacity"] == 200.0
    s = drivelab.Session(lab)
    s.run()
    # the same lab written beside a copy of its part file runs to the same bits on the command line
    shutil.copy(os.path.join(LABS, "parts", "two_speed_planetary.part.json"), tmp_path)
    path = tmp_path / "brake200.lab.json"
    path.write_text(json.dumps(d), encoding="utf-8")
    assert (s.fingerprint, s.state_hash) == cli_final(str(path))
    assert s.state_hash != cli_final(PARTS_LAB)[1]
