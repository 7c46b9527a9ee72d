"""Every link of the README and docs/ resolves: a relative path names a file or folder of the
checkout, and an anchor (#...) names a heading of its page as GitHub slugs it. It shows its teeth on
two broken pages first: one linking a missing file, one a missing heading.
Usage: links.py CHECKOUT"""
import re
import sys
import tempfile
from pathlib import Path

LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")


def slug(heading: str) -> str:
    """GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens."""
    text = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return text.replace(" ", "-")


def prose(page: Path) -> str:
    """A page without its code blocks, where a # is a comment and a link is shown, not followed."""
    return re.sub(r"```.*?```", "", page.read_text(), flags=re.S)


def anchors(page: Path) -> set:
    return {slug(line.lstrip("#")) for line in prose(page).splitlines() if line.startswith("#")}


def links(page: Path) -> list:
    text = re.sub(r"`[^`\n]*`", "", prose(page))  # a link shown as code is not a link
    return [target for target in LINK.findall(text) if not re.match(r"[a-z]+:", target)]


def broken(page: Path, targets: list) -> list:
    found = []
    for target in targets:
        path, _, anchor = target.partition("#")
        linked = (page.parent / path).resolve() if path else page
        if not linked.exists():
            found.append(f"{page}: {target}: no such file")
        elif anchor and linked.suffix == ".md" and anchor not in anchors(linked):
            found.append(f"{page}: {target}: no heading '#{anchor}' in {linked.name}")
    return found


def teeth():
    with tempfile.TemporaryDirectory() as folder:
        page = Path(folder) / "page.md"
        for text, why in (("# Title\n[gone](missing.md)\n", "a missing file"),
                          ("# Title\n[here](#elsewhere)\n", "a missing heading")):
            page.write_text(text)
            if not broken(page, links(page)):
                sys.exit(f"FAIL: the check passed a page with a link to {why}")


def main():
    teeth()
    checkout = Path(sys.argv[1])
    pages = [checkout / "README.md", *sorted((checkout / "docs").rglob("*.md"))]
    targets = {page: links(page) for page in pages}
    found = [line for page in pages for line in broken(page, targets[page])]
    for line in found:
        print(f"FAIL: {line}")
    if found:
        sys.exit(1)
    count = sum(len(each) for each in targets.values())
    print(f"every one of the {count} links of {len(pages)} pages resolves")


if __name__ == "__main__":
    main()
