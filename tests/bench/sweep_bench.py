#!/usr/bin/python3
"""Sweep throughput (docs/SCALING.md): 1,000 variants of labs/converter-launch.lab.json through
every engine. Run by hand from the source tree after a build, never by CTest (it times):

    PYTHONPATH=build/python /usr/bin/python3 tests/bench/sweep_bench.py [--cli build/bin/drivelab-cli]
        [--sweep tests/bench/launch-1000.sweep.json] [--grid 10] [--skip-python] [--skip-dask]

It (re)writes the sweep file (a 10 x 10 x 10 grid: throttle opening, lockup apply time, lockup
capacity), runs `drivelab-cli sweep --jobs 1` and `--jobs 2`, drivelab.sweep's `run(jobs=1|2)`
and `run_dask` on a LocalCluster of 1 and of 2 worker processes (one thread each; the cluster
is started and warmed up before the clock starts), checks that every engine wrote the CLI's
CSV text bit for bit, and prints variants per second and the scaling efficiency (the rate on
2 workers over twice the rate on 1).
"""
import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCE = os.path.abspath(os.path.join(HERE, "..", ".."))


def write_sweep(path, n):
    sweep = {
        "format": "drivelab.sweep",
        "version": 1,
        "description": "Throughput benchmark (tests/bench/sweep_bench.py, docs/SCALING.md): %d launches, " % n ** 3 +
                       "throttle x lockup apply time x lockup capacity.",
        "lab": os.path.relpath(os.path.join(SOURCE, "labs", "converter-launch.lab.json"), os.path.dirname(os.path.abspath(path))),
        "design": "grid",
        "factors": [
            {"path": "events[0].value", "range": {"from": 0.1, "to": 1.0, "count": n}},
            {"path": "events[1].time_ns", "values": [1000000000 + 3600000000 * k // (n - 1) for k in range(n)]},
            {"path": "events[1].value", "range": {"from": 250.0, "to": 700.0, "count": n}},
        ],
        "metrics": [
            {"name": "vehicle_speed_end", "reduce": "final", "observable": "wheels.speed"},
            {"name": "t_wheels_10", "reduce": "first_crossing", "observable": "wheels.speed", "level": 10.0, "direction": "up"},
            {"name": "peak_engine_speed", "reduce": "max", "observable": "engine.speed"},
            {"name": "lockup_time", "reduce": "lock_time", "component": "lockup"},
            {"name": "heat", "reduce": "total_heat"},
        ],
    }
    with open(path, "w", encoding="utf-8") as f:
        f.write(json.dumps(sweep, indent=2) + "\n")


def cpu_seconds():
    """CPU time of this process and its waited-for children (the CLI), user + system [s]"""
    own = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime


def timed(label, n, fn, results, cpu=True):
    """wall time and, where the work runs in this process or a child it waits for, CPU time:
    on a machine shared with other work the CPU time per variant is the steadier figure"""
    load = os.getloadavg()[0]
    c0, t0 = cpu_seconds(), time.perf_counter()
    csv = fn()
    wall, used = time.perf_counter() - t0, cpu_seconds() - c0
    results.append((label, n, wall, csv, used / n * 1e3 if cpu else None, load))
    print("%-34s %5d variants in %7.2f s: %6.2f variants/s%s (load average %.1f before)" %
          (label, n, wall, n / wall, ", %.1f ms CPU per variant" % (used / n * 1e3) if cpu else "", load), flush=True)
    return csv


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--cli", default=os.path.join(SOURCE, "build", "bin", "drivelab-cli"))
    ap.add_argument("--sweep", help="the sweep file to write (default tests/bench/launch-<variants>.sweep.json)")
    ap.add_argument("--grid", type=int, default=10, help="values per factor (variants: its cube; default 10)")
    ap.add_argument("--skip-python", action="store_true")
    ap.add_argument("--skip-dask", action="store_true")
    a = ap.parse_args()
    if a.grid < 2:
        ap.error("--grid needs 2 or more")
    a.sweep = a.sweep or os.path.join(HERE, "launch-%d.sweep.json" % a.grid ** 3)
    write_sweep(a.sweep, a.grid)
    results = []
    out = tempfile.mkdtemp(prefix="sweep-bench-")

    def cli(jobs):
        path = os.path.join(out, "cli-%d.csv" % jobs)
        subprocess.run([a.cli, "sweep", a.sweep, "--output", path, "--jobs", str(jobs), "--quiet"], check=True)
        return open(path, encoding="utf-8").read()

    n = None
    if not a.skip_python or not a.skip_dask:
        import drivelab
        sweep = drivelab.sweep.load(a.sweep)
        n = len(sweep)
    n = n or 1000
    reference = timed("drivelab-cli sweep --jobs 1", n, lambda: cli(1), results)
    timed("drivelab-cli sweep --jobs 2", n, lambda: cli(2), results)
    if not a.skip_python:
        timed("drivelab.sweep run(jobs=1)", n, lambda: sweep.run(jobs=1).to_csv(), results)
        timed("drivelab.sweep run(jobs=2)", n, lambda: sweep.run(jobs=2).to_csv(), results)
    if not a.skip_dask:
        import distributed
        for workers in (1, 2):
            with distributed.LocalCluster(n_workers=workers, processes=True, threads_per_worker=1, dashboard_address=None,
                                          silence_logs=40) as cluster, distributed.Client(cluster) as client:
                client.wait_for_workers(workers)
                drivelab.sweep.run_dask(sweep, client, indices=range(workers))  # import and prepare on each worker
                timed("run_dask, LocalCluster %d worker%s" % (workers, "s" if workers > 1 else ""), n,
                      lambda: drivelab.sweep.run_dask(sweep, client).to_csv(), results, cpu=False)
    bad = [r[0] for r in results if r[3] != reference]
    print("\nall engines wrote the CLI's CSV text" if not bad else "\nDIFFERENT TEXT: " + ", ".join(bad))
    print("\n| engine | variants | wall [s] | variants/s | efficiency | CPU ms per variant | load average |\n|---|---|---|---|---|---|---|")
    for i, (label, count, wall, _, cpu, load) in enumerate(results):
        eff = ""
        if i % 2 == 1:
            eff = "%.0f %%" % (100.0 * (count / wall) / (2.0 * results[i - 1][1] / results[i - 1][2]))
        print("| %s | %d | %.2f | %.2f | %s | %s | %.1f |" % (label, count, wall, count / wall, eff,
                                                           "" if cpu is None else "%.1f" % cpu, load))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
