"""What a live server or client must do under `maskcheck wire`, checked.

  expect_wire.py peers FINDINGS SIDE [--partial] REGISTERED...
      FINDINGS (interop/findings.json) checked whole, and against the peers the build registered on
      SIDE (servers or clients): each has exactly one expectation, and (without --partial: only
      some families built) each expectation names one of them. Prints the expected peers in the
      file's order, one a line. Bad input: one line on stderr, exit 2.
  expect_wire.py peer FINDINGS SIDE NAME -- MASKCHECK wire ARGUMENTS...
      One peer of the suite: each of its findings is made at each of its cases, with its report,
      and the first case's printed repro line shows it again; each finding fixed in this build
      passes its first case; and in each run over a slice of the cases, every failure is one of
      its findings (its case and report). A compressing client (SIDE clients, --deflate) must
      have sent compressed messages.
  expect_wire.py judge FINDINGS SIDE NAME RUN_JSON whole|subset
      One line for scripts/servers: the findings a --json run made, a tab, then "ok" or "FAIL:
      what is wrong" (a failure no finding explains; with whole, every case sent: a finding not
      made, or a fixed one made).
  expect_wire.py first CASE_ID REPORT -- MASKCHECK wire ARGUMENTS...
      A planted bug: the slice's first failure is CASE_ID, its report matches REPORT, and its
      repro line shows it again.
MASKCHECK_WIRE_SLICES holds the slices' options, runs apart separated by '|'."""
import json
import os
import re
import shlex
import subprocess
import sys

# More than any slice fails: every failure must be listed to be explained.
EVERY_FAILURE = "1000000"
FINDING_FIELDS = {"library", "what", "requirement", "level", "cause", "upstream", "first", "report"}
LEVELS = {"MUST", "SHOULD", "policy"}


class BadInput(Exception):
    pass


def unique_keys(pairs):
    keys = [key for key, _ in pairs]
    for key in keys:
        if keys.count(key) > 1:
            raise BadInput(f"'{key}' is given twice")
    return dict(pairs)


def load(path):
    """The findings file, every reference in it checked."""
    try:
        with open(path) as file:
            data = json.load(file, object_pairs_hook=unique_keys)
    except (OSError, ValueError, BadInput) as error:
        raise BadInput(f"{path}: {error}") from None
    findings = data.get("findings", {})
    for name, finding in findings.items():
        missing = FINDING_FIELDS - finding.keys()
        if missing:
            raise BadInput(f"{path}: finding '{name}' lacks {', '.join(sorted(missing))}")
        if finding["level"] not in LEVELS:
            raise BadInput(f"{path}: finding '{name}' has level '{finding['level']}', not one of "
                           f"{', '.join(sorted(LEVELS))}")
        for pattern in finding["report"] + [finding.get("explains", "")]:
            try:
                re.compile(pattern)
            except re.error as error:
                raise BadInput(f"{path}: finding '{name}': '{pattern}': {error}") from None
    used = set()
    for side in ("servers", "clients", "fixed"):
        for peer, names in data.get(side, {}).items():
            for name in names:
                if name not in findings:
                    raise BadInput(f"{path}: {side} '{peer}' names no such finding '{name}'")
                used.add(name)
    for peer in data.get("fixed", {}):
        if peer not in data.get("servers", {}) and peer not in data.get("clients", {}):
            raise BadInput(f"{path}: 'fixed' names '{peer}', which no side has")
    for name in findings.keys() - used:
        raise BadInput(f"{path}: finding '{name}' is asserted on no peer")
    return data


def peers(path, side, registered, partial):
    expected = load(path).get(side, {})
    for peer in registered:
        if peer not in expected:
            raise BadInput(f"{path}: the {side[:-1]} '{peer}' has no expectation (an empty list if "
                           "it passes)")
    if not partial:
        for peer in expected:
            if peer not in registered:
                raise BadInput(f"{path}: the expectation for '{peer}' names no {side[:-1]} of "
                               "the build")
    for peer in expected:
        if peer in registered:
            print(peer)


def run(command):
    done = subprocess.run(command, capture_output=True, text=True)
    return done.returncode, done.stdout + done.stderr


def tail(text, lines=30):
    return "\n".join(text.splitlines()[-lines:])


def fail(message, output=""):
    print("FAIL: " + message)
    if output:
        print(tail(output))
    sys.exit(1)


def shows(output, case, reports):
    """Whether a text report fails CASE with every REPORT pattern matching."""
    return (re.search(rf"^FAIL {re.escape(case)}$", output, re.M) is not None
            and all(re.search(pattern, output) for pattern in reports))


def replay(maskcheck, repro, case, reports):
    words = shlex.split(repro)
    code, again = run([maskcheck] + words[1:])
    if code != 1 or not shows(again, case, reports):
        fail(f"the repro line '{repro}' did not show {case} again (exit {code}):", again)


def makes(maskcheck, wire, case, reports, replayed):
    code, out = run(wire + ["--case", case])
    if code != 1 or not shows(out, case, reports):
        fail(f"the known finding was not made at {case} /{' & '.join(reports)}/ (exit {code}):",
             out)
    if not re.search(r"^  breaks RFC ", out, re.M):
        fail(f"the failure at {case} names no requirement it breaks:", out)
    if replayed:
        repro = re.search(r"repro: (\S*maskcheck .*)", out)  # a sanitized build names its path
        if not repro:
            fail(f"{case} printed no repro line:", out)
        replay(maskcheck, repro.group(1), case, reports)


def slices():
    text = os.environ.get("MASKCHECK_WIRE_SLICES", "")
    return [shlex.split(part) for part in text.split("|")] if text.strip() else [[]]


