"""Every command the README and docs/ show a user (the lines of their ```sh blocks; the guides run
whole, on their own) must be covered by a test that runs it in a short form and checks what it
promises. COVERED lists "command<TAB>test" lines; a command no line covers, a line whose command no
document shows any more, or a test ctest does not have fails this, naming each.
Usage: documented_commands.py COVERED BUILD_DIR DOCUMENT...   (or: --list DOCUMENT...)"""
import re
import subprocess
import sys


def commands(path):
    """The command lines of a document's sh blocks: continuations joined, comments and blank lines
    left out, spaces collapsed."""
    found, block, pending = [], False, ""
    for line in open(path):
        line = line.rstrip("\n")
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
        line = re.sub(r"\s+#.*$", "", line).strip()
        if line and not line.startswith("#"):
            found.append(" ".join(line.split()))
    return found


def main():
    if sys.argv[1] == "--list":
        for path in sys.argv[2:]:
            for command in commands(path):
                print(f"{path}: {command}")
        return
    covered_path, build = sys.argv[1], sys.argv[2]
    shown = {command: path for path in sys.argv[3:] for command in commands(path)}
    covered = {}
    for line in open(covered_path):
        command, test = line.rstrip("\n").split("\t")
        covered[command] = test
    listed = subprocess.run(["ctest", "--test-dir", build, "-N"], capture_output=True, text=True).stdout
    tests = set(re.findall(r"Test +#\d+: (\S+)", listed))
    problems = [f"not covered by any test: {command}   ({path})"
                for command, path in shown.items() if command not in covered]
    problems += [f"covered, but no document shows it any more: {command}"
                 for command in covered if command not in shown]
    problems += [f"covered by '{test}', which ctest does not have: {command}"
                 for command, test in covered.items() if test != "ci" and test not in tests]
    for problem in problems:
        print("FAIL: " + problem)
    if problems:
        sys.exit(1)
    print(f"{len(shown)} documented commands, each covered by a test")


main()
