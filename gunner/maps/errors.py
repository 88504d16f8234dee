"""The one error a map gets: a line naming the file and the cause."""

from __future__ import annotations

import re
from pathlib import Path

# A refusal quotes what the map holds (a name, a path, a value); a hostile map can make
# that megabytes long. Every refusal is cut to this size where it is made, in the map
# reader's process, so the game's main thread only ever takes in (and wraps into the
# reload banner) a few hundred characters, whatever the map.
LONGEST_WORD = 200  # a run of non-blank characters (a path is rarely longer)
LONGEST_CAUSE = 600  # the whole cause
_WORD = re.compile(rf"\S{{{LONGEST_WORD + 1},}}")


def bounded(text: str, longest: int = LONGEST_CAUSE) -> str:
    """`text` with every run of more than LONGEST_WORD non-blank characters cut to its
    two ends ("NNNN...NNN.tsx": a path keeps its start and its file name), and at most
    `longest` characters in all."""
    if len(text) <= LONGEST_WORD:
        return text
    text = _WORD.sub(lambda m: f"{m.group()[:120]}...{m.group()[-60:]}", text)
    if len(text) > longest:
        text = f"{text[: longest - 3]}..."
    return text


class LevelError(Exception):
    """A map the game cannot use. str() is one line naming the file and the cause,
    however long what the map holds: the cause is `bounded`."""

    def __init__(self, path: str | Path, cause: str) -> None:
        self.path = str(path)
        self.cause = bounded(cause)
        super().__init__(f"{path}: {self.cause}")
