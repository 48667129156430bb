#!/usr/bin/python3
"""Per-tick cost budget of every shipped lab (issue 37, target 7; docs/PERFORMANCE.md, "Tick budget").

Instructions per tick, counted by `valgrind --tool=callgrind` on `drivelab-cli run` of the lab cut
to a short and a longer run (the lab's own text with only run.duration_ns changed, fed on standard
input from the lab's folder so its csv and part files resolve as for the file): the difference of
the two runs' instructions over the difference of their ticks removes start-up, compile and
the run's fixed costs. Same binary, same count, every run. The recorded figures are in
tests/perf/tickbudget.json and hold for the CI's Release build (docs/PERFORMANCE.md).

    tickbudget.py --cli build/bin/drivelab-cli [--lab NAME ...]          check (what CTest runs)
    tickbudget.py --cli build/bin/drivelab-cli --update --reason TEXT [--lab NAME ...] [--ticks N]
    tickbudget.py --list-check                                           the file covers every lab

A check fails (exit 1) when a lab's instructions per tick are more than the tolerance (5 %) above
or below its recorded figure: above is a slowdown to find or to accept with a reason, below a
saving to record so the next slowdown cannot hide in it. --update measures each lab twice, refuses
when the two counts differ, and rewrites the lab's entry with today's date, the commit and the
reason. Exit 77 (CTest: skipped) when the build is not a Release build.
"""
import argparse
import datetime
import json
import os
import platform
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCE = os.path.abspath(os.path.join(HERE, "..", ".."))
BUDGET = os.path.join(HERE, "tickbudget.json")
LABS = os.path.join(SOURCE, "labs")
SKIP = 77
SHORT_TICKS = 10
LONG_TICKS = 20000  # ticks after the short run's, at most the lab's own length
UPDATE = "tests/perf/tickbudget.py --cli build/bin/drivelab-cli --update --lab {lab} --reason 'WHY'"


def shipped_labs():
    """the labs of labs/ (labs/parts and labs/cycles hold no labs)"""
    return sorted(f[: -len(".lab.json")] for f in os.listdir(LABS) if f.endswith(".lab.json"))


def lab_path(name):
    return os.path.join(LABS, name + ".lab.json")


def lab_ticks(name):
    run = json.load(open(lab_path(name), encoding="utf-8"))["run"]
    return run["duration_ns"] // run["tick_ns"]


def instructions(cli, name, ticks):
    """callgrind's instruction count of `drivelab-cli run -` on the lab cut to `ticks` ticks"""
    with open(lab_path(name), encoding="utf-8") as f:
        lab = json.load(f)
    lab["run"]["duration_ns"] = lab["run"]["tick_ns"] * ticks
    with tempfile.TemporaryFile() as text:
        text.write(json.dumps(lab).encode("utf-8"))
        text.seek(0)
        cmd = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", os.path.abspath(cli), "run", "-", "--quiet"]
        p = subprocess.run(cmd, stdin=text, cwd=LABS, capture_output=True, text=True)
    m = re.search(r"^==\d+== Collected : (\d+)$", p.stderr, re.M)
    if p.returncode != 0 or not m:
        sys.exit(f"tickbudget: {name}: '{' '.join(cmd)}' on {ticks} ticks failed (exit {p.returncode}):\n{p.stderr[-2000:]}")
    return int(m.group(1))


def per_tick(cli, name, short, long):
    a, b = instructions(cli, name, short), instructions(cli, name, long)
    return (b - a) / (long - short)


def build_settings(cli):
    """the build type and compiler of the CLI's build (its CMakeCache.txt, BUILD/bin/drivelab-cli)"""
    cache = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(cli))), "CMakeCache.txt")
    found = {}
    if os.path.isfile(cache):
        for line in open(cache, encoding="utf-8", errors="replace"):
            m = re.match(r"(CMAKE_BUILD_TYPE|CMAKE_CXX_COMPILER):\w+=(.*)$", line.strip())
            if m:
                found[m.group(1)] = m.group(2)
    compiler = found.get("CMAKE_CXX_COMPILER", "")
    version = subprocess.run([compiler, "--version"], capture_output=True, text=True).stdout if compiler else ""
    return found.get("CMAKE_BUILD_TYPE"), (version.splitlines() or ["unknown compiler"])[0]


def toolchain(cli):
    build_type, compiler = build_settings(cli)
    valgrind = subprocess.run(["valgrind", "--version"], capture_output=True, text=True).stdout.strip()
    return f"{compiler}, {build_type}, glibc {platform.libc_ver()[1]}, {valgrind}, {platform.machine()}"


def commit():
    def git(*a):
        return subprocess.run(["git", "-C", SOURCE, *a], capture_output=True, text=True).stdout.strip()

    head = git("rev-parse", "--short=7", "HEAD") or "unknown"
    dirty = git("status", "--porcelain", "--untracked-files=no")
    return head + (" + uncommitted changes" if dirty else "")


def load():
    with open(BUDGET, encoding="utf-8") as f:
        return json.load(f)


def save(budget):
    budget["labs"].sort(key=lambda e: e["lab"])
    text = json.dumps(budget, indent=2, ensure_ascii=False) + "\n"
    tmp = BUDGET + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        f.write(text)
    os.replace(tmp, BUDGET)  # never a half-written budget


