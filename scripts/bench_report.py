#!/usr/bin/env python3
"""Turns kernel_bench's JSON into a GB/s table per entry point, the goal ratios, and a data file
for gnuplot. Usage: bench_report.py KERNELS.json KERNELS.dat"""
import json
import sys

KERNELS = ["reference", "block", "avx2", "memmove"]
ENTRIES = ["words", "imprecise", "inplace", "exact"]


def load(path):
    """Maps (entry, kernel, payload) to GB/s; memmove is filed under every entry point."""
    with open(path) as f:
        runs = json.load(f)["benchmarks"]
    speed = {}
    for run in runs:
        parts = run["name"].split("/")
        gbps = run["bytes_per_second"] / 1e9
        if parts[0] == "memmove":
            for entry in ENTRIES:
                speed[(entry, "memmove", int(parts[1]))] = gbps
        else:
            speed[(parts[0], parts[1], int(parts[2]))] = gbps
    return speed


def cell(value):
    return f"{value:9.2f}" if value is not None else f"{'-':>9}"


def print_tables(speed, payloads):
    for entry in ENTRIES:
        print(f"\n{entry} (GB/s)")
        print(f"{'payload':>9} | " + " | ".join(f"{k:>9}" for k in KERNELS))
        for n in payloads:
            print(f"{n:>9} | " + " | ".join(cell(speed.get((entry, k, n))) for k in KERNELS))


def lowest_ratio(speed, over, under, n):
    """The lowest over/under ratio at payload n across the entry points, or None if not measured."""
    ratios = [speed[(e, over, n)] / speed[(e, under, n)] for e in ENTRIES
              if (e, over, n) in speed and (e, under, n) in speed]
    return min(ratios) if ratios else None


def print_goals(speed, payloads):
    print("\ngoals (the lowest ratio over the four entry points; * marks a miss):")
    goals = [("block / reference", "block", "reference", lambda n: n >= 256, 8.0),
             ("avx2 / memmove", "avx2", "memmove", lambda n: 1024 <= n <= 65536, 0.8)]
    goals += [(f"{k} / reference", k, "reference", lambda n: n <= 32, 1.0)
              for k in ["block", "avx2"]]
    for label, over, under, applies, goal in goals:
        cells = []
        for n in filter(applies, payloads):
            ratio = lowest_ratio(speed, over, under, n)
            if ratio is not None:
                cells.append(f"{n}: {ratio:.2f}x{'*' if ratio < goal else ''}")
        print(f"  {label} >= {goal}x  " + ("  ".join(cells) if cells else "not measured"))


def write_plot_data(speed, payloads, path):
    """One gnuplot index block per entry point: payload, then GB/s per kernel (NaN if absent)."""
    with open(path, "w") as f:
        for entry in ENTRIES:
            f.write(f"# {entry}: payload " + " ".join(KERNELS) + "\n")
            for n in payloads:
                values = [speed.get((entry, k, n)) for k in KERNELS]
                f.write(f"{n} " + " ".join("NaN" if v is None else f"{v:.4f}" for v in values) + "\n")
            f.write("\n\n")


def main():
    speed = load(sys.argv[1])
    payloads = sorted({n for (_, _, n) in speed})
    print_tables(speed, payloads)
    print_goals(speed, payloads)
    write_plot_data(speed, payloads, sys.argv[2])


if __name__ == "__main__":
    main()
