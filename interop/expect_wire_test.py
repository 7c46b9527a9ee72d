"""expect_wire.py has teeth: each way a peer can stray from interop/findings.json (a peer with no
expectation, an expectation with no peer, a finding not made, a report that differs, a repro line
that does not replay, a failure that names no requirement, a failure no finding explains, a fixed
finding made again, a compressing client that compresses nothing) fails it, and a peer that does what it says passes. The peer is a
stand-in for maskcheck, answering from a scenario.
Usage: expect_wire_test.py EXPECT_WIRE"""
import json
import os
import subprocess
import sys
import tempfile

# The stand-in: `wire ... --case ID` fails or passes ID as the scenario says, printing a repro
# line that replays it (or, with "repro" broken, one that passes); a --json run prints the
# scenario's summary.
STAND_IN = r'''
import json, os, sys
scenario = json.load(open(os.environ["SCENARIO"]))
args = sys.argv[1:]
if "--case" in args:
    case = args[args.index("--case") + 1]
    if "--broken" in args or case not in scenario["failing"]:
        print(f"PASS {case}"); sys.exit(0)
    broken = " --broken" if scenario.get("repro") == "broken" else ""
    breaks = "" if scenario.get("requirement") == "none" else "  breaks RFC 6455 5.3, MUST: r\n"
    print(f"FAIL {case}\n  {scenario['failing'][case]}\n{breaks}  repro: maskcheck wire{broken} --case {case}")
    sys.exit(1)
summary = scenario["summary"]
print(json.dumps(summary))
sys.exit(1 if summary["failures"] else 0)
'''

FINDINGS = {
    "findings": {
        "keys": {"library": "l", "what": "w", "requirement": "r", "level": "MUST", "cause": "c",
                 "upstream": "u", "first": "wire:a", "also": ["wire:b"],
                 "report": ["keys come again"]},
        "split": {"library": "l", "what": "w", "requirement": "r", "level": "MUST", "cause": "c",
                  "upstream": "u", "first": "wire:deflate:1", "explains": "^wire:deflate:",
                  "report": ["ended"]},
    },
    "servers": {"good": [], "bad": ["keys"], "newer": []},
    "clients": {"squeezer": []},
    "fixed": {"newer": ["split"]},
}


def summary(failures=(), compressed=0, requirement="RFC 6455 5.3, MUST: fresh keys"):
    return {"cases": 10, "failed_cases": len(failures), "seconds": 1.0,
            "failures": [{"case": c, "headline": h, "detail": "", "requirement": requirement,
                          "repro": f"maskcheck wire --case {c}"}
                         for c, h in failures],
            "messages": {"compressed": compressed}}


class Checks:
    def __init__(self, expect_wire, work):
        self.expect_wire, self.work, self.failed = expect_wire, work, 0
        self.fake = os.path.join(work, "maskcheck")
        with open(self.fake, "w") as file:
            file.write(f"#!{sys.executable}\n{STAND_IN}")
        os.chmod(self.fake, 0o755)

    def run(self, args, scenario=None, findings=FINDINGS, slices="--one | --two"):
        path = os.path.join(self.work, "findings.json")
        with open(path, "w") as file:
            file.write(findings if isinstance(findings, str) else json.dumps(findings))
        with open(os.path.join(self.work, "scenario.json"), "w") as file:
            json.dump(scenario or {}, file)
        environment = dict(os.environ, SCENARIO=os.path.join(self.work, "scenario.json"),
                           MASKCHECK_WIRE_SLICES=slices)
        done = subprocess.run([sys.executable, self.expect_wire] + [path if a == "F" else a for a in args],
                              capture_output=True, text=True, env=environment)
        return done.returncode, done.stdout + done.stderr

    def expect(self, title, code, words, args, **kwargs):
        got, out = self.run(args, **kwargs)
        if got != code or words not in out:
            print(f"FAIL: {title}: expected exit {code} and '{words}', got {got}:\n{out}")
            self.failed = 1
        else:
            print(f"ok: {title}")

    def peer(self, side, name, extra=()):
        return ["peer", "F", side, name, "--", self.fake, "wire"] + list(extra)


