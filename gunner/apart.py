"""Work done in a process of its own, so the game's frames never wait on it.

Python threads take turns holding one lock (the GIL), and a long call into C keeps
it throughout: expat reading a 20 MB attribute, or 5 MB of layers, holds it for
seconds, and a reload on a worker thread stalls the game's frames just as long. A
process has its own lock. `Worker` keeps one such process (spawned, so it shares
nothing with the game's threads) and runs calls in it, one at a time; the thread
that asks waits without holding the lock, and can give up at any moment (the
process is then stopped, however deep in the parser it is).

pygame Surfaces cross the pipe as their pixels and are made again on this side, for
this side's display. numpy arrays (a map's tile grids, the bullets' columns) cross
out of band, as raw buffers sent one by one, and become arrays again without being
parsed: taking in a whole stage holds the lock here for milliseconds, not the
seconds its building took there. A refusal (LevelError) crosses as itself, so the
player reads the same one line as before; anything else the call raised comes back
as `Failed`, a value that cannot cross as `Unsendable`, and a process that dies (a
crash in C, the system killing it) as `WorkerDied`.
"""

from __future__ import annotations

import io
import multiprocessing
import os
import pickle
import sys
import threading
import traceback
import weakref
from collections.abc import Callable
from typing import Any

__all__ = ["Failed", "Unsendable", "Worker", "WorkerDied"]

# How often the waiting thread looks whether the caller gave up (seconds).
CHECK_EVERY = 0.05


class Failed(Exception):
    """The call raised something other than a refusal: a bug the map provoked.
    str() is `Kind: message`; `kind` is the exception's class name over there."""

    def __init__(self, kind: str, message: str) -> None:
        self.kind = kind
        super().__init__(f"{kind}: {message}" if message else kind)


class Unsendable(Exception):
    """The call succeeded, but its value cannot be sent back (something in it cannot
    be pickled). str() is `Kind: message`."""


class WorkerDied(Exception):
    """The process ended in the middle of a call (killed, out of memory, a crash in C)."""


class _RemoteTraceback(Exception):
    """The traceback of the process's exception, shown as the cause in a crash log."""

    def __str__(self) -> str:
        return str(self.args[0])


def _surface(data: bytes, size: tuple[int, int], state: tuple[Any, ...]) -> Any:
    """A Surface made again from its pixels, converted for this process's display as
    the map loader converts its tiles (per-pixel alpha, or a colour key)."""
    import pygame

    alpha, key, rle, surface_alpha = state
    image = pygame.image.frombytes(data, size, "RGBA")
    if pygame.display.get_surface() is not None:  # else (no display) as it is
        image = image.convert_alpha() if alpha else image.convert()
    if key is not None:
        image.set_colorkey(key, pygame.RLEACCEL if rle else 0)
    if surface_alpha is not None and not alpha:
        image.set_alpha(surface_alpha)
    return image


class _Pickler(pickle.Pickler):
    def reducer_override(self, obj: Any) -> Any:
        if "pygame" in sys.modules and isinstance(obj, sys.modules["pygame"].Surface):
            import pygame

            flags = obj.get_flags()
            state = (
                bool(flags & pygame.SRCALPHA),
                obj.get_colorkey(),
                bool(flags & pygame.RLEACCEL),
                obj.get_alpha(),
            )
            return _surface, (pygame.image.tobytes(obj, "RGBA"), obj.get_size(), state)
        return NotImplemented


def _dumps(value: Any) -> list[Any]:
    """`value` as parts to send: the pickle, then every buffer it keeps out of band."""
    buf = io.BytesIO()
    buffers: list[pickle.PickleBuffer] = []
    _Pickler(buf, protocol=5, buffer_callback=buffers.append).dump(value)
    return [buf.getvalue(), *(b.raw() for b in buffers)]


def _loads(parts: list[bytes]) -> Any:
    # The buffers become the arrays' memory: writable copies, as the stage writes its
    # grids (doors open, floors crumble). A copy is one memcpy per array.
    return pickle.loads(parts[0], buffers=[bytearray(part) for part in parts[1:]])


# The most of a bug's traceback sent back (its end: where it broke, and the message).
LONGEST_TRACEBACK = 8000


def _answer(func: Callable[..., Any], args: tuple[Any, ...]) -> list[Any]:
    """The pickled outcome of one call: its value, a refusal, or what went wrong.
    Anything but a value is a few hundred characters (a traceback a few thousand),
    however much of the map's text the exception quoted: the game takes it in on
    its main thread."""
    from gunner.maps import LevelError, bounded

    try:
        value = func(*args)
    except LevelError as exc:  # its cause is bounded already
        return _dumps(("refused", exc.path, exc.cause))
    except Exception as exc:
        details = traceback.format_exc()
        details = bounded(details, len(details))[-LONGEST_TRACEBACK:]
        return _dumps(("failed", type(exc).__name__, bounded(str(exc)), details))
    try:
        return _dumps(("ok", value))
    except (pickle.PicklingError, TypeError, AttributeError) as exc:
        return _dumps(("unsendable", bounded(f"{type(exc).__name__}: {exc}")))


