"""The README's findings table and what CI asserts are the same list: every case id the table
names is asserted (a live finding's first case in interop/findings.json, or a kernel or parser
finding of interop/kernels/expectations.cmake), every live finding has its row, and every row says its
RFC level and upstream status. It shows its teeth on two broken copies of the table: a row
dropped, and a case id no test asserts.
Usage: readme_findings_test.py README FINDINGS_JSON ASSERTED_TXT"""
import json
import re
import sys


def table(text):
    section = text[text.index("## Findings in real libraries"):]
    section = section[:section.index("\n## ", 1)]
    return [line for line in section.splitlines() if line.startswith("| ") and "---" not in line][1:]


def problems(rows, findings, asserted):
    found, listed = [], []
    for row in rows:
        cells = [cell.strip() for cell in row.strip("|").split("|")]
        case = re.fullmatch(r"`([^`]+)`", cells[-1])
        if len(cells) != 5 or not case or not cells[2] or not cells[3]:
            found.append(f"a row without its RFC level, upstream status or one case id: {row}")
            continue
        listed.append(case.group(1))
        if case.group(1) not in asserted:
            found.append(f"the README lists {case.group(1)}, which no test asserts")
    # Two findings may share a first case (two clients' fresh keys): each needs a row of its own.
    firsts = [finding["first"] for finding in findings.values()]
    for case in sorted(set(firsts)):
        if listed.count(case) < firsts.count(case):
            found.append(f"{firsts.count(case)} findings first at {case}, "
                         f"{listed.count(case)} rows in the README")
    return found


def main():
    readme, findings_path, asserted_path = sys.argv[1:]
    rows = table(open(readme).read())
    findings = json.load(open(findings_path))["findings"]
    asserted = {finding["first"] for finding in findings.values()}
    asserted |= set(open(asserted_path).read().split())
    wrong = problems(rows, findings, asserted)
    for problem in wrong:
        print("FAIL: " + problem)
    live = next(i for i, row in enumerate(rows) if "wire:client:fresh-keys" in row)
    dropped = problems(rows[:live] + rows[live + 1:], findings, asserted)
    invented = problems(rows + ["| x | y | 5.1 MUST | not reported | `wire:stream:no-such:server` |"],
                        findings, asserted)
    if not dropped or not invented:
        print("FAIL: a dropped row or an unasserted case id went unnoticed")
        wrong.append("teeth")
    print(f"{len(rows)} rows; a dropped row: {dropped[:1]}; an invented one: {invented[:1]}")
    sys.exit(1 if wrong else 0)


main()
