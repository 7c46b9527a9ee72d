#!/usr/bin/env python3
"""scripts/servers --html: the matrix of every implementation against every section, as one page
that links to each implementation's own (maskcheck wire --html). Each cell is the section's cases
run and failed for that implementation, from its --json summary.
Usage: servers_matrix.py OUT_DIR SUMMARIES_DIR NAME...  (OUT_DIR/NAME/index.html are the pages;
SUMMARIES_DIR/NAME.json the summaries)"""
import html
import json
import os
import sys


def section_key(row):
    return (row["rfc"], [int(part) for part in row["section"].split(".")], row["cases"])


def main(out, summaries, names):
    runs, rows = {}, {}
    for name in names:
        try:
            with open(os.path.join(summaries, f"{name}.json")) as file:
                runs[name] = json.load(file)
        except (OSError, ValueError):
            runs[name] = None  # it did not run: an empty column says so
            continue
        for row in runs[name].get("requirements", []):
            rows.setdefault((row["rfc"], row["section"], row["cases"]), row)
    ordered = sorted(rows.values(), key=section_key)
    head = "".join(f'<th><a href="{html.escape(name)}/index.html">{html.escape(name)}</a></th>'
                   for name in names)
    lines = ["<!DOCTYPE html>", '<html lang="en"><head><meta charset="utf-8">',
             "<title>maskcheck wire: every implementation, every section</title><style>",
             "body{font-family:sans-serif;margin:2em}table{border-collapse:collapse}",
             "td,th{border:1px solid #ccc;padding:.3em .6em}.passed{background:#dfd}",
             ".failed{background:#fdd}.none{color:#999}</style></head><body>",
             "<h1>Every implementation, every section</h1>",
             "<p>Each cell: the section's cases run, and how many failed. A column's name opens "
             "its page: each failure's requirement, bytes, replies and repro line.</p>",
             f'<table id="matrix"><tr><th>section</th><th>level</th><th>cases</th>{head}</tr>']
    for row in ordered:
        cells = []
        for name in names:
            found = next((r for r in (runs[name] or {}).get("requirements", [])
                          if (r["rfc"], r["section"], r["cases"]) ==
                          (row["rfc"], row["section"], row["cases"])), None)
            if found is None:
                cells.append('<td class="none">-</td>')
            else:
                kind = "failed" if found["failed"] else "passed"
                cells.append(f'<td class="{kind}">{found["run"]} run, {found["failed"]} failed</td>')
        lines.append(f'<tr><td>RFC {row["rfc"]} {row["section"]}</td><td>{row["level"]}</td>'
                     f'<td title="{html.escape(row["requirement"])}">{html.escape(row["cases"])}</td>'
                     + "".join(cells) + "</tr>")
    lines += ["</table>", "</body></html>"]
    os.makedirs(out, exist_ok=True)
    with open(os.path.join(out, "index.html"), "w") as file:
        file.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    if len(sys.argv) < 4:
        print("usage: servers_matrix.py OUT_DIR SUMMARIES_DIR NAME...", file=sys.stderr)
        sys.exit(2)
    main(sys.argv[1], sys.argv[2], sys.argv[3:])
