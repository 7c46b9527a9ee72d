#!/usr/bin/env python3
"""Turns kernel_bench's JSON into a GB/s table per entry point, the goal ratios, and a data file
for gnuplot; with parser_bench's JSON too, a ns/KB table of the parser on each kernel (its work
on each read, the refill before it not timed), the checksums, and the parser goals. Each figure
is the median of the run's repetitions (or its single run).
Usage: bench_report.py KERNELS.json KERNELS.dat [PARSER.json]"""
import json
import sys

PARSER_GOAL_PAYLOADS = [16384, 65536]

PARSERS = ["parser-in-place", "parser"]  # parser_bench's two variants

BUILT_IN = ["reference", "block", "avx2", "avx512"]
VECTOR = ["avx2", "avx512"]
ENTRIES = ["words", "imprecise", "inplace", "exact"]


def kernels_in(speed):
    """The columns: the built-ins, then plug-in kernels (MASKCHECK_PLUGINS) with any of the four
    entry points, then memmove. Entry points of their own go to print_own_entries."""
    plugins = sorted({k for (e, k, _) in speed if e in ENTRIES} - set(BUILT_IN) - {"memmove"})
    return BUILT_IN + plugins + ["memmove"]


def medians(path):
    """The runs of a Google Benchmark JSON file, one per benchmark: the median where the run was
    repeated, else the single run; and how many repetitions that is."""
    with open(path) as f:
        runs = json.load(f)["benchmarks"]
    repeated = [r for r in runs if r.get("aggregate_name") == "median"]
    chosen = repeated if repeated else [r for r in runs if r.get("run_type", "iteration") == "iteration"]
    repetitions = chosen[0].get("repetitions", 1) if repeated and chosen else 1
    return [dict(r, name=r.get("run_name", r["name"])) for r in chosen], repetitions


def load(path):
    """Maps (entry, kernel, payload) to GB/s; memmove is filed under every entry point."""
    runs, repetitions = medians(path)
    print(f"kernels: each figure the median of {repetitions} repetition(s)")
    speed = {}
    for run in runs:
        parts = run["name"].split("/")
        gbps = run["bytes_per_second"] / 1e9
        if parts[0] == "memmove":
            for entry in ENTRIES:
                speed[(entry, "memmove", int(parts[1]))] = gbps
        elif len(parts) == 2:
            continue  # a control such as copy32/N: in the JSON for a closer look, not the tables
        else:
            speed[(parts[0], parts[1], int(parts[2]))] = gbps
    return speed


def cell(value):
    return f"{value:9.2f}" if value is not None else f"{'-':>9}"


def print_tables(speed, payloads):
    kernels = kernels_in(speed)
    for entry in ENTRIES:
        print(f"\n{entry} (GB/s)")
        print(f"{'payload':>9} | " + " | ".join(f"{k:>9}" for k in kernels))
        for n in payloads:
            print(f"{n:>9} | " + " | ".join(cell(speed.get((entry, k, n))) for k in kernels))


def print_own_entries(speed, payloads):
    """Plug-in entry points with their own contracts (names of their own), side by side with exact
    on block and avx2 (n bytes exactly, as most libraries' kernels) and memmove."""
    own = sorted({(k, e) for (e, k, _) in speed if e not in ENTRIES})
    if not own:
        return
    columns = [(e, k) for (k, e) in own] + [("exact", "block"), ("exact", "avx2"), ("exact", "memmove")]
    names = [f"{k}:{e}" for (e, k) in columns]
    print("\nplug-in entry points with their own contracts (GB/s)")
    print(f"{'payload':>9} | " + " | ".join(names))
    for n in payloads:
        cells = [cell(speed.get((e, k, n))).strip() for (e, k) in columns]
        print(f"{n:>9} | " + " | ".join(f"{c:>{len(name)}}" for c, name in zip(cells, names)))


def lowest_ratio(speed, over, under, n):
    """The lowest over/under ratio at payload n across the entry points, or None if not measured."""
    ratios = [speed[(e, over, n)] / speed[(e, under, n)] for e in ENTRIES
              if (e, over, n) in speed and (e, under, n) in speed]
    return min(ratios) if ratios else None


def print_goals(speed, payloads):
    print("\ngoals (the lowest ratio over the four entry points; * marks a miss):")
    goals = [("block / reference", "block", "reference", lambda n: n >= 256, 8.0)]
    goals += [(f"{k} / memmove", k, "memmove", lambda n: 256 <= n <= 1 << 20, 0.95) for k in VECTOR]
    goals += [(f"{k} / reference", k, "reference", lambda n: n <= 32, 1.0)
              for k in ["block"] + VECTOR]
    # A plug-in kernel gets the built-in kernels' bars: faster than the reference everywhere, and
    # as fast as block (so the rewrite was worth it).
    for plugin in [k for k in kernels_in(speed) if k not in BUILT_IN + ["memmove"]]:
        goals += [(f"{plugin} / reference", plugin, "reference", lambda n: True, 1.0),
                  (f"{plugin} / block", plugin, "block", lambda n: True, 1.0)]
    for label, over, under, applies, goal in goals:
        cells = []
        for n in filter(applies, payloads):
            ratio = lowest_ratio(speed, over, under, n)
            if ratio is not None:
                cells.append(f"{n}: {ratio:.2f}x{'*' if ratio < goal else ''}")
        print(f"  {label} >= {goal}x  " + ("  ".join(cells) if cells else "not measured"))


