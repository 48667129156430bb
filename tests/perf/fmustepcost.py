#!/usr/bin/python3
"""An exported FMU's step cost against the CLI's per-tick cost, in instructions (issue 38, "Speed";
docs/PERFORMANCE.md, "FMU export").

Deterministic: callgrind's instruction counts, as tests/perf/tickbudget.py counts the CLI. For each
lab, instructions per tick of

  - `drivelab-cli run -` on the lab cut to a short and a longer run (tickbudget.per_tick: the
    difference over the difference of ticks removes start-up, compile and the run's fixed costs);
  - `bench_fmu --count LAB TICKS STEP`: the lab exported as an FMI 3 FMU, one instance stepped
    STEP ticks per fmi3DoStep and every output read with fmi3GetFloat64 after each step, for a
    short and a longer number of ticks (the same difference), with STEP = 1 (a doStep per tick)
    and STEP = the lab's report interval (what the CLI's report does: one observation per interval).

    fmustepcost.py --cli build/bin/drivelab-cli --bench build/tests/bench_fmu [--lab NAME ...]
                   [--steps both|tick|interval] [--check]

Prints one line per lab and step. --check exits 1 when either step costs more than 10 % over the
CLI's per tick (the issue's bound). CTest runs `--lab clutch-engagement --steps interval --check` as
fmustepcost_interval (label tickbudget); a doStep per tick is over the bound (docs/FMI.md, "Cost").
Exit 77 (CTest: skipped) when the build is not a Release build.
"""
import argparse
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import tickbudget  # noqa: E402

BOUND = 0.10
DEFAULT_LABS = ["converter-launch", "clutch-engagement", "drive-cycle"]


def fmu_instructions(bench, name, ticks, step):
    cmd = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", os.path.abspath(bench), "--count", name, str(ticks), str(step)]
    p = subprocess.run(cmd, capture_output=True, text=True)
    m = re.search(r"^==\d+== Collected : (\d+)$", p.stderr, re.M)
    if p.returncode != 0 or not m:
        sys.exit(f"fmustepcost: {name}: '{' '.join(cmd)}' failed (exit {p.returncode}):\n{p.stderr[-2000:]}")
    return int(m.group(1))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--cli", required=True)
    ap.add_argument("--bench", required=True)
    ap.add_argument("--lab", action="append")
    ap.add_argument("--steps", choices=["both", "tick", "interval"], default="both")
    ap.add_argument("--check", action="store_true")
    args = ap.parse_args()
    build_type, _ = tickbudget.build_settings(args.cli)
    if build_type != "Release":
        print(f"fmustepcost: skipped: a {build_type} build (the figures are a Release build's)")
        return tickbudget.SKIP
    failed = False
    for name in args.lab or DEFAULT_LABS:
        lab = tickbudget.json.load(open(tickbudget.lab_path(name), encoding="utf-8"))
        every = lab["run"]["report_every_ticks"]
        total = tickbudget.lab_ticks(name)
        steps = {"both": (1, every), "tick": (1,), "interval": (every,)}[args.steps]
        for step in steps:
            short = 10 * step
            long_ = min(total, max(20000, 20 * step)) // step * step
            cli = tickbudget.per_tick(args.cli, name, short, long_)
            fmu = (fmu_instructions(args.bench, name, long_, step) - fmu_instructions(args.bench, name, short, step)) / (long_ - short)
            over = fmu / cli - 1
            verdict = "ok" if over <= BOUND else "OVER"
            print(f"{name}: ticks {short} to {long_}: CLI {cli:.1f} instructions/tick, FMU with {step} tick(s) per doStep "
                  f"{fmu:.1f} ({over:+.2%}) {verdict}")
            failed = failed or over > BOUND
    return 1 if (failed and args.check) else 0


if __name__ == "__main__":
    sys.exit(main())
