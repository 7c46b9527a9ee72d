"""The harness's layout holds: its rooms (the folders of harness/src, and harness/cli above them)
include one another one way, with no circle; harness/include/maskcheck holds only the headers the
build installs (the C ABI); and every include of the project's own headers names its room
("core/kernel.h", "wire/protocol/frame_reader.h", "cli/commands.h") or the ABI ("maskcheck/plugin.h"), never
a bare file name. It shows its teeth first on three copies of the harness, each breaking one rule.
Usage: house.py CHECKOUT"""
import re
import shutil
import sys
import tempfile
from pathlib import Path

INCLUDE = re.compile(r'^#include "([^"]+)"', re.M)
INSTALLED = re.compile(r"install\(FILES ((?:include/maskcheck/\S+\s*)+)")
# The headers of the libraries below the harness, named as their own include folders name them.
ABI_FOLDERS = ["harness/include", "impl/include", "reference/include"]


def sources(harness: Path):
    return sorted(p for p in harness.rglob("*") if p.suffix in (".h", ".cpp"))


def room_of(harness: Path, path: Path) -> str:
    parts = path.relative_to(harness).parts
    return parts[1] if parts[0] == "src" else parts[0]


def arrows(harness: Path) -> dict:
    """room -> {room it includes: the first file that does}"""
    graph = {}
    for path in sources(harness):
        if path.parts[-3:-1] == ("include", "maskcheck"):
            continue
        source = room_of(harness, path)
        for target in INCLUDE.findall(path.read_text()):
            room = target.split("/")[0]
            if "/" in target and room != "maskcheck" and room != source:
                graph.setdefault(source, {}).setdefault(room, path.relative_to(harness.parent))
    return graph


def circle(graph: dict):
    """A list of rooms that leads back to its first, or None."""
    state = {}

    def visit(room, path):
        state[room] = "open"
        for next_room in graph.get(room, {}):
            if state.get(next_room) == "open":
                return path[path.index(next_room):] + [next_room]
            if next_room not in state:
                found = visit(next_room, path + [next_room])
                if found:
                    return found
        state[room] = "done"
        return None

    for room in sorted(graph):
        if room not in state:
            found = visit(room, [room])
            if found:
                return found
    return None


def problems(checkout: Path) -> list:
    harness = checkout / "harness"
    found = []
    graph = arrows(harness)
    rooms = circle(graph)
    if rooms:
        steps = [f"{a} -> {b} ({graph[a][b]})" for a, b in zip(rooms, rooms[1:])]
        found.append("the rooms include one another in a circle: " + "; ".join(steps))
    installed = INSTALLED.search((harness / "CMakeLists.txt").read_text())
    names = {Path(word).name for word in installed.group(1).split()} if installed else set()
    for header in sorted((harness / "include" / "maskcheck").iterdir()):
        if header.name not in names:
            found.append(f"harness/include/maskcheck/{header.name} is not installed: an internal "
                         "header belongs beside its concern in harness/src")
    for path in sources(harness):
        for target in INCLUDE.findall(path.read_text()):
            where = path.relative_to(checkout)
            if "/" not in target:
                found.append(f"{where}: #include \"{target}\" names no room")
            elif target.startswith("maskcheck/"):
                if not any((checkout / folder / target).exists() for folder in ABI_FOLDERS):
                    found.append(f"{where}: #include \"{target}\": no such header of the ABI")
            elif not any((root / name).exists() for root in (harness / "src", harness)
                         for name in (target, target + ".in")):  # .in: CMake makes it
                found.append(f"{where}: #include \"{target}\": no such header of the harness")
    return found


def planted(checkout: Path, work: Path, name: str, plant) -> Path:
    copy = work / name
    shutil.copytree(checkout / "harness", copy / "harness")
    for folder in ABI_FOLDERS[1:]:
        shutil.copytree(checkout / folder, copy / folder)
    plant(copy / "harness")
    return copy


def prepend(path: Path, line: str):
    path.write_text(line + "\n" + path.read_text())


def main(argv):
    if len(argv) != 2 or not (Path(argv[1]) / "harness" / "src").is_dir():
        print("usage: house.py CHECKOUT", file=sys.stderr)
        return 2
    checkout = Path(argv[1]).resolve()
    broken = {
        "circle": (lambda h: prepend(h / "src/core/kernel.h", '#include "wire/protocol/frame_reader.h"'),
                   "in a circle: core -> wire"),
        "internal header in include/": (
            lambda h: (h / "include/maskcheck/internal.h").write_text("#pragma once\n"),
            "internal.h is not installed"),
        "bare include": (lambda h: prepend(h / "src/core/parser.cpp", '#include "parser.h"'),
                         "#include \"parser.h\" names no room"),
    }
    with tempfile.TemporaryDirectory() as work:
        for name, (plant, expected) in broken.items():
            found = problems(planted(checkout, Path(work), name.replace(" ", "-"), plant))
            if not any(expected in problem for problem in found):
                print(f"FAIL: a harness with a planted {name} passed: {found}")
                return 1
            print(f"caught as it must be: a planted {name}")
    found = problems(checkout)
    for problem in found:
        print(f"FAIL: {problem}")
    if not found:
        harness = checkout / "harness"
        rooms = {room_of(harness, path) for path in sources(harness)} - {"include"}
        print(f"ok: {len(rooms)} rooms ({', '.join(sorted(rooms))}), arrows one way; include/ is "
              "the C ABI alone")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
