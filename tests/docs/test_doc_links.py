"""The docs hold together: every relative link in README.md and docs/*.md names a file
that exists, and a heading of that file where it names one (GitHub's anchors)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from checkout import ROOT

DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)\)")


def _prose(text: str) -> str:
    """The text outside fenced code blocks (a `# comment` there is no heading)."""
    return re.sub(r"^```.*?^```", "", text, flags=re.M | re.S)


def anchors(path: Path) -> set[str]:
    """The anchors GitHub gives the headings of a Markdown file."""
    seen: dict[str, int] = {}
    out = set()
    for line in _prose(path.read_text(encoding="utf-8")).splitlines():
        heading = re.match(r"#{1,6}\s+(.*)", line)
        if not heading:
            continue
        slug = re.sub(r"[^\w\- ]", "", heading.group(1).strip().lower()).replace(" ", "-")
        count = seen.get(slug, 0)
        seen[slug] = count + 1
        out.add(slug if count == 0 else f"{slug}-{count}")
    return out


def links(path: Path) -> list[str]:
    found = LINK.findall(_prose(path.read_text(encoding="utf-8")))
    return [t for t in found if not re.match(r"[a-z]+:", t)]  # http:, https:, mailto:


def test_the_slugs_are_githubs() -> None:
    assert anchors(ROOT / "docs" / "levels.md") >= {
        "measuring-a-level-make-report",
        "how-short-can-a-level-be",
        "checking-a-map---check",
    }


@pytest.mark.parametrize("doc", DOCS, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_relative_link_points_at_a_file_and_heading_that_exist(doc: Path) -> None:
    broken = []
    for target in links(doc):
        name, _, anchor = target.partition("#")
        path = (doc.parent / name).resolve() if name else doc
        if not path.exists():
            broken.append(f"{target}: no such file")
        elif anchor and path.suffix == ".md" and anchor not in anchors(path):
            broken.append(f"{target}: no heading #{anchor} in {path.relative_to(ROOT)}")
    assert not broken, f"{doc.relative_to(ROOT)} has broken links: {broken}"


def test_the_readme_links_each_readers_doc() -> None:
    # The README is for players (issue 25: at most about 250 lines); the rest is in docs/.
    linked = {Path(t.partition("#")[0]).name for t in links(ROOT / "README.md")}
    assert {"levels.md", "architecture.md", "testing.md", "benchmarks.md"} <= linked
    assert len((ROOT / "README.md").read_text(encoding="utf-8").splitlines()) <= 250