def main():
    with tempfile.TemporaryDirectory() as work:
        c = Checks(sys.argv[1], work)
        # The file against the build's peers.
        c.expect("a registered server with no expectation", 2, "'extra' has no expectation",
                 ["peers", "F", "servers", "good", "bad", "newer", "extra"])
        c.expect("an expectation naming no server", 2, "expectation for 'newer' names no server",
                 ["peers", "F", "servers", "good", "bad"])
        c.expect("only some families built", 0, "good",
                 ["peers", "F", "servers", "--partial", "good"])
        c.expect("a server given twice", 2, "'good' is given twice",
                 ["peers", "F", "servers", "good"],
                 findings=json.dumps(FINDINGS).replace('"good": [],', '"good": [], "good": [],'))
        c.expect("a finding no peer asserts", 2, "'split' is asserted on no peer",
                 ["peers", "F", "servers", "good"],
                 findings={**FINDINGS, "fixed": {}})
        c.expect("a peer naming no such finding", 2, "no such finding 'nope'",
                 ["peers", "F", "servers", "good"],
                 findings={**FINDINGS, "servers": {**FINDINGS["servers"], "good": ["nope"]}})

        made = {"wire:a": "the keys come again", "wire:b": "the keys come again"}
        c.expect("a finding made at its cases, every failure explained", 0,
                 "found as expected: keys", c.peer("servers", "bad"),
                 scenario={"failing": made, "summary": summary([("wire:a", "the keys come again")])})
        c.expect("a finding whose failure names no requirement", 1, "names no requirement",
                 c.peer("servers", "bad"),
                 scenario={"failing": made, "requirement": "none",
                           "summary": summary([("wire:a", "the keys come again")])})
        c.expect("a finding not made at a case of its", 1, "not made at wire:b",
                 c.peer("servers", "bad"),
                 scenario={"failing": {"wire:a": "the keys come again"}, "summary": summary()})
        c.expect("a finding made with another report", 1, "not made at wire:a",
                 c.peer("servers", "bad"),
                 scenario={"failing": {**made, "wire:a": "something else"}, "summary": summary()})
        c.expect("a repro line that does not replay", 1, "did not show wire:a again",
                 c.peer("servers", "bad"),
                 scenario={"failing": made, "repro": "broken", "summary": summary()})
        c.expect("a failure no finding explains", 1, "1 of 1 failures over '--one'",
                 c.peer("servers", "good"),
                 scenario={"failing": {}, "summary": summary([("wire:a", "the keys come again")])})
        c.expect("a failure with a known case but another report", 1, "are no known finding",
                 c.peer("servers", "bad"),
                 scenario={"failing": made, "summary": summary([("wire:a", "echo differs")])})
        c.expect("a fixed finding made again", 1, "split is fixed in this build",
                 c.peer("servers", "newer"),
                 scenario={"failing": {"wire:deflate:1": "ended"}, "summary": summary()})
        c.expect("a fixed finding passing", 0, "fixed as expected: split",
                 c.peer("servers", "newer"), scenario={"failing": {}, "summary": summary()})
        c.expect("a compressing client that compresses nothing", 1, "sent no compressed message",
                 c.peer("clients", "squeezer", ["--deflate"]),
                 scenario={"failing": {}, "summary": summary()})
        c.expect("a compressing client that compresses", 0, "0 failed",
                 c.peer("clients", "squeezer", ["--deflate"]),
                 scenario={"failing": {}, "summary": summary(compressed=3)})
        c.expect("a planted bug found first elsewhere", 1, "not found first at wire:a",
                 ["first", "wire:a", "keys", "--", c.fake, "wire"],
                 scenario={"failing": made, "summary": summary([("wire:z", "keys come")])},
                 slices="--one")
        c.expect("a planted bug whose failure names no requirement", 1, "names no requirement",
                 ["first", "wire:a", "keys", "--", c.fake, "wire"],
                 scenario={"failing": made,
                           "summary": summary([("wire:a", "keys come")], requirement="")},
                 slices="--one")
        c.expect("a planted bug found first", 0, "found as expected: wire:a",
                 ["first", "wire:a", "keys", "--", c.fake, "wire"],
                 scenario={"failing": made, "summary": summary([("wire:a", "keys come")])},
                 slices="--one")
        sys.exit(c.failed)


main()
