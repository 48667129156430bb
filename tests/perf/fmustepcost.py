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
    fmustepcost.py --cli ... --bench ... --lab NAME --steps tick --update --reason TEXT

Prints one line per lab and step. --check exits 1 when
  - a doStep per report interval costs more than 10 % over the CLI's tick (the issue's bound;
    CTest: fmustepcost_interval, clutch-engagement), or
  - a doStep per tick adds more or less than its recorded cost over the CLI's tick (the FMU's
    instructions per tick minus the CLI's, tests/perf/fmustepcost.json) by more than the file's
    tolerance (5 %): above is a slowdown to find or to accept with a reason, below a saving to record
    (CTest: fmustepcost_tick, clutch-engagement). The added cost, not the FMU's whole figure, is
    recorded, so a change of the solver's tick (which both pay) does not move it. Its verdict against
    the issue's 10 % is printed ("OVER" while it is over; docs/FMI.md "Cost").
--update measures a lab's doStep per tick twice, refuses when the counts differ, and records it with
today's date, the commit and the reason. Exit 77 (CTest: skipped) when the build is not a Release build.
"""
import argparse
import datetime
import json
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import tickbudget  # noqa: E402

BOUND = 0.10
RECORD = os.path.join(os.path.dirname(os.path.abspath(__file__)), "fmustepcost.json")
UPDATE = "tests/perf/fmustepcost.py --cli build/bin/drivelab-cli --bench build/tests/bench_fmu --lab {lab} --steps tick --update --reason 'WHY'"
DEFAULT_LABS = ["converter-launch", "clutch-engagement", "drive-cycle"]


def fmu_instructions(bench, name, ticks, step):
    cmd = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", os.path.abspath(bench), "--count", name, str(ticks), str(step)]
    p = subprocess.run(cmd, capture_output=True, text=True)
    m = re.search(r"^==\d+== Collected : (\d+)$", p.stderr, re.M)
    if p.returncode != 0 or not m:
        sys.exit(f"fmustepcost: {name}: '{' '.join(cmd)}' failed (exit {p.returncode}):\n{p.stderr[-2000:]}")
    return int(m.group(1))


def load():
    with open(RECORD, encoding="utf-8") as f:
        return json.load(f)


def save(record):
    record["cases"].sort(key=lambda e: e["lab"])
    tmp = RECORD + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        f.write(json.dumps(record, indent=2, ensure_ascii=False) + "\n")
    os.replace(tmp, RECORD)  # never a half-written file


def measure(args, name, step):
    """(CLI instructions per tick, FMU instructions per tick, ticks counted) of `name` stepped `step` ticks per doStep"""
    total = tickbudget.lab_ticks(name)
    short = 10 * step
    long_ = min(total, max(20000, 20 * step)) // step * step
    cli = tickbudget.per_tick(args.cli, name, short, long_)
    fmu = (fmu_instructions(args.bench, name, long_, step) - fmu_instructions(args.bench, name, short, step)) / (long_ - short)
    return cli, fmu, (short, long_)


def update(args, record):
    if not args.reason or not args.reason.strip():
        sys.exit("fmustepcost: --update needs --reason TEXT (why the figure moves; it is recorded)")
    cases = {e["lab"]: e for e in record["cases"]}
    for name in args.lab or DEFAULT_LABS:
        first = measure(args, name, 1)
        second = measure(args, name, 1)
        if first != second:
            sys.exit(f"fmustepcost: {name}: two counts differ ({first} and {second}): the count is not deterministic here")
        cli, fmu, (short, long_) = first
        cases[name] = {"lab": name, "short_ticks": short, "long_ticks": long_, "cli_instructions_per_tick": round(cli, 1),
                       "fmu_instructions_per_tick": round(fmu, 1), "added_per_tick": round(fmu - cli, 1),
                       "over_cli": round(fmu / cli - 1, 4), "updated": datetime.date.today().isoformat(),
                       "commit": tickbudget.commit(), "reason": args.reason.strip()}
        print(f"{name}: recorded a doStep per tick at {fmu:.1f} instructions/tick, {fmu - cli:+.1f} over the CLI's {cli:.1f} "
              f"({fmu / cli - 1:+.2%})")
    record["cases"] = list(cases.values())
    save(record)
    return 0


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--cli", required=True)
    ap.add_argument("--bench", required=True)
    ap.add_argument("--lab", action="append")
    ap.add_argument("--steps", choices=["both", "tick", "interval"], default="both")
    ap.add_argument("--check", action="store_true")
    ap.add_argument("--update", action="store_true", help="measure a doStep per tick and record it (with --reason)")
    ap.add_argument("--reason", help="why the recorded figure changes (required with --update)")
    args = ap.parse_args()
    build_type, _ = tickbudget.build_settings(args.cli)
    if build_type != "Release":
        print(f"fmustepcost: skipped: a {build_type} build (the figures are a Release build's)")
        return tickbudget.SKIP
    record = load()
    if args.update:
        return update(args, record)
    cases = {e["lab"]: e for e in record["cases"]}
    tolerance = record["tolerance"]
    failed = False
    for name in args.lab or DEFAULT_LABS:
        every = tickbudget.json.load(open(tickbudget.lab_path(name), encoding="utf-8"))["run"]["report_every_ticks"]
        steps = {"both": (1, every), "tick": (1,), "interval": (every,)}[args.steps]
        for step in steps:
            cli, fmu, (short, long_) = measure(args, name, step)
            over = fmu / cli - 1
            verdict = "ok" if over <= BOUND else "OVER"
            print(f"{name}: ticks {short} to {long_}: CLI {cli:.1f} instructions/tick, FMU with {step} tick(s) per doStep "
                  f"{fmu:.1f} ({over:+.2%}) {verdict}")
            if step != 1:
                failed = failed or over > BOUND
                continue
            e = cases.get(name)
            if not e:
                print(f"  no recorded figure for a doStep per tick (record one: {UPDATE.format(lab=name)})")
                failed = failed or args.check
                continue
            added, rec = fmu - cli, e["added_per_tick"]
            moved = added / rec - 1
            line = (f"  adds {added:.1f} instructions per tick over the CLI; recorded {rec:.1f} ({e['updated']}, {e['commit']}: "
                    f"{e['reason']}), {moved:+.2%}")
            if abs(moved) > tolerance:
                what = "more: find the slowdown" if moved > 0 else "less: record the saving"
                line += f" -- {what}, or record it in the same change with its reason:\n  {UPDATE.format(lab=name)}"
                failed = True
            print(line)
    return 1 if (failed and args.check) else 0


if __name__ == "__main__":
    sys.exit(main())