def write_plot_data(speed, payloads, path):
    """One gnuplot index block per entry point: payload, then GB/s per kernel (NaN if absent). The
    first line names the kernel columns for bench_plot.gp."""
    kernels = kernels_in(speed)
    with open(path, "w") as f:
        f.write("# kernels: " + " ".join(kernels) + "\n")
        for entry in ENTRIES:
            f.write(f"# {entry}: payload " + " ".join(kernels) + "\n")
            for n in payloads:
                values = [speed.get((entry, k, n)) for k in kernels]
                f.write(f"{n} " + " ".join("NaN" if v is None else f"{v:.4f}" for v in values) + "\n")
            f.write("\n\n")


def ns_per_kb(run):
    """Nanoseconds per KiB of payload for one iteration of a parser_bench run: its manual time,
    which counts the work on each read and not the refill."""
    scale = {"ns": 1.0, "us": 1e3, "ms": 1e6, "s": 1e9}[run["time_unit"]]
    return run["real_time"] * scale / (run["payload_bytes"] / 1024)


def print_parser(path, speed):
    runs, repetitions = medians(path)
    cost, checksums = {}, {}
    for run in runs:
        parts = run["name"].split("/")
        cost[(parts[0], parts[1], int(parts[2]))] = ns_per_kb(run)
        if parts[0] in PARSERS:
            checksums.setdefault(int(parts[2]), {})[f"{parts[1]}/{parts[0]}"] = run["checksum"]
    kernels = BUILT_IN
    payloads = sorted({key[-1] for key in cost})
    for bench, what in [("parser-in-place", "the parser, each payload unmasked where it lies"),
                        ("parser", "the parser, each payload moved back over its header"),
                        ("unmask", "each read unmasked whole in place, in one call"),
                        ("moved", "each read unmasked whole in one call, moved back by the header size")]:
        print(f"\n{what}, ns per KiB of payload (the refill not timed), "
              f"median of {repetitions} repetition(s)")
        print(f"{'payload':>9} | " + " | ".join(f"{k:>9}" for k in kernels)
              + (" | checksums agree" if bench == "parser-in-place" else ""))
        for n in payloads:
            cells = [cost.get((bench, k, n)) for k in kernels]
            line = f"{n:>9} | " + " | ".join(cell(c) for c in cells)
            if bench == "parser-in-place":  # over both variants, on every kernel
                sums = checksums.get(n, {})
                line += " | " + (f"yes, {len(sums)} runs: {next(iter(sums.values())):.0f}"
                                 if len(set(sums.values())) == 1 else
                                 "NO " + " ".join(f"{k}={v:.0f}" for k, v in sums.items()))
            print(line)
    declared = sorted({key[1] for key in cost if key[0] == "declared"}, key=lambda p: p != "maskcheck")
    if declared:
        print("\neach parser through its C declaration (maskcheck's own first, plug-ins from "
              "MASKCHECK_PARSER_PLUGINS), ns per KiB")
        print(f"{'payload':>9} | " + " | ".join(f"{p:>18}" for p in declared))
        for n in payloads:
            print(f"{n:>9} | " + " | ".join(f"{cell(cost.get(('declared', p, n))):>18}"
                                            for p in declared))
    print("\nparser goal: on each vector kernel, the parser unmasking payloads where they lie within"
          " 1.3x of the kernel\n  unmasking the same reads in place (* marks a miss); then the parser"
          " moving them back over their\n  headers, in two parts: moved / in place is the kernel's"
          " move, parser / moved the parsing")
    for kernel in VECTOR:
        for n in PARSER_GOAL_PAYLOADS:
            print_parser_goal(cost, speed, kernel, n)


def print_parser_goal(cost, speed, kernel, n):
    in_place, parsed, unmasked, moved = (cost.get((bench, kernel, n)) for bench in
                                         ("parser-in-place", "parser", "unmask", "moved"))
    if None in (in_place, parsed, unmasked, moved):
        print(f"  {kernel} {n}: not measured")
        return
    ratio = in_place / unmasked
    raw = speed.get(("exact", kernel, n))
    l1 = f"; against kernel_bench's exact at {n} B, whose buffers stay in L1: " \
         f"{in_place / (1024 / raw):.2f}x" if raw else ""
    print(f"  {kernel} {n}: {ratio:.2f}x{'*' if ratio > 1.3 else ''}; over the headers "
          f"{parsed / unmasked:.2f}x (moved / in place {moved / unmasked:.2f}x, parser / moved "
          f"{parsed / moved:.2f}x){l1}")


def main():
    speed = load(sys.argv[1])
    payloads = sorted({n for (_, _, n) in speed})
    print_tables(speed, payloads)
    print_own_entries(speed, payloads)
    print_goals(speed, payloads)
    write_plot_data(speed, payloads, sys.argv[2])
    if len(sys.argv) > 3:
        print_parser(sys.argv[3], speed)


if __name__ == "__main__":
    main()
