"""The kill matrix, the score, report.json (the mutation-testing-elements schema) and report.html."""
import json
import subprocess
from pathlib import Path

from .mutants import ROOT

CELL = {"killed": "K", "passed": ".", "timeout": "T", "skipped": "s", "n/a": "-", None: " "}


def score(mutants, equivalent) -> tuple:
    counted = [m for m in mutants if m.id not in equivalent
               and m.status not in ("CompileError", "Ignored")]
    detected = [m for m in counted if m.status in ("Killed", "Timeout")]
    return len(detected), len(counted)


def print_matrix(mutants, room, equivalent):
    checks = room.checks()
    width = max(len(m.id) for m in mutants)
    print(f"{'mutant':<{width}}  " + " ".join(f"{c:>11}" for c in checks) + "  status")
    for m in mutants:
        cells = " ".join(f"{CELL[m.results.get(c)]:>11}" for c in checks)
        note = " (equivalent: reviewed)" if m.id in equivalent else ""
        if m.timed_out:
            note += f" (timed out beside other work: {', '.join(m.timed_out)}; run again alone)"
        print(f"{m.id:<{width}}  {cells}  {m.status}{note}")
    print("K killed, . passed (the mutant survived that check), T timeout (a mutant no check kills "
          "is a Timeout only if it times out alone too), s skipped (no CPU support), - not "
          "applicable, blank: not run (--first-kill)")
    by_status = {}
    for m in mutants:
        by_status[m.status] = by_status.get(m.status, 0) + 1
    print("status: " + ", ".join(f"{count} {name}" for name, count in sorted(by_status.items())))
    for check in checks:
        print(f"  {check}: kills {sum(m.results.get(check) == 'killed' for m in mutants)}")
    if getattr(room, "fuzz_runs", None) is not None:
        only = room.killed_only_by_fuzzing(mutants)
        print("killed only by a fuzz target: " + (", ".join(only) if only else "none"))
    detected, counted = score(mutants, equivalent)
    timeouts = sum(m.status == "Timeout" and m.id not in equivalent for m in mutants)
    percent = 100.0 * detected / counted if counted else 100.0
    print(f"mutation score, {room.name} room: {detected}/{counted} = {percent:.1f}%: "
          f"{detected - timeouts} killed, "
          f"{timeouts} timed out alone too (over all but compile errors, skipped and reviewed "
          f"equivalents)")
    return percent


def write_report(mutants, out: Path):
    files = {}
    for m in mutants:
        source = (ROOT / m.file).read_text()
        entry = files.setdefault(m.file, {"language": "cpp", "source": source, "mutants": []})
        entry["mutants"].append({
            "id": m.id, "mutatorName": m.mutator, "replacement": m.replacement,
            "description": m.description, "location": m.location(source), "status": m.status,
            "killedBy": [c for c, r in m.results.items() if r == "killed"],
            "statusReason": ", ".join(f"{c}: {r}" for c, r in m.results.items()) + (
                f"; timed out beside other work, run again alone: {', '.join(m.timed_out)}"
                if m.timed_out else ""),
        })
    report = {"schemaVersion": "1", "thresholds": {"high": 100, "low": 90},
              "projectRoot": str(ROOT), "files": files}
    (out / "report.json").write_text(json.dumps(report, indent=2) + "\n")
    return report


def write_html(report, out: Path):
    """Renders report.html with the npm package mutation-testing-elements, installed under build/."""
    npm_dir = ROOT / "build" / "mutation-npm"
    bundle = npm_dir / "node_modules" / "mutation-testing-elements" / "dist" / "mutation-test-elements.js"
    if not bundle.exists():
        npm_dir.mkdir(parents=True, exist_ok=True)
        try:
            subprocess.run(["npm", "install", "--prefix", npm_dir, "--no-audit", "--no-fund",
                            "mutation-testing-elements"], check=True, timeout=300,
                           capture_output=True)
        except (OSError, subprocess.SubprocessError) as error:
            print(f"mutate: npm install mutation-testing-elements failed ({error}): no HTML report")
            return
    # </script> inside the inlined JSON would end the script element early.
    data = json.dumps(report).replace("</", "<\\/")
    page = ("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>maskcheck mutants</title>"
            f"<script>{bundle.read_text()}</script></head><body>\n"
            "<mutation-test-report-app title-postfix=\"maskcheck\"></mutation-test-report-app>\n"
            f"<script>document.querySelector('mutation-test-report-app').report = {data};</script>\n"
            "</body></html>\n")
    (out / "report.html").write_text(page)
    print(f"HTML report: {out / 'report.html'}")
