"""Runs the mutants: each built in a slot and sent through its room's checks, a check timed against
the unmutated tree's run of it, and every mutant that timed out beside other work run again alone."""
import concurrent.futures
import queue
import re
import time
from pathlib import Path

from .mutants import ROOT, Mutant, die
from .slots import Slot, run


def run_check(check, mutant_file, slot: Slot, log: Path, timeouts) -> str:
    commands = slot.room.commands(check, mutant_file, slot, log.parent)
    if isinstance(commands, str):
        return commands
    for command in commands:
        status, _ = run(command, log, timeout=timeouts.get(check))
        if status == "timeout":
            return "timeout"
        if status != 0:
            return "killed"
    return "passed"


def baseline_timeouts(slot: Slot, jobs: int) -> dict:
    """Runs every check on the unmutated tree (all must pass) and derives each one's timeout: 5x
    the time of every file's variant of it (+10 s), so it covers the slowest. Variants that run the
    same commands (most files' stream check runs block's parser) are run once, on `jobs` cores."""
    room = slot.room
    room.baseline(slot)
    checks = [c for c in room.checks() if c != "compiler"]
    files = room.baseline_files
    variants = {(check, f): room.commands(check, f, slot, slot.logs)
                for check in checks for f in files}
    distinct = {repr(v): (check, v) for (check, _), v in variants.items() if not isinstance(v, str)}

    def measure(key):
        check, commands = distinct[key]
        log = slot.logs / f"baseline-{check}-{list(distinct).index(key)}.log"
        start = time.monotonic()
        for command in commands:
            if run(command, log)[0] != 0:
                # CI keeps only this output: the log's end says which test failed and how.
                tail = "\n".join(log.read_text(errors="replace").splitlines()[-40:])
                die(f"the unmutated tree fails {check}: see {log}, which ends:\n{tail}")
        return key, time.monotonic() - start

    with concurrent.futures.ThreadPoolExecutor(max(1, jobs)) as pool:
        seconds = dict(pool.map(measure, distinct))
    return {check: 5 * sum(seconds.get(repr(variants[check, f]), 0) for f in files) + 10
            for check in checks}


def classify(mutant: Mutant, checks):
    results = [mutant.results.get(check) for check in checks]
    if "killed" in results:
        mutant.status = "Killed"
    elif "timeout" in results:
        mutant.status = "Timeout"
    elif "skipped" in results and all(r in ("skipped", "n/a") for c, r in zip(checks, results)
                                      if c != "compiler"):
        mutant.status = "Ignored"  # the only checks that could see it cannot run on this CPU
    else:
        mutant.status = "Survived"


def test_mutant(mutant: Mutant, slot: Slot, timeouts, logs_root: Path, first_kill: bool,
                alone=False):
    """Builds the mutant in the slot and runs its checks. alone: the second pass, which runs again
    only the checks that timed out beside other work (and those a timeout kept from running under
    --first-kill), in logs/ID/alone."""
    start = time.monotonic()
    checks = slot.room.checks()
    logs = logs_root / re.sub(r"[^\w.-]", "_", mutant.id) / ("alone" if alone else "")
    logs.mkdir(parents=True, exist_ok=True)
    target = slot.src / mutant.file
    pristine = (ROOT / mutant.file).read_text()
    target.write_text(mutant.mutated(pristine))
    try:
        if not slot.build_targets(logs):
            mutant.status = "CompileError"
            return
        if alone:
            mutant.timed_out = [c for c, r in mutant.results.items() if r == "timeout"]
            for check in mutant.timed_out:
                del mutant.results[check]
        elif "compiler" in checks:
            mutant.results["compiler"] = slot.room.compiler_verdict(slot, mutant.file, logs)
        for check in [c for c in checks if c != "compiler" and c not in mutant.results]:
            if first_kill and any(r in ("killed", "timeout") for r in mutant.results.values()):
                break
            mutant.results[check] = run_check(check, mutant.file, slot, logs / f"{check}.log",
                                              timeouts)
        classify(mutant, checks)
    finally:
        target.write_text(pristine)  # a fresh mtime: the next build recompiles the original
        mutant.seconds += time.monotonic() - start


def test_all(mutants, slots, timeouts, logs_root: Path, first_kill: bool):
    """Every mutant on the slots at once; then each that timed out again, one at a time on the
    first slot with nothing else of this run beside it: a check that ran past its timeout while
    other mutants' checks shared the cores may have been slowed by them, not by the mutant."""
    free = queue.Queue()
    for slot in slots:
        free.put(slot)

    def work(mutant):
        slot = free.get()  # a slot is one worker's: its source copy holds one mutant at a time
        try:
            test_mutant(mutant, slot, timeouts, logs_root, first_kill)
        finally:
            free.put(slot)
        print(f"  {mutant.status:<12} {mutant.id} ({mutant.seconds:.0f} s)", flush=True)

    with concurrent.futures.ThreadPoolExecutor(len(slots)) as pool:
        list(pool.map(work, mutants))
    timed_out = [m for m in mutants if m.status == "Timeout"]
    if timed_out:
        print(f"mutate: {len(timed_out)} timed out; each timed-out check again, alone", flush=True)
    for mutant in timed_out:
        test_mutant(mutant, slots[0], timeouts, logs_root, first_kill, alone=True)
        print(f"  {mutant.status:<12} {mutant.id} (alone: {', '.join(mutant.timed_out)})",
              flush=True)
