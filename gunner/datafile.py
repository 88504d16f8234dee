"""Reading the game's own data files (settings, progress, replays) so no file can hang or crash it.

A data file is only ever read if it is a regular file (a FIFO, a device or a
link to one is refused before it is opened, and opening never blocks), up to a
size cap; its JSON may nest only a few levels deep and hold no integer of
more than a few dozen digits. A UTF-8 byte order mark (Notepad writes one) is
accepted. Every refusal is a `DataFileError` whose message is one short cause,
for the caller to put after the file's name.
"""

from __future__ import annotations

import json
import os
import re
import stat
from pathlib import Path
from typing import Any

# Deeper than any document the game writes (replays nest 3 levels, settings 3),
# far shallower than the recursion that would crash the parser or a later dump.
MAX_DEPTH = 16
# The biggest integer the game writes is a seed or a step count; 100 digits
# keeps every value convertible to float and cheap to print.
MAX_INT_DIGITS = 100
_STRINGS = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)
_BRACKETS = re.compile(r"[\[\]{}]")


class DataFileError(ValueError):
    """The file is not something the game will read; str() is the cause alone."""


class NotAFileError(DataFileError):
    """The path is a FIFO, a device, a folder or a socket: there is no file to read,
    as opposed to a file whose contents are damaged (the other DataFileErrors)."""


def file_kind(mode: int) -> str:
    """A player's word for what a non-regular file is."""
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a FIFO (named pipe)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def check_regular(path: Path) -> None:
    """Raise NotAFileError unless `path` is (or links to) a regular file.

    FileNotFoundError passes through: a missing file is the caller's business.
    """
    mode = os.stat(path).st_mode  # follows links: a link to /dev/zero is a device
    if not stat.S_ISREG(mode):
        raise NotAFileError(f"is {file_kind(mode)}, not a data file")


def read_bytes(path: Path, limit: int) -> bytes:
    """The file's bytes, refusing anything but a regular file of at most `limit` bytes.

    Raises FileNotFoundError if it is missing, NotAFileError for a special file,
    DataFileError for an oversized one, OSError if it cannot be read.
    """
    check_regular(path)
    # The file may be swapped for a FIFO between the check and the open: a
    # non-blocking open never waits for a writer, and fstat checks what was opened.
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            raise NotAFileError(f"is {file_kind(mode)}, not a data file")
        with os.fdopen(fd, "rb", closefd=False) as f:
            data = f.read(limit + 1)
    finally:
        os.close(fd)
    if len(data) > limit:
        raise DataFileError(f"larger than {limit:,} bytes (damaged?)")
    return data


def _parse_int(token: str) -> int:
    if len(token.lstrip("-")) > MAX_INT_DIGITS:
        raise DataFileError(f"a number of {len(token.lstrip('-')):,} digits (damaged?)")
    return int(token)


def nesting_depth(text: str) -> int:
    """How deep the JSON's arrays and objects nest (brackets inside strings do not count)."""
    depth = deepest = 0
    for match in _BRACKETS.finditer(_STRINGS.sub("", text)):
        if match.group() in "[{":
            depth += 1
            deepest = max(deepest, depth)
        else:
            depth -= 1
    return deepest


def parse_json(data: bytes, max_depth: int = MAX_DEPTH) -> Any:
    """Decode and parse a data file's bytes, within the depth and number limits.

    Raises DataFileError with the cause (not UTF-8, not JSON, too deep, a huge number).
    """
    try:
        text = data.decode("utf-8-sig")  # a leading BOM (Notepad) is not part of the JSON
    except UnicodeDecodeError as exc:
        raise DataFileError(f"not UTF-8 text (byte {exc.start})") from exc
    depth = nesting_depth(text)
    if depth > max_depth:
        raise DataFileError(f"nested {depth} levels deep (at most {max_depth})")
    try:
        return json.loads(text, parse_int=_parse_int)
    except DataFileError:
        raise
    except json.JSONDecodeError as exc:
        if not text.strip():
            raise DataFileError("an empty file (not valid JSON)") from exc
        if exc.pos >= len(text.rstrip()):  # the document stops mid-way: a cut-off write
            raise DataFileError(f"not valid JSON (it ends early, at line {exc.lineno})") from exc
        where = f"line {exc.lineno}, column {exc.colno}"
        raise DataFileError(f"not valid JSON ({exc.msg} at {where})") from exc
    except RecursionError as exc:  # the depth check should make this impossible
        raise DataFileError("nested too deep") from exc
    except ValueError as exc:  # e.g. an exponent or float Python refuses
        raise DataFileError(f"not valid JSON ({exc})") from exc


def load_json(path: Path, limit: int, max_depth: int = MAX_DEPTH) -> Any:
    """read_bytes + parse_json: the parsed document or a DataFileError/OSError."""
    return parse_json(read_bytes(path, limit), max_depth)