def _serve(conn: Any) -> None:
    """The process: run each call sent, send back its outcome; end when the game does."""
    # A display for the map loader's conversions, never a window; no sound at all.
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
    try:
        import pygame

        pygame.display.init()
        pygame.display.set_mode((1, 1))
        while True:
            try:
                func, args = conn.recv()
            except EOFError:  # the game closed its end, or ended
                return
            parts = _answer(func, args)
            conn.send(len(parts))
            for part in parts:
                conn.send_bytes(part)
    except (KeyboardInterrupt, BrokenPipeError):  # Ctrl+C in the terminal is the game's
        return


def _stop(process: Any, conn: Any) -> None:
    conn.close()
    if process.is_alive():
        # Not terminate(): SDL turns SIGTERM into a quit event nobody reads over there.
        process.kill()
    process.join(5)


class Worker:
    """One process, started when first needed and kept for the next call.

    `call(func, *args)` runs `func(*args)` there and returns its value; `func` must be
    importable by name (a module's function). Meant for a worker thread: the caller
    waits, and `check()` is called every few hundredths of a second meanwhile; if it
    raises, the process is stopped and the exception goes on up. If no process can be
    started at all (or with `inline`), the call runs in the calling thread instead, as
    before there was a process."""

    def __init__(self, *, inline: bool = False) -> None:
        self.inline = inline
        self._lock = threading.Lock()
        self._process: Any = None
        self._conn: Any = None
        self._finalizer: weakref.finalize | None = None

    @property
    def pid(self) -> int | None:
        """The process's id while there is one."""
        return self._process.pid if self._process is not None else None

    @property
    def running(self) -> bool:
        return self._process is not None and self._process.is_alive()

    def call(
        self, func: Callable[..., Any], *args: Any, check: Callable[[], None] = lambda: None
    ) -> Any:
        if self.inline:
            return func(*args)
        # Another call (the process being started early, see `warm`) may hold it for a
        # while: the caller may give up meanwhile (nothing sent, nothing to stop).
        while not self._lock.acquire(timeout=CHECK_EVERY):
            check()
        try:
            try:
                conn = self._connection()
            except OSError as exc:
                print(f"gunner: reading in the game's process ({exc})", file=sys.stderr)
                return func(*args)
            try:
                conn.send((func, args))
                while not conn.poll(CHECK_EVERY):
                    check()
                count = conn.recv()
                parts = []
                for _ in range(count):  # reading a pipe lets go of the lock
                    while not conn.poll(CHECK_EVERY):
                        check()
                    parts.append(conn.recv_bytes())
            except (EOFError, OSError):
                self._process.join(5)  # its exit status says why
                code = self._process.exitcode
                self.close()
                stopped = f"the map reader stopped while reading it (exit status {code})"
                raise WorkerDied(stopped) from None
            except BaseException:
                self.close()  # given up: whatever it was doing is of no use now
                raise
        finally:
            self._lock.release()
        return self._result(parts)

    def warm(self, func: Callable[[], Any] = dict) -> None:
        """Start the process now, on a thread of its own, and have it call `func` (to
        import what the next call needs): a call likely soon then does not wait for the
        process to start (seconds on a busy machine). Nothing if it is running."""
        if self.inline or self.running:
            return
        threading.Thread(target=self._warm, args=(func,), name="gunner-reader", daemon=True).start()

    def _warm(self, func: Callable[[], Any]) -> None:
        try:
            self.call(func)
        except Exception:  # noqa: BLE001 - the call that needs it will say what is wrong
            return

    @staticmethod
    def _result(parts: list[bytes]) -> Any:
        from gunner.maps import LevelError

        answer = _loads(parts)
        if answer[0] == "ok":
            return answer[1]
        if answer[0] == "refused":
            raise LevelError(answer[1], answer[2])
        if answer[0] == "unsendable":
            raise Unsendable(answer[1])
        _, kind, message, details = answer
        raise Failed(kind, message) from _RemoteTraceback(details)

    def _connection(self) -> Any:
        if self._process is not None and self._process.is_alive():
            return self._conn
        self.close()
        context = multiprocessing.get_context("spawn")
        ours, theirs = context.Pipe()
        process = context.Process(
            target=_serve, args=(theirs,), name="gunner-map-reader", daemon=True
        )
        try:
            process.start()
        finally:
            theirs.close()
        self._process, self._conn = process, ours
        # Dropped without close(): the process still ends, with its last user.
        self._finalizer = weakref.finalize(self, _stop, process, ours)
        return ours

    def close(self) -> None:
        """Stop the process (the next call starts another)."""
        if self._finalizer is not None:
            self._finalizer()
        self._process = self._conn = self._finalizer = None
