#!/usr/bin/env python3
"""Compares maskcheck --json summaries for the cli test.

same A B             A and B are the same run: equal but for timings.
shards WHOLE S...    the shards S... of the run WHOLE: per sweep, their cases and failures add up
                     to WHOLE's, and their failing case ids together are exactly WHOLE's.
"""
import json
import sys

TIMINGS = {"seconds", "cases_per_second"}


def without_timings(value):
    if isinstance(value, dict):
        return {k: without_timings(v) for k, v in value.items() if k not in TIMINGS}
    if isinstance(value, list):
        return [without_timings(v) for v in value]
    return value


def sweep_name(sweep):
    return sweep.get("sweep") or f'{sweep["kernel"]}:{sweep["entry"]}'


def load(path):
    with open(path) as f:
        return json.load(f)


def same(a, b):
    if without_timings(load(a)) != without_timings(load(b)):
        return f"{a} and {b} differ beyond their timings"
    return None


def shards(whole_path, shard_paths):
    whole = {sweep_name(s): s for s in load(whole_path)["sweeps"]}
    added = {name: {"cases": 0, "failed_cases": 0, "ids": []} for name in whole}
    for path in shard_paths:
        for sweep in load(path)["sweeps"]:
            name = sweep_name(sweep)
            if sweep["cases"] == 0:
                return f"{path}: shard of {name} ran no cases"
            added[name]["cases"] += sweep["cases"]
            added[name]["failed_cases"] += sweep["failed_cases"]
            added[name]["ids"] += [f["case_id"] for f in sweep["failures"]]
    for name, sweep in whole.items():
        got = added[name]
        if got["cases"] != sweep["cases"] or got["failed_cases"] != sweep["failed_cases"]:
            return (f"{name}: shards ran {got['cases']} cases, {got['failed_cases']} failed; "
                    f"the whole run {sweep['cases']}, {sweep['failed_cases']}")
        if sorted(got["ids"]) != sorted(f["case_id"] for f in sweep["failures"]):
            return f"{name}: the shards' failing cases are not the whole run's"
    return None


def main():
    verb, paths = sys.argv[1], sys.argv[2:]
    error = same(*paths) if verb == "same" else shards(paths[0], paths[1:])
    if error:
        print(error)
        sys.exit(1)


main()
