"""Slots: one copy of the room's tree per worker, its build trees configured once and kept between
runs, so a mutant costs one recompile of the mutated file and a relink."""
import os
import shutil
import signal
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path

from .mutants import ROOT, die


def sync_tree(destination: Path, tree):
    """Makes destination hold the tree's files; only changed files are rewritten (new mtime), so
    Ninja rebuilds only what changed since the slot's last run."""
    wanted = set()
    for top in tree:
        source = ROOT / top
        paths = [source] if source.is_file() else [p for p in source.rglob("*") if p.is_file()]
        for path in paths:
            rel = path.relative_to(ROOT)
            wanted.add(rel)
            target = destination / rel
            if not target.exists() or target.read_bytes() != path.read_bytes():
                target.parent.mkdir(parents=True, exist_ok=True)
                shutil.copyfile(path, target)  # not copy2: a fresh mtime makes Ninja rebuild it
    for path in [p for top in tree for p in (destination / top).rglob("*") if p.is_file()]:
        if path.relative_to(destination) not in wanted:
            path.unlink()


def run(command, log: Path, timeout=None, cwd=None) -> tuple:
    """(exit status or 'timeout', seconds); output goes to log."""
    start = time.monotonic()
    with open(log, "w") as out:
        # A session of its own: a check that times out ends with everything it started (ctest's
        # tests and a mutant spinning in an endless loop under them), not only its first process.
        process = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT, cwd=cwd,
                                   start_new_session=True)
        try:
            status = process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
            status = "timeout"
    return status, time.monotonic() - start


def share_compiler_cache(out: Path):
    """The slots build the same tree from different folders: with ccache keyed on paths relative to
    the slots (not absolute), every slot after the first builds from the first one's objects."""
    os.environ["CCACHE_DIR"] = str(out / "ccache")
    os.environ["CCACHE_BASEDIR"] = str(out / "slots")
    os.environ["CCACHE_NOHASHDIR"] = "1"


# The release build every room's main tree is: clang -O2, Ninja, through ccache when there is one.
RELEASE = ["-G", "Ninja", "-DCMAKE_CXX_COMPILER=clang++", "-DCMAKE_C_COMPILER=clang",
           "-DCMAKE_BUILD_TYPE=Release", "-DCMAKE_CXX_FLAGS_RELEASE=-O2 -DNDEBUG"]


@dataclass
class Build:
    """One build tree of a slot: configured with `options`, `targets` rebuilt for each mutant."""
    tree: Path
    options: list
    targets: list
    baseline_only: list  # built once, from the unmutated tree


class Slot:
    def __init__(self, root: Path, room):
        self.src, self.logs = root / "src", root / "logs"
        self.build = root / "build"
        self.room = room

    def configure(self, build: Path, options):
        if (build / "build.ninja").exists():
            return
        log = self.logs / f"configure-{build.name}.log"
        launcher = "ccache" if shutil.which("ccache") else ""
        command = ["cmake", "-S", self.src, "-B", build, *options,
                   f"-DCMAKE_CXX_COMPILER_LAUNCHER={launcher}"]
        if run(command, log, cwd=self.src)[0] != 0:
            die(f"configuring {build} failed: see {log}")

    def prepare(self):
        self.logs.mkdir(parents=True, exist_ok=True)
        sync_tree(self.src, self.room.tree)
        for build in self.room.builds(self):
            self.configure(build.tree, build.options)
            log = self.logs / f"baseline-{build.tree.name}.log"
            if run(["ninja", "-C", build.tree, *build.targets, *build.baseline_only], log)[0] != 0:
                die(f"the unmutated tree does not build: see {log}")

    def build_targets(self, logs: Path) -> bool:
        """Builds every tree; logs/<tree>.log holds each build's output."""
        return all(run(["ninja", "-C", build.tree, *build.targets], logs / f"{build.tree.name}.log",
                       timeout=600)[0] == 0 for build in self.room.builds(self))
