"""The kernels room: impl/'s kernels and frame parser, broken on purpose and run through the sweeps,
the splits and the named streams of the maskcheck command (and, with --fuzz, the fuzz targets)."""
import os
import re
import shutil
import subprocess
from pathlib import Path

from .mutants import ROOT, die
from .slots import RELEASE, Build, run

LENGTHS = "0..300,4095..4097"
# The kernels a file's mutants can break, so only their sweeps run; the parser has no kernel sweep.
FILE_KERNELS = {
    "impl/block_unmask.cpp": ["block"],
    "impl/vector_words.h": ["avx2", "avx512"],
    "impl/avx2_unmask.cpp": ["avx2"],
    "impl/avx512_unmask.cpp": ["avx512"],
    "impl/include/maskcheck/entries_from_words.h": ["block", "avx2", "avx512"],
    "impl/frame_parser.cpp": [],
}
FAST_CHECKS = ["compiler", "sweep-block", "sweep-avx2", "sweep-avx512", "split", "stream"]
# Warnings in which the compiler proves an out-of-bounds access: the mutant is caught at build time.
OVERFLOW_WARNING = re.compile(
    r"warning: .*\[-W(fortify-source|array-bounds|stringop-overflow|stringop-overread)")
FUZZ_CHECKS = ["fuzz-kernel", "fuzz-stream"]
FUZZ_TARGETS = {"fuzz-kernel": "kernel_diff", "fuzz-stream": "stream_diff"}


def units_holding(src: Path, mutant_file: str) -> list:
    """The translation units of impl/ that hold the file: itself, or those including it."""
    name = Path(mutant_file).name
    return [src / mutant_file] if mutant_file.endswith(".cpp") else [
        unit for unit in sorted((src / "impl").glob("*.cpp")) if name in unit.read_text()]


def gcc_warnings(src: Path, units, log: Path) -> str:
    """g++ -O2's warnings on the translation units that hold a mutated file: its middle end
    proves out-of-bounds copies (5 bytes out of a 4-byte word) that clang's optimiser folds away."""
    output = ""
    for unit in units:
        run(["g++", "-std=c++20", "-O2", "-Wall", "-Wextra", "-I", src / "impl" / "include",
             "-c", unit, "-o", os.devnull], log)
        output += log.read_text(errors="replace")
    return output


