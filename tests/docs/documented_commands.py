"""Every command the README and docs/ show a user must be run, as written, by the test that covers it.

What is a command (the guides in docs/guides run whole, on their own, so they are not read here):
- each line of a ```sh block: continuations joined, comments and blank lines left out, spaces
  collapsed; but a line whose comment begins with "# your" is an illustration over the reader's
  own program, library or server (`MASKCHECK_KERNEL=block ./server   # your server: ...`), not run;
- each inline code span (it may wrap across lines) that starts, after any MASKCHECK_*= or
  RC_PARAMS= settings, with a program: `ctest`, or a path under scripts/, fuzz/ or
  build/release/bin/ followed by arguments or preceded by settings. Not commands: a span with
  `...` (a template, the elided part the reader's), settings alone (`MASKCHECK_DEFLATE=1`), and
  a program's path alone, which names it (`scripts/fuzz`) and must name one that exists.

Covered means: COVERED has a "command<TAB>test" line for it, ctest has that test, and one of the
test's scripts (the .sh files on its command line) calls `documented 'COMMAND'` (tests/docs/
commands/documented.sh) with the command verbatim in one quoted word, or with the command followed
by options of its own (`documented 'scripts/mutate --fuzz --fuzz-runs 0'` runs `scripts/mutate
--fuzz` shortened by an option). The test "ci" is CI itself: .ci/run must run the command as one
whole line. A command not covered, a covered line no document shows any more, a test ctest does not
have, a script that does not run its command as written, and an illustration mapped to a test each
fail this, named one a line.
Usage: documented_commands.py COVERED BUILD_DIR DOCUMENT...   (or: --list DOCUMENT...)"""
import glob
import json
import re
import shlex
import subprocess
import sys
from pathlib import Path

CHECKOUT = Path(__file__).resolve().parents[2]
PROGRAM_PATHS = ("scripts/", "fuzz/", "build/release/bin/")
SETTING = re.compile(r"^(MASKCHECK_[A-Z0-9_]*|RC_PARAMS)=")
ILLUSTRATION = re.compile(r"\s#\s*your\b")
CALL = re.compile(r"\bdocumented\s+('[^']*'|\"(?:[^\"\\]|\\.)*\")")


def block_lines(text):
    """(command, illustration?) for each line of the text's ```sh blocks."""
    found, block, pending = [], False, ""
    for line in text.splitlines():
        if line.startswith("```"):
            block = line == "```sh"
            continue
        if not block:
            continue
        line = pending + line
        if line.endswith("\\"):
            pending = line[:-1] + " "
            continue
        pending = ""
        illustration = bool(ILLUSTRATION.search(line))
        line = re.sub(r"\s+#.*$", "", line).strip()
        if line and not line.startswith("#"):
            found.append((" ".join(line.split()), illustration))
    return found


def inline_spans(text):
    """The inline code spans outside fenced blocks, each on one line, spaces collapsed."""
    prose = re.sub(r"^```.*?^```[^\n]*$", "", text, flags=re.M | re.S)
    return [" ".join(span.split()) for span in re.findall(r"(?<!`)`([^`]+?)`(?!`)", prose)
            if "\n\n" not in span]


def span_kind(span):
    """'command', 'name' (a program's path alone) or None (not a command) for an inline span."""
    if "..." in span:
        return None
    try:
        words = shlex.split(span)
    except ValueError:
        return None
    settings = 0
    while settings < len(words) and SETTING.match(words[settings]):
        settings += 1
    if settings == len(words):
        return None
    program = words[settings]
    if program != "ctest" and not program.startswith(PROGRAM_PATHS):
        return None
    return "name" if len(words) == 1 else "command"


def shown(paths):
    """{command: path}, {illustration: path} and {program name: path} of the documents."""
    commands, illustrations, names = {}, {}, {}
    for path in paths:
        text = Path(path).read_text()
        for command, illustration in block_lines(text):
            (illustrations if illustration else commands)[command] = path
        for span in inline_spans(text):
            kind = span_kind(span)
            if kind == "command":
                commands.setdefault(span, path)
            elif kind == "name":
                names[span] = path
    return commands, illustrations, names


def test_scripts(build):
    """{test: [its .sh scripts]} from ctest, and "ci": .ci/run."""
    listed = subprocess.run(["ctest", "--test-dir", build, "--show-only=json-v1"],
                            capture_output=True, text=True).stdout
    tests = {"ci": [CHECKOUT / ".ci" / "run"]}
    for test in json.loads(listed or '{"tests": []}')["tests"]:
        tests[test["name"]] = [Path(a) for a in test.get("command", []) if a.endswith(".sh")]
    return tests


def runs(command, test, scripts):
    """Whether the test's scripts run the command as written (see the module's text)."""
    for script in scripts:
        if not script.is_file():
            continue
        text = script.read_text()
        if test == "ci":
            if any(re.fullmatch(r"(exec\s+)?(bash\s+)?" + re.escape(command), line.strip())
                   for line in text.splitlines()):
                return True
            continue
        code = "\n".join(line for line in text.splitlines() if not line.lstrip().startswith("#"))
        for word in CALL.findall(code):
            called = " ".join(shlex.split(word)[0].split())
            if called == command or called.startswith(command + " -"):
                return True
    return False


def problems(covered, commands, illustrations, names, tests):
    found = [f"not covered by any test: {command}   ({path})"
             for command, path in commands.items() if command not in covered]
    found += [f"an illustration ('# your ...') is not run, so no test covers it: {command}"
              for command in covered if command in illustrations]
    found += [f"covered, but no document shows it any more: {command}"
              for command in covered if command not in commands and command not in illustrations]
    for command, test in covered.items():
        if command not in commands:
            continue
        if test not in tests:
            found.append(f"covered by '{test}', which ctest does not have: {command}")
        elif not runs(command, test, tests[test]):
            where = ", ".join(str(s) for s in tests[test]) or "no script"
            found.append(f"covered by '{test}', whose script ({where}) does not run it as written "
                         f"(documented '...'): {command}")
    found += [f"names a program that does not exist: {name}   ({path})"
              for name, path in names.items()
              if name != "ctest" and not glob.glob(str(CHECKOUT / name))]
    return found


def main():
    if len(sys.argv) < 3:
        print(__doc__.strip().splitlines()[-1])
        sys.exit(2)
    if sys.argv[1] == "--list":
        commands, illustrations, _ = shown(sys.argv[2:])
        for command, path in commands.items():
            print(f"{path}: {command}")
        for command, path in illustrations.items():
            print(f"{path}: (illustration) {command}")
        return
    covered_path, build = sys.argv[1], sys.argv[2]
    commands, illustrations, names = shown(sys.argv[3:])
    covered = dict(line.rstrip("\n").split("\t") for line in open(covered_path) if line.strip())
    found = problems(covered, commands, illustrations, names, test_scripts(build))
    for problem in found:
        print("FAIL: " + problem)
    if found:
        sys.exit(1)
    print(f"{len(commands)} documented commands, each run as written by the test that covers it; "
          f"{len(illustrations)} illustrations, {len(names)} program names")


main()