def check(args, budget):
    entries = {e["lab"]: e for e in budget["labs"]}
    tol = budget["tolerance"]
    recorded_with = budget.get("toolchain", "")
    now = toolchain(args.cli)
    if recorded_with != now:
        print(f"note: the budget was recorded with {recorded_with}; this build is {now}: figures may differ")
    failed = False
    for name in args.lab or shipped_labs():
        e = entries.get(name)
        if e is None:
            print(f"FAIL {name}: no recorded budget in tests/perf/tickbudget.json; record one:\n  {UPDATE.format(lab=name)}")
            failed = True
            continue
        got = per_tick(args.cli, name, e["short_ticks"], e["long_ticks"])
        rec = e["instructions_per_tick"]
        change = got / rec - 1
        line = (f"{name}: recorded {rec:.1f} instructions per tick ({e['updated']}, {e['commit']}: {e['reason']}), "
                f"measured {got:.1f} ({change:+.2%}; ticks {e['short_ticks']} to {e['long_ticks']})")
        if change > tol:
            print(f"FAIL {line}\n  more than {tol:.0%} over the budget: find the slowdown (docs/PERFORMANCE.md, \"Tick budget\"), "
                  f"or accept it in the same change with its reason:\n  {UPDATE.format(lab=name)}")
            failed = True
        elif change < -tol:
            print(f"FAIL {line}\n  more than {tol:.0%} under the budget: lower the budget in the same change, "
                  f"so the next slowdown cannot hide in the saving:\n  {UPDATE.format(lab=name)}")
            failed = True
        else:
            print(f"ok   {line}")
    return 1 if failed else 0


def update(args, budget):
    if not args.reason or not args.reason.strip():
        sys.exit("tickbudget: --update needs --reason TEXT (why the figures move; it is recorded)")
    entries = {e["lab"]: e for e in budget["labs"]}
    names = args.lab or shipped_labs()
    when = datetime.datetime.now(datetime.timezone.utc).date().isoformat()
    at = commit()
    for name in names:
        old = entries.get(name)
        long = old["long_ticks"] if old and not args.ticks else SHORT_TICKS + (args.ticks or LONG_TICKS)
        long = min(lab_ticks(name), long)
        first, second = per_tick(args.cli, name, SHORT_TICKS, long), per_tick(args.cli, name, SHORT_TICKS, long)
        if first != second:
            sys.exit(f"tickbudget: {name}: two measurements differ ({first} and {second}): not deterministic, nothing written")
        entries[name] = {"lab": name, "short_ticks": SHORT_TICKS, "long_ticks": long,
                         "instructions_per_tick": round(first, 1), "updated": when, "commit": at,
                         "reason": args.reason.strip()}
        was = f"{old['instructions_per_tick']:.1f} -> " if old else ""
        print(f"{name}: {was}{first:.1f} instructions per tick (ticks {SHORT_TICKS} to {long})")
    for gone in set(entries) - set(shipped_labs()):
        print(f"{gone}: no longer in labs/; its entry removed")
        del entries[gone]
    budget["labs"] = list(entries.values())
    budget["toolchain"] = toolchain(args.cli)
    save(budget)
    return 0


def list_check(budget):
    recorded, shipped = {e["lab"] for e in budget["labs"]}, set(shipped_labs())
    ok = True
    for name in sorted(shipped - recorded):
        print(f"FAIL {name}: a shipped lab without a budget; record one:\n  {UPDATE.format(lab=name)}")
        ok = False
    for name in sorted(recorded - shipped):
        print(f"FAIL {name}: a budget for a lab that is not in labs/; remove it: tests/perf/tickbudget.py --cli CLI "
              f"--update --lab SOME_LAB --reason 'WHY' drops entries of labs that are gone")
        ok = False
    for e in budget["labs"]:
        missing = [k for k in ("short_ticks", "long_ticks", "instructions_per_tick", "updated", "commit", "reason") if not e.get(k)]
        if missing:
            print(f"FAIL {e['lab']}: its entry lacks {', '.join(missing)}")
            ok = False
    print(f"{len(shipped)} shipped labs, {len(recorded)} budgets")
    return 0 if ok else 1


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--cli", help="the drivelab-cli to measure")
    ap.add_argument("--lab", action="append", help="a lab's name (labs/NAME.lab.json); repeatable; default: every lab")
    ap.add_argument("--update", action="store_true", help="measure and rewrite the labs' entries")
    ap.add_argument("--reason", help="why the budget changes (required with --update)")
    ap.add_argument("--ticks", type=int, help=f"with --update: ticks of the longer run after the short one (default {LONG_TICKS}, "
                    "or the entry's; at most the lab's own length)")
    ap.add_argument("--list-check", action="store_true", help="check that the file holds exactly the shipped labs")
    args = ap.parse_args()
    budget = load()
    if args.list_check:
        return list_check(budget)
    if not args.cli:
        ap.error("--cli is required")
    for name in args.lab or []:
        if not os.path.isfile(lab_path(name)):
            ap.error(f"--lab {name}: no labs/{name}.lab.json")
    build_type = build_settings(args.cli)[0]
    if build_type != "Release":
        print(f"skipped: the budget is for the Release build (the build of {args.cli} is {build_type or 'without a build type'})")
        return SKIP
    return update(args, budget) if args.update else check(args, budget)


if __name__ == "__main__":
    sys.exit(main())
