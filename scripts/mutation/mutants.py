"""Mutants: the curated catalogue (exact text edits, scripts/mutants/ROOM/*.edit, and the reviewed
equivalents of each room's EQUIVALENT.md) and operator mutants in the style of Mull."""
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
CATALOGUES = ROOT / "scripts" / "mutants"


@dataclass
class Mutant:
    id: str
    file: str          # relative to the repository root
    offset: int        # where the original text starts in the file
    original: str
    replacement: str
    mutator: str
    description: str
    results: dict = field(default_factory=dict)  # check -> killed | passed | timeout | skipped
    status: str = "Pending"
    seconds: float = 0.0
    timed_out: list = field(default_factory=list)  # checks that timed out beside other work

    def mutated(self, text: str) -> str:
        return text[:self.offset] + self.replacement + text[self.offset + len(self.original):]

    def location(self, text: str) -> dict:
        def line_col(offset):
            line = text.count("\n", 0, offset) + 1
            return {"line": line, "column": offset - (text.rfind("\n", 0, offset) + 1) + 1}
        return {"start": line_col(self.offset), "end": line_col(self.offset + len(self.original))}


def die(message):
    print(f"mutate: {message}", file=sys.stderr)
    sys.exit(2)


# ---------------------------------------------------------------------------------------------
# The curated catalogue: tests/planted/broken_parsers' edit format plus a `--- file` line.

def parse_edit(path: Path) -> Mutant:
    description, sections, current = [], {"file": None, "find": [], "replace": []}, None
    for line in path.read_text().splitlines():
        if line.startswith("--- file "):
            sections["file"] = line[len("--- file "):].strip()
        elif line in ("--- find", "--- replace"):
            current = line[4:]
        elif current:
            sections[current].append(line)
        elif line.startswith("#"):
            description.append(line.lstrip("# ").strip())
    name = path.stem
    if not sections["file"]:
        die(f"{path}: no '--- file PATH' line")
    find, replace = "\n".join(sections["find"]), "\n".join(sections["replace"])
    source = (ROOT / sections["file"]).read_text()
    # Exactly once, as apply_edit.sh insists: an edit that drifted from its file must fail loudly.
    if not find or source.count(find) != 1:
        die(f"{path}: the find text occurs {source.count(find) if find else 0} times in "
            f"{sections['file']}, not once")
    return Mutant(name, sections["file"], source.index(find), find, replace, "Curated",
                  " ".join(description))


def curated_mutants(room: str) -> list:
    return [parse_edit(path) for path in sorted((CATALOGUES / room).glob("*.edit"))]


def equivalent_ids(room: str) -> dict:
    """Mutants reviewed as equivalent: `- `id`: reason` lines of scripts/mutants/ROOM/EQUIVALENT.md."""
    path = CATALOGUES / room / "EQUIVALENT.md"
    if not path.exists():
        return {}
    found = re.findall(r"^- `([^`]+)`:?\s*(.*)$", path.read_text(), re.M)
    return dict(found)


# ---------------------------------------------------------------------------------------------
# Operator mutants in the style of Mull. Binary operators are matched with a space on each side,
# which this code base's formatting guarantees and which keeps template brackets and references out.

OPERATOR_SWAPS = [
    ("Boundary", " < ", " <= "), ("Boundary", " <= ", " < "),
    ("Boundary", " > ", " >= "), ("Boundary", " >= ", " > "),
    ("Comparison", " == ", " != "), ("Comparison", " != ", " == "),
    ("Arithmetic", " + ", " - "), ("Arithmetic", " - ", " + "),
    ("Arithmetic", " += ", " -= "), ("Arithmetic", " -= ", " += "),
    ("Bitwise", " & ", " | "), ("Bitwise", " | ", " & "), ("Bitwise", " ^ ", " | "),
    ("Bitwise", " ^= ", " |= "), ("Bitwise", " &= ", " |= "),
    ("Shift", " << ", " >> "), ("Shift", " >> ", " << "),
]
CONSTANT = re.compile(r"(?<![\w.'])(\d+)(?![\w.'])")
# A store (memcpy, a vector store) or an XOR statement on one line: deleting it is a mutant.
DELETABLE = re.compile(r"^(\s*)((?:std::memcpy|store|_mm256_storeu_si256)\(.*\);|.*\^=.*;)\s*(//.*)?$")


def code_spans(text: str):
    """(offset, line) of each line's code: no comments, preprocessor lines or string literals."""
    offset = 0
    for line in text.splitlines(keepends=True):
        code = line.split("//", 1)[0]
        if not code.lstrip().startswith("#") and '"' not in code:
            yield offset, code
        offset += len(line)


def operator_mutants(files) -> list:
    mutants = []
    for rel in files:
        text = (ROOT / rel).read_text()
        stem = Path(rel).stem
        for start, code in code_spans(text):
            found = []
            for name, before, after in OPERATOR_SWAPS:
                for match in re.finditer(re.escape(before), code):
                    found.append((name, match.start(), before, after))
            for match in CONSTANT.finditer(code):
                value = int(match.group(1))
                for changed in (value + 1, value - 1):
                    if changed >= 0:
                        found.append(("Constant", match.start(), match.group(1), str(changed)))
            deletable = DELETABLE.match(code.rstrip("\n"))
            if deletable:
                statement = deletable.group(2)
                found.append(("StatementDeletion", code.index(statement), statement, ";"))
            for name, column, before, after in found:
                line = text.count("\n", 0, start) + 1
                mutant_id = f"{stem}:{line}:{column + 1}:{name}:{before.strip()}->{after.strip()}"
                mutants.append(Mutant(mutant_id, rel, start + column, before, after, name,
                                      f"{before.strip()} -> {after.strip()} on line {line}"))
    return mutants
