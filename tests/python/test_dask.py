# drivelab.sweep.run_dask (docs/SCALING.md) on a LocalCluster of 2 worker processes, one
# thread each, started once for the module. A row depends only on its variant, so the Dask
# engine's CSV and JSON text is the local engine's (jobs 1 and 2) and `drivelab-cli sweep
# --jobs 2`'s, bit for bit, whatever the batch size: the capacity sweep (12 rows, closed forms
# in test_sweep.py: lock t* = w0 Jeff / C, heat 1/2 Jeff w0^2), the converter launch study
# (27 variants of labs/converter-launch.lab.json) and a sweep whose invalid variants are error
# rows. A worker whose lab is not the client's (another fingerprint) refuses to run.
import json
import os

import distributed  # CTest registers this file only when Dask distributed is installed
import pytest

import drivelab
from conftest import CAPACITY, LABS, SWEEPS, TWO_INERTIA, cli_sweep


@pytest.fixture(scope="module")
def client():
    cluster = distributed.LocalCluster(n_workers=2, processes=True, threads_per_worker=1, dashboard_address=None,
                                       scheduler_port=0, silence_logs=40)
    c = distributed.Client(cluster)
    try:
        c.wait_for_workers(2, timeout=120)
        yield c
    finally:
        c.close()
        cluster.close()


def test_capacity_sweep_is_bit_identical(client, tmp_path):
    sweep = drivelab.sweep.load(CAPACITY)
    local1, local2 = sweep.run(jobs=1), sweep.run(jobs=2)
    default = drivelab.sweep.run_dask(sweep, client)
    singles = drivelab.sweep.run_dask(sweep, client, batch_size=1)
    cli_csv = cli_sweep(CAPACITY, tmp_path / "r.csv", "--jobs", "2")
    assert local1.to_csv() == local2.to_csv() == default.to_csv() == singles.to_csv() == cli_csv
    assert default.to_json() == local1.to_json() == cli_sweep(CAPACITY, tmp_path / "r.json", "--jobs", "2", "--json")
    assert default.rows == local1.rows and default.errors == {}
    # both workers took part in the one-variant batches
    assert len(client.nthreads()) == 2


def test_launch_study_is_bit_identical(client, tmp_path):
    path = os.path.join(LABS, "converter-launch.sweep.json")
    sweep = drivelab.sweep.load(path)
    assert len(sweep) == 27
    dask = drivelab.sweep.run_dask(sweep, client, batch_size=4)
    cli_csv = cli_sweep(path, tmp_path / "launch.csv", "--jobs", "2")
    assert dask.to_csv() == cli_csv
    assert sweep.run(jobs=2, indices=range(0, 27, 5)).to_csv().splitlines()[1:] == cli_csv.splitlines()[1::5]
    part = drivelab.sweep.run_dask(sweep, client, indices=[26, 2])
    assert part.to_csv().splitlines()[1:] == [cli_csv.splitlines()[3], cli_csv.splitlines()[27]]


def test_error_rows_travel(client):
    d = json.load(open(CAPACITY))
    d["factors"] = [{"path": "load.inertia", "values": [0.8, -1.0, 0.4, 0.0]}]
    sweep = drivelab.sweep.Sweep.from_dict(d, base_dir=SWEEPS)
    res = drivelab.sweep.run_dask(sweep, client, batch_size=1)
    assert sorted(res.errors) == [1, 3]
    assert res.errors[1].startswith("does not compile: load: inertia:")
    assert res.to_csv() == sweep.run(jobs=1).to_csv()


def test_worker_refuses_another_lab(tmp_path):
    # what a worker runs: the sweep text and base dir; a lab of other content is refused
    sweep = drivelab.sweep.load(CAPACITY)
    rows = drivelab.sweep.run_batch(sweep.source_text, os.path.abspath(SWEEPS), sweep.lab_fingerprint, [5])
    assert rows == sweep._study.run_rows([5], 1)
    other = json.load(open(TWO_INERTIA))
    other["nodes"][0]["inertia"] = 0.3
    (tmp_path / "two-inertia.lab.json").write_text(json.dumps(other))
    with pytest.raises(drivelab.LabError) as e:
        drivelab.sweep.run_batch(sweep.source_text, str(tmp_path), sweep.lab_fingerprint, [5])
    assert "fingerprint" in str(e.value)