def slice_run(wire, options, max_failures):
    command = wire + options + ["--json", "--quiet", "--max-failures", max_failures]
    done = subprocess.run(command, capture_output=True, text=True)
    code, out = done.returncode, done.stdout + done.stderr
    try:
        summary = json.loads(done.stdout)  # the peer's own words go to stderr
    except ValueError:
        fail(f"{' '.join(options) or 'the run'} printed no JSON summary (exit {code}):", out)
    if code not in (0, 1) or len(summary["failures"]) != summary["failed_cases"]:
        fail(f"{' '.join(options) or 'the run'} ended with exit {code} and "
             f"{summary['failed_cases']} failed cases, {len(summary['failures'])} listed:", out)
    return summary


def explains(finding, failure):
    cases = finding.get("explains")
    if cases is None:
        ok = failure["case"] in [finding["first"]] + finding.get("also", [])
    else:
        ok = re.search(cases, failure["case"]) is not None
    report = failure["headline"] + "\n" + failure.get("detail", "")
    return ok and all(re.search(pattern, report) for pattern in finding["report"])


def unexplained_failures(findings, failures):
    return [failure for failure in failures
            if not any(explains(finding, failure) for finding in findings.values())]


def peer_findings(data, path, side, name):
    if name not in data.get(side, {}):
        raise BadInput(f"{path}: no {side[:-1]} '{name}'")
    return {finding: data["findings"][finding] for finding in data[side][name]}


def judge(path, side, name, run_path, whole):
    """One line for scripts/servers' table: the findings a run made, then ok or what is wrong.
    WHOLE: the run sent every case, so each finding must be made and each fixed one not."""
    data = load(path)
    findings = peer_findings(data, path, side, name)
    try:
        with open(run_path) as file:
            failures = json.load(file)["failures"]
    except (OSError, ValueError, KeyError):
        print(f"-\tFAIL: did not run (see {run_path})")
        return
    failed = {failure["case"] for failure in failures}
    made = [key for key, finding in findings.items() if finding["first"] in failed]
    problems = [f"{len(unexplained_failures(findings, failures))} failures no known finding "
                "explains"] if unexplained_failures(findings, failures) else []
    if whole:
        problems += [f"{key} not made" for key in findings if key not in made]
        problems += [f"{key}, fixed here, made" for key in data.get("fixed", {}).get(name, [])
                     if data["findings"][key]["first"] in failed]
    print(f"{', '.join(made) or 'none'}\t{'FAIL: ' + '; '.join(problems) if problems else 'ok'}")


def check_peer(path, side, name, wire):
    data = load(path)
    maskcheck = wire[0]
    findings = peer_findings(data, path, side, name)
    for key, finding in findings.items():
        for case in [finding["first"]] + finding.get("also", []):
            makes(maskcheck, wire, case, finding["report"], case == finding["first"])
        print(f"found as expected: {key}, first at {finding['first']}")
    for key in data.get("fixed", {}).get(name, []):
        case = data["findings"][key]["first"]
        code, out = run(wire + ["--case", case])
        if code != 0 or f"PASS {case}" not in out:
            fail(f"{key} is fixed in this build, but {case} did not pass (exit {code}):", out)
        print(f"fixed as expected: {key}, {case} passes")
    compressed = 0
    for options in slices():
        summary = slice_run(wire, options, EVERY_FAILURE)
        unexplained = unexplained_failures(findings, summary["failures"])
        if unexplained:
            listed = "\n".join(f"  {f['case']}: {f['headline']}\n  repro: {f['repro']}"
                               for f in unexplained[:10])
            fail(f"{len(unexplained)} of {summary['failed_cases']} failures over "
                 f"'{' '.join(options)}' are no known finding of {name}:\n{listed}")
        compressed += summary.get("messages", {}).get("compressed", 0)
        print(f"{' '.join(options) or 'every case'}: {summary['cases']} cases in "
              f"{summary['seconds']:.1f} s, {summary['failed_cases']} failed, each a known finding")
    if side == "clients" and "--deflate" in wire and compressed == 0:
        fail(f"{name} agreed to permessage-deflate but sent no compressed message")


def check_first(case, report, wire):
    options = slices()
    if len(options) != 1:
        raise BadInput("a planted bug is looked for in one slice")
    summary = slice_run(wire, options[0], "1")
    failures = summary["failures"]
    if not failures or not explains({"first": case, "report": [report]}, failures[0]):
        fail(f"the planted bug was not found first at {case} /{report}/:",
             json.dumps(failures[:1], indent=2))
    if not failures[0].get("requirement", "").startswith("RFC "):
        fail(f"the failure at {case} names no requirement it breaks:",
             json.dumps(failures[:1], indent=2))
    replay(wire[0], failures[0]["repro"], case, [report])
    print(f"found as expected: {case}")


def main(argv):
    try:
        if argv[:1] == ["peers"] and len(argv) >= 3:
            partial = "--partial" in argv[3:]
            peers(argv[1], argv[2], [a for a in argv[3:] if a != "--partial"], partial)
        elif argv[:1] == ["peer"] and len(argv) > 5 and argv[4] == "--":
            check_peer(argv[1], argv[2], argv[3], argv[5:])
        elif argv[:1] == ["judge"] and len(argv) == 6 and argv[5] in ("whole", "subset"):
            judge(argv[1], argv[2], argv[3], argv[4], argv[5] == "whole")
        elif argv[:1] == ["first"] and len(argv) > 4 and argv[3] == "--":
            check_first(argv[1], argv[2], argv[4:])
        else:
            raise BadInput("usage: expect_wire.py peers|peer|first ... (see its docstring)")
    except BadInput as error:
        print(f"expect_wire: {error}", file=sys.stderr)
        sys.exit(2)


main(sys.argv[1:])
