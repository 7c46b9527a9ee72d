"""docs/cli.md shows each command's help as the command prints it: every ```text block whose first
line is "$ maskcheck ... --help" must equal what that command prints now. With --write, rewrites
the blocks from the command instead (after a change to the options).
Usage: cli_help.py MASKCHECK CLI_MD [--write]"""
import re
import subprocess
import sys

maskcheck, path = sys.argv[1], sys.argv[2]
write = "--write" in sys.argv[3:]
text = open(path).read()
block = re.compile(r"```text\n\$ (maskcheck[^\n]* --help)\n(.*?)```", re.S)
stale = []


def current(match):
    command = match.group(1).split()[1:]
    printed = subprocess.run([maskcheck, *command], capture_output=True, text=True).stdout
    if printed != match.group(2):
        stale.append(match.group(1))
    return f"```text\n$ {match.group(1)}\n{printed}```"


updated = block.sub(current, text)
if not block.search(text):
    sys.exit(f"FAIL: {path} shows no command's help")
if write:
    open(path, "w").write(updated)
elif stale:
    sys.exit(f"FAIL: {path} shows help the command no longer prints: {', '.join(stale)}\n"
             f"rewrite them with: python3 {sys.argv[0]} {maskcheck} {path} --write")
print(f"{len(block.findall(text))} help texts match the command")
