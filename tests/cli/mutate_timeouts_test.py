"""scripts/mutate scores a timeout only after running the timed-out check again alone: three mutants
time out beside each other on two slots; alone, one is killed, one times out again and one passes
(so, under --first-kill, the check its timeout skipped runs too). Builds and checks are stand-ins.
A check that times out is ended with every process it started, not only its first.
Usage: mutate_timeouts_test.py SCRIPTS_MUTATE"""
import contextlib
import io
import sys
import tempfile
import threading
from pathlib import Path

sys.path.insert(0, str(Path(sys.argv[1]).resolve().parent))
from mutation import report, runner  # noqa: E402 (scripts/mutate's package)
from mutation.mutants import Mutant  # noqa: E402
from mutation.slots import Slot, run  # noqa: E402

CHECKS = ["compiler", "split", "stream"]
ALONE = {"killed-alone": "killed", "slow-alone-too": "timeout", "passes-alone": "passed"}
running = {"now": 0, "most_during_second_pass": 0}
lock = threading.Lock()
second_pass = threading.Event()
calls = []


class Room:
    name = "stand-in"

    def checks(self):
        return CHECKS

    def builds(self, slot):
        return []

    def compiler_verdict(self, slot, mutant_file, logs):
        return "passed"


def fake_check(check, mutant_file, slot, log, timeouts):
    mutant = log.parent.parent.name if log.parent.name == "alone" else log.parent.name
    with lock:
        running["now"] += 1
        if log.parent.name == "alone":
            running["most_during_second_pass"] = max(running["most_during_second_pass"],
                                                     running["now"])
    calls.append((mutant, check, log.parent.name == "alone"))
    try:
        if check == "stream":
            return "passed"
        return ALONE[mutant] if log.parent.name == "alone" else "timeout"
    finally:
        with lock:
            running["now"] -= 1


runner.run_check = fake_check
Slot.build_targets = lambda self, logs: True
with tempfile.TemporaryDirectory() as work:
    work = Path(work)
    slots = [Slot(work / str(n), Room()) for n in range(2)]
    for slot in slots:
        (slot.src / "impl").mkdir(parents=True)
    mutants = [Mutant(name, "impl/block_unmask.cpp", 0, "", "", "Curated", name)
               for name in ALONE]
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        runner.test_all(mutants, slots, {}, work / "logs", first_kill=True)
        report.print_matrix(mutants, Room(), {})
        written = report.write_report(mutants, work)
print(printed.getvalue())

status = {m.id: m.status for m in mutants}
reasons = {m["id"]: m["statusReason"] for f in written["files"].values() for m in f["mutants"]}
expected = {"killed-alone": "Killed", "slow-alone-too": "Timeout", "passes-alone": "Survived"}
failures = []
if status != expected:
    failures.append(f"statuses {status}, expected {expected}")
if [(m, c) for m, c, alone in calls if alone] != [
        ("killed-alone", "split"), ("slow-alone-too", "split"), ("passes-alone", "split"),
        ("passes-alone", "stream")]:
    failures.append(f"the second pass ran {[(m, c) for m, c, alone in calls if alone]}")
if running["most_during_second_pass"] > 1:
    failures.append("a timed-out check ran again beside other work")
if "1 killed, 1 timed out alone too" not in printed.getvalue():
    failures.append("the score line does not count the timeout apart from the killed")
if "run again alone: split" not in reasons["slow-alone-too"]:
    failures.append(f"report.json does not say the timeout ran again alone: {reasons}")

# A check whose process leaves a child running when it times out (as ctest leaves a test's mutant
# spinning in an endless loop): the child ends with it.
with tempfile.TemporaryDirectory() as work:
    pid_file = Path(work) / "child"
    check_status, _ = run(["bash", "-c", f"sleep 300 & echo $! >{pid_file}; wait"],
                          Path(work) / "log", timeout=1)
    child = int(pid_file.read_text())
    state = Path(f"/proc/{child}/stat")
    alive = state.exists() and state.read_text().split(")")[-1].split()[0] != "Z"
    if check_status != "timeout" or alive:
        failures.append(f"a timed-out check left its child {child} running ({check_status})")

for failure in failures:
    print("FAIL: " + failure)
sys.exit(1 if failures else 0)