class KernelsRoom:
    name = "kernels"
    # Only what the maskcheck command and the fuzz targets need: no tests, no benchmarks.
    # The fuzz preset also builds a planted broken kernel and parser and a test plug-in from tests/.
    tree = ["CMakeLists.txt", "CMakePresets.json", "cmake/dependencies.cmake", "reference", "impl",
            "harness", "fuzz", "corpus", "tests/planted", "tests/plugins"]
    # The operator mutator's default targets: the kernels and the parser (selection and names are
    # not reachable from the differential checks).
    operator_files = ["impl/block_unmask.cpp", "impl/vector_words.h",
                      "impl/include/maskcheck/entries_from_words.h", "impl/frame_parser.cpp"]

    def __init__(self, fuzz_runs):
        self.fuzz_runs = fuzz_runs  # None: no fuzz targets
        self.running = set()        # the kernels this CPU runs, once the slots are built

    def checks(self):
        return FAST_CHECKS + (FUZZ_CHECKS if self.fuzz_runs is not None else [])

    def builds(self, slot):
        """The maskcheck command, and with --fuzz the fuzz targets under ASan + UBSan + libFuzzer
        from the same mutated source (their seed corpus from the unmutated tree, once)."""
        yield Build(slot.build, RELEASE + ["-DMASKCHECK_TESTS=OFF", "-DMASKCHECK_BENCH=OFF",
                                           "-DMASKCHECK_WIRE=OFF"], ["maskcheck"], [])
        if self.fuzz_runs is not None:
            yield Build(slot.build.parent / "build-fuzz", ["--preset", "fuzz"],
                        list(FUZZ_TARGETS.values()), ["maskcheck_seeds"])

    def baseline(self, slot):
        """Before the checks' baseline: the unmutated tree must not warn already, and which
        kernels run here decides which sweeps can."""
        units = sorted({unit for mutant_file in FILE_KERNELS
                        for unit in units_holding(slot.src, mutant_file)})
        warnings = (slot.logs / f"baseline-{slot.build.name}.log").read_text(errors="replace")
        warnings += gcc_warnings(slot.src, units, slot.logs / "baseline-g++.log")
        if OVERFLOW_WARNING.search(warnings):
            die(f"the unmutated tree already warns of an out-of-bounds access: see {slot.logs}")
        listing = subprocess.run([slot.build / "bin" / "maskcheck", "list"], capture_output=True,
                                 text=True).stdout
        self.running = set(re.findall(r"^\s*(\S+)\s+runs here", listing, re.M))

    # The files whose mutants' checks differ, and one standing for any other.
    baseline_files = list(FILE_KERNELS) + ["impl/other.cpp"]

    def compiler_verdict(self, slot, mutant_file, logs: Path) -> str:
        warnings = (logs / f"{slot.build.name}.log").read_text(errors="replace")
        warnings += gcc_warnings(slot.src, units_holding(slot.src, mutant_file), logs / "g++.log")
        return "killed" if OVERFLOW_WARNING.search(warnings) else "passed"

    def commands(self, check, mutant_file, slot, logs: Path):
        """The commands one check runs on mutant_file's mutants, or why it does not run them."""
        commands = self._commands(check, mutant_file, slot, logs)
        if not commands:
            return "n/a"
        if check.startswith("sweep-") and check[len("sweep-"):] not in self.running:
            return "skipped"
        kernels = FILE_KERNELS.get(mutant_file, ["block"])
        if kernels and not set(kernels) & self.running:
            return "skipped"  # the parser would run on another kernel, not the mutated one
        return commands

    def _commands(self, check, mutant_file, slot, logs: Path) -> list:
        """[] when the check does not apply. A fuzz target writes the input that killed the mutant
        into logs."""
        kernels = FILE_KERNELS.get(mutant_file, ["block", "avx2"])
        parser_kernel = kernels[0] if kernels else "block"

        def maskcheck(command, *arguments):
            # A case stuck for 5 s fails with its id (no release case comes near it), not a
            # timeout. One thread: the workers already keep every core busy, one mutant each.
            return [str(slot.build / "bin" / "maskcheck"), command, *arguments, "--max-failures",
                    "1", "--quiet", "--hang-seconds", "5", "--jobs", "1"]

        if check.startswith("sweep-"):
            kernel = check[len("sweep-"):]
            if kernel not in kernels:
                return []
            return [maskcheck("sweep", "--kernel", kernel, "--lengths", LENGTHS)]
        if check == "split":
            # Header 6 at every payload up to 125, 8 around 126..140 and its block boundaries,
            # 14's list.
            return [maskcheck("split", "--kernel", parser_kernel, "--header", "6", "--header", "8",
                              "--header", "14", "--up-to", "140")]
        if check == "stream":
            return [maskcheck("stream", "--kernel", parser_kernel)]
        if check == "fuzz-kernel" and not kernels:
            return []  # kernel_diff never calls the parser
        target = FUZZ_TARGETS[check]
        fuzz_build = slot.build.parent / "build-fuzz"
        # A fresh scratch folder takes what libFuzzer adds, so no mutant starts from another's.
        scratch = slot.logs / "fuzz-scratch" / target
        shutil.rmtree(scratch, ignore_errors=True)
        scratch.mkdir(parents=True)
        return [[str(fuzz_build / "bin" / target), f"-runs={self.fuzz_runs}", "-seed=1",
                 f"-dict={ROOT / 'corpus' / f'{target}.dict'}", "-max_len=70000",
                 f"-artifact_prefix={logs}/{target}-", str(scratch),
                 str(fuzz_build / "corpus" / target), str(ROOT / "corpus" / target / "regressions")]]

    def killed_only_by_fuzzing(self, mutants) -> list:
        fast = [c for c in self.checks() if c not in FUZZ_CHECKS]
        return [m.id for m in mutants if any(m.results.get(c) == "killed" for c in FUZZ_CHECKS)
                and not any(m.results.get(c) in ("killed", "timeout") for c in fast)]
