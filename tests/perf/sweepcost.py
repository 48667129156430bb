#!/usr/bin/python3
"""A study's every-tick metrics against the plain run, in instructions per tick (issue 37, target 6;
docs/PERFORMANCE.md, "Every-tick metrics at the plain run's cost").

Deterministic: callgrind's instruction counts, as tests/perf/tickbudget.py counts the plain run. For
each case of tests/perf/sweepcost.json, instructions per tick of

  - the plain run: `drivelab-cli run -` on the lab cut to a short and a longer run
    (tickbudget.per_tick: the difference over the difference of ticks removes start-up, compile and
    the run's fixed costs);
  - the study: `drivelab-cli sweep --jobs 1` of one variant of the lab (its only factor
    run.duration_ns, at the same two lengths) with the case's metrics (its own list, or a shipped
    sweep's), the same difference.

The study's extra per tick over the plain run is what its metrics cost (a sweep variant runs the
same checked run; only the hook after each tick is added).

    sweepcost.py --cli build/bin/drivelab-cli [--case NAME ...]          check (what CTest runs)
    sweepcost.py --cli build/bin/drivelab-cli --update --reason TEXT [--case NAME ...]

A check fails (exit 1) when a case's extra is over the target (5 % of the plain run's tick), or more
than one percentage point above or below its recorded figure (below: record the saving, so the next
slowdown cannot hide in it). --update measures each case twice, refuses when the two differ, and
rewrites the case's figures with today's date, the commit and the reason. Exit 77 (CTest: skipped)
when the build is not a Release build.
"""
import argparse
import datetime
import json
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import tickbudget  # noqa: E402

CASES = os.path.join(tickbudget.HERE, "sweepcost.json")
UPDATE = "tests/perf/sweepcost.py --cli build/bin/drivelab-cli --update --case {case} --reason 'WHY'"


def load():
    with open(CASES, encoding="utf-8") as f:
        return json.load(f)


def save(data):
    text = json.dumps(data, indent=2, ensure_ascii=False) + "\n"
    tmp = CASES + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        f.write(text)
    os.replace(tmp, CASES)  # never a half-written file


def metrics_of(case):
    """the case's metrics: its own list, or those of a shipped sweep (path from the source tree)"""
    if "metrics" in case:
        return case["metrics"]
    with open(os.path.join(tickbudget.SOURCE, case["sweep"]), encoding="utf-8") as f:
        return json.load(f)["metrics"]


def sweep_instructions(cli, case, ticks):
    """callgrind's instruction count of `drivelab-cli sweep --jobs 1` of one variant: the lab cut to `ticks`"""
    lab = tickbudget.lab_path(case["lab"])
    with open(lab, encoding="utf-8") as f:
        tick_ns = json.load(f)["run"]["tick_ns"]
    sweep = {"format": "drivelab.sweep", "version": 1, "lab": lab, "design": "grid",
             "factors": [{"path": "run.duration_ns", "values": [tick_ns * ticks]}], "metrics": metrics_of(case)}
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "case.sweep.json")
        with open(path, "w", encoding="utf-8") as f:
            json.dump(sweep, f)
        cmd = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", os.path.abspath(cli), "sweep", path,
               "--output", os.path.join(tmp, "rows.csv"), "--jobs", "1", "--quiet"]
        p = subprocess.run(cmd, capture_output=True, text=True)
        rows = open(os.path.join(tmp, "rows.csv"), encoding="utf-8").read() if os.path.isfile(os.path.join(tmp, "rows.csv")) else ""
    m = re.search(r"^==\d+== Collected : (\d+)$", p.stderr, re.M)
    # a variant that failed has its error in the row's last column: a failed run measures nothing
    if p.returncode != 0 or not m or len(rows.splitlines()) != 2 or not rows.splitlines()[1].endswith(","):
        sys.exit(f"sweepcost: {case['name']}: '{' '.join(cmd)}' on {ticks} ticks failed (exit {p.returncode}):\n"
                 f"{rows}\n{p.stderr[-2000:]}")
    return int(m.group(1))


def measure(cli, case):
    """(plain run, study) instructions per tick"""
    short, long = case["short_ticks"], case["long_ticks"]
    plain = tickbudget.per_tick(cli, case["lab"], short, long)
    study = (sweep_instructions(cli, case, long) - sweep_instructions(cli, case, short)) / (long - short)
    return plain, study


def describe(case, plain, study):
    return (f"{case['name']} ({case['lab']}, ticks {case['short_ticks']} to {case['long_ticks']}): plain run {plain:.1f}, "
            f"study {study:.1f} instructions per tick: {study - plain:+.1f} ({study / plain - 1:+.2%})")


def check(args, data):
    target, tol = data["target"], data["tolerance"]
    failed = False
    for case in data["cases"]:
        if args.case and case["name"] not in args.case:
            continue
        plain, study = measure(args.cli, case)
        over, rec = study / plain - 1, case.get("over_plain")
        line = describe(case, plain, study)
        if rec is None:
            print(f"FAIL {line}\n  no recorded figure; record one:\n  {UPDATE.format(case=case['name'])}")
            failed = True
        elif over > target:
            print(f"FAIL {line}\n  over the target of {target:.0%} (issue 37, target 6)")
            failed = True
        elif abs(over - rec) > tol:
            side = "above" if over > rec else "below"
            print(f"FAIL {line}\n  more than {tol:.0%} of a tick {side} the recorded {rec:+.2%} ({case['updated']}, {case['commit']}: "
                  f"{case['reason']}): find the cost, or record the change with its reason:\n  {UPDATE.format(case=case['name'])}")
            failed = True
        else:
            print(f"ok   {line}; recorded {rec:+.2%}")
    return 1 if failed else 0


def update(args, data):
    if not args.reason or not args.reason.strip():
        sys.exit("sweepcost: --update needs --reason TEXT (why the figures move; it is recorded)")
    when = datetime.datetime.now(datetime.timezone.utc).date().isoformat()
    at = tickbudget.commit()
    for case in data["cases"]:
        if args.case and case["name"] not in args.case:
            continue
        first, second = measure(args.cli, case), measure(args.cli, case)
        if first != second:
            sys.exit(f"sweepcost: {case['name']}: two measurements differ ({first} and {second}): not deterministic, nothing written")
        plain, study = first
        case.update({"plain_per_tick": round(plain, 1), "study_per_tick": round(study, 1),
                     "over_plain": round(study / plain - 1, 5), "updated": when, "commit": at, "reason": args.reason.strip()})
        print(describe(case, plain, study))
    data["toolchain"] = tickbudget.toolchain(args.cli)
    save(data)
    return 0


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--cli", required=True, help="the drivelab-cli to measure")
    ap.add_argument("--case", action="append", help="a case's name (tests/perf/sweepcost.json); repeatable; default: every case")
    ap.add_argument("--update", action="store_true", help="measure and rewrite the cases' figures")
    ap.add_argument("--reason", help="why the figures change (required with --update)")
    args = ap.parse_args()
    data = load()
    known = {c["name"] for c in data["cases"]}
    for name in args.case or []:
        if name not in known:
            ap.error(f"--case {name}: not a case of tests/perf/sweepcost.json ({', '.join(sorted(known))})")
    build_type = tickbudget.build_settings(args.cli)[0]
    if build_type != "Release":
        print(f"skipped: the figures are for the Release build (the build of {args.cli} is {build_type or 'without a build type'})")
        return tickbudget.SKIP
    return update(args, data) if args.update else check(args, data)


if __name__ == "__main__":
    sys.exit(main())
