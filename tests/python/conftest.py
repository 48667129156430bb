# Shared by the Python package's tests: where the sources and the command line are (CTest sets
# DRIVELAB_SOURCE_DIR and DRIVELAB_CLI; PYTHONPATH=BUILD/python makes `import drivelab` work).
import os
import re
import subprocess

import pytest

SOURCE_DIR = os.environ.get("DRIVELAB_SOURCE_DIR", os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..")))
SWEEPS = os.path.join(SOURCE_DIR, "tests", "fixtures", "sweeps")
LABS = os.path.join(SOURCE_DIR, "labs")
TWO_INERTIA = os.path.join(SWEEPS, "two-inertia.lab.json")
CAPACITY = os.path.join(SWEEPS, "capacity.sweep.json")


def cli_path():
    cli = os.environ.get("DRIVELAB_CLI")
    if not cli or not os.access(cli, os.X_OK):
        pytest.fail("DRIVELAB_CLI must name the drivelab-cli executable (CTest sets it)")
    return cli


def cli(*args):
    """run drivelab-cli: (exit code, stdout, stderr)"""
    r = subprocess.run([cli_path(), *args], capture_output=True, text=True, timeout=240)
    return r.returncode, r.stdout, r.stderr


def cli_final(lab_path):
    """(fingerprint, final state hash) as `drivelab-cli run LAB` prints them"""
    code, out, err = cli("run", lab_path)
    assert code == 0, err
    m = re.search(r"fingerprint ([0-9a-f]{16}), final state ([0-9a-f]{16})", out)
    assert m, out
    return m.group(1), m.group(2)


def cli_sweep(sweep_path, out_path, *extra):
    """the results file `drivelab-cli sweep SWEEP --output OUT ...` writes"""
    code, out, err = cli("sweep", sweep_path, "--output", str(out_path), "--quiet", *extra)
    assert code == 0, err
    with open(out_path, encoding="utf-8") as f:
        return f.read()
