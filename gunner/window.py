"""The game window: opening it, fullscreen, and presenting the logical frame.

The game draws into a 480x270 surface; `Screen` shows it scaled by the largest
whole number that fits the window, centred, with black bars. Where OpenGL runs on
a GPU it does so with SDL's renderer (pygame's SCALED display). Where OpenGL is a
software rasterizer (Mesa's llvmpipe on a machine with no GPU: a VM, a remote
desktop, Xvfb) that renderer, and SDL's texture-backed window surface, cost several
times what scaling on the CPU into a shared-memory (MIT-SHM) window does
(`python -m bench.pacing` times both), so there it scales on the CPU.

Both paths place the window the same way: fullscreen covers the desktop from (0, 0)
even with no window manager, and a window, with the frame its window manager draws
around it, never opens larger than the desktop's usable area: the scale falls to the
largest that fits, and the window is centred.
"""

from __future__ import annotations

import ctypes
import functools
import os
import sys
import time
import warnings
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pygame

from gunner.config import VIEW_H, VIEW_W
from gunner.settings import MAX_SCALE

__all__ = [
    "Desktop",
    "Screen",
    "desktop_of",
    "first_scale",
    "fit_window",
    "integer_viewport",
    "max_scale",
    "present_on_cpu",
    "software_gl",
    "too_big",
]

# Substrings of GL_RENDERER naming an OpenGL that draws on the CPU (Mesa's).
SOFTWARE_GL = ("llvmpipe", "softpipe", "swrast", "software rasterizer")
_GL_RENDERER = 0x1F01
# Left free round a window chosen before it opens, when its frame and the desktop's
# panels are not known yet: a frame's sides, a title bar and a taskbar.
ROOM = (16, 80)
# A first start's scale where the desktop's size cannot be asked.
FALLBACK_SCALE = 3


def integer_viewport(window: tuple[int, int], logical: tuple[int, int]) -> pygame.Rect:
    """The largest whole-number scaling of `logical` that fits `window`, centred."""
    scale = max(1, min(window[0] // logical[0], window[1] // logical[1]))
    w, h = logical[0] * scale, logical[1] * scale
    return pygame.Rect((window[0] - w) // 2, (window[1] - h) // 2, w, h)


def max_scale(desktop: tuple[int, int] | None = None) -> int:
    """The largest whole-number window scale that fits the desktop (1 to MAX_SCALE)."""
    if desktop is None:
        sizes = pygame.display.get_desktop_sizes() if pygame.display.get_init() else []
        if not sizes:
            return MAX_SCALE
        desktop = sizes[0]
    return max(1, min(MAX_SCALE, desktop[0] // VIEW_W, desktop[1] // VIEW_H))


def first_scale(desktop: tuple[int, int] | None = None) -> int:
    """The scale a first start opens at (no scale saved or asked for): the largest whose
    window fits the desktop with ROOM to spare for a title bar and a taskbar."""
    if desktop is None:
        sizes = pygame.display.get_desktop_sizes() if pygame.display.get_init() else []
        if not sizes:
            return FALLBACK_SCALE
        desktop = sizes[0]
    return max_scale((desktop[0] - ROOM[0], desktop[1] - ROOM[1]))


def too_big(asked: int, shown: int) -> str:
    """One line for the player whose scale (saved, or --scale) did not fit: what opened."""
    sizes = pygame.display.get_desktop_sizes() if pygame.display.get_init() else []
    where = f"this {sizes[0][0]}x{sizes[0][1]} desktop" if sizes else "this desktop"
    return (
        f"window scale {asked} ({VIEW_W * asked}x{VIEW_H * asked}) does not fit {where}; "
        f"using {shown} ({VIEW_W * shown}x{VIEW_H * shown})"
    )


@dataclass(frozen=True)
class Desktop:
    """Where a window may go: the display's usable area (x, y, w, h: without taskbars
    or panels) and the frame a window manager draws around a window (top, left,
    bottom, right; zeros with no window manager)."""

    usable: tuple[int, int, int, int]
    frame: tuple[int, int, int, int] = (0, 0, 0, 0)


def fit_window(scale: int, desktop: Desktop) -> tuple[int, tuple[int, int]]:
    """The largest scale up to `scale` (at least 1) whose window fits the usable area
    with its frame, and the window's position that centres window and frame there.
    A desktop too small even for 1x keeps the title bar on screen, where it can be
    grabbed."""
    x, y, w, h = desktop.usable
    top, left, bottom, right = desktop.frame
    fits = min((w - left - right) // VIEW_W, (h - top - bottom) // VIEW_H)
    scale = max(1, min(scale, fits))
    outer_w = VIEW_W * scale + left + right
    outer_h = VIEW_H * scale + top + bottom
    return scale, (x + max(0, (w - outer_w) // 2) + left, y + max(0, (h - outer_h) // 2) + top)


class _SDLRect(ctypes.Structure):
    _fields_ = [("x", ctypes.c_int), ("y", ctypes.c_int), ("w", ctypes.c_int), ("h", ctypes.c_int)]


@functools.cache
def _sdl() -> Any:
    """The SDL2 library pygame runs on, for what pygame-ce 2.5 does not expose (the
    usable bounds and window frames); None where it cannot be found."""
    names: list[str] = []
    try:  # Linux: the copy already loaded into this process, whatever its file is called
        with open("/proc/self/maps", encoding="utf-8", errors="replace") as maps:
            names = [line.split()[-1] for line in maps if "/libSDL2-2" in line]
    except OSError:
        pass
    here = Path(pygame.__file__).parent
    for folder in (here, here / ".dylibs", here.parent / "pygame_ce.libs"):
        names += [str(p) for p in sorted(folder.glob("*SDL2*")) if "_" not in p.name]
    for name in names:
        try:
            sdl = ctypes.CDLL(name)
            sdl.SDL_GetWindowFromID.restype = ctypes.c_void_p
            sdl.SDL_GetWindowFromID.argtypes = (ctypes.c_uint32,)
            sdl.SDL_GetWindowDisplayIndex.argtypes = (ctypes.c_void_p,)
            sdl.SDL_GetDisplayUsableBounds.argtypes = (ctypes.c_int, ctypes.POINTER(_SDLRect))
            sdl.SDL_GetWindowBordersSize.argtypes = (ctypes.c_void_p,) + (
                ctypes.POINTER(ctypes.c_int),
            ) * 4
        except (OSError, AttributeError):
            continue
        return sdl
    return None


def desktop_of(window: pygame.Window) -> Desktop | None:
    """The usable area of the display `window` is on, and the frame around it, as SDL
    knows them once the window is shown; the desktop's size with no frame where SDL
    cannot say; None with no display at all."""
    sizes = pygame.display.get_desktop_sizes() if pygame.display.get_init() else []
    fallback = Desktop((0, 0, *sizes[0])) if sizes else None
    sdl = _sdl()
    pointer = sdl.SDL_GetWindowFromID(window.id) if sdl is not None else None
    if not pointer:
        return fallback
    bounds = _SDLRect()
    if sdl.SDL_GetDisplayUsableBounds(sdl.SDL_GetWindowDisplayIndex(pointer), bounds) != 0:
        return fallback
    frame = [ctypes.c_int(0) for _ in range(4)]
    if sdl.SDL_GetWindowBordersSize(pointer, *frame) != 0:
        frame = [ctypes.c_int(0) for _ in range(4)]  # unsupported here: no frame known
    usable = (bounds.x, bounds.y, bounds.w, bounds.h)
    return Desktop(usable, (frame[0].value, frame[1].value, frame[2].value, frame[3].value))


class Screen:
    """The game window: opens it, switches fullscreen, presents the logical frame.

    The GPU path asks pygame for a SCALED display: the game draws into a
    480x270 surface, `flip` uploads it as a texture and the renderer draws it
    into the window, so the CPU never touches window-sized pixels. pygame would
    stretch to fill a fullscreen or maximised window; we want whole-number
    pixels and black bars at every size, so the renderer's logical size is
    turned off and its viewport set to our own `integer_viewport` each frame.
    A window smaller than one logical frame shows its centre at 1x, cropped.
    If no renderer can be made, or OpenGL here is a software rasterizer (see the
    module's note), the CPU path scales into a plain window.

    `scale` is the scale the window shows, which may be less than the one asked for
    when the desktop is smaller. `desktop` tells where a window may go (tests stub
    it; by default `desktop_of`).
    """

    def __init__(
        self,
        gpu: bool = True,
        vsync: bool = True,
        desktop: Callable[[pygame.Window], Desktop | None] | None = None,
    ) -> None:
        self.gpu = gpu
        self.vsync = vsync
        self.renderer: Any = None  # pygame._sdl2.video.Renderer of the SCALED display
        self.window: pygame.Window | None = None  # the display's window, on either path
        self.software_gl: bool | None = None  # asked once, when the window first opens
        self.scale = 1
        self.desktop = desktop
        # The largest frame seen around the window: a window manager reports it late,
        # or as nothing while the window is fullscreen.
        self.frame = (0, 0, 0, 0)

    def open(self, fullscreen: bool, scale: int) -> None:
        """Open the window: fullscreen at desktop resolution, or `scale` x 480x270."""
        if self.gpu and self.software_gl is None:
            self.software_gl = software_gl()
            if self.software_gl:
                # No GPU: SDL's window surface in shared memory (MIT-SHM), not a texture
                # its OpenGL would draw on the CPU, and our own scaling into it. SDL
                # reads the hint when the display starts. A player's own setting wins.
                self.gpu = False
                os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")
                pygame.display.quit()
                _init_display_again()
        if self.gpu:
            try:
                self._open_gpu(fullscreen, scale)
                return
            except (pygame.error, ImportError) as exc:
                print(f"gunner: no GPU renderer ({exc}); scaling on the CPU", file=sys.stderr)
                self.gpu, self.renderer, self.window = False, None, None
        self.renderer = self.window = None
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # from_display_module's nudge is not for us
            pygame.display.set_mode((VIEW_W * scale, VIEW_H * scale), pygame.RESIZABLE)
            window = pygame.Window.from_display_module()
        self._place(window, fullscreen, scale)
        self.window = window

    def switch(self, fullscreen: bool, scale: int) -> None:
        """Change an open window (F11, Options)."""
        if self.window is None:
            self.open(fullscreen, scale)
            return
        # Both paths keep their window (the GPU path its renderer too): a second SCALED
        # set_mode after a fullscreen one can crash pygame (seen on SDL's dummy driver),
        # and a fresh display mode is slower and, with no window manager, misplaced.
        try:
            self._place(self.window, fullscreen, scale)
        except pygame.error:  # the display was reopened under us: open a fresh one
            self.open(fullscreen, scale)

    def _place(self, window: pygame.Window, fullscreen: bool, scale: int) -> None:
        """Fullscreen over the whole desktop, or a window of `scale` (or the largest
        that fits) centred on it."""
        if fullscreen:
            # Cover the desktop first: with no window manager (a bare X server, a kiosk)
            # the fullscreen request alone leaves the window at its old size and place.
            sizes = pygame.display.get_desktop_sizes()
            if sizes:
                window.position = (0, 0)
                window.size = sizes[0]
            window.set_fullscreen(desktop=True)
            self.scale = scale  # the window's scale for when it leaves fullscreen
            return
        window.set_windowed()
        window.size = (VIEW_W * scale, VIEW_H * scale)
        desktop = (self.desktop or desktop_of)(window)  # the frame is known once windowed
        if desktop is None:
            window.position = pygame.WINDOWPOS_CENTERED
            self.scale = scale
            return
        self.frame = tuple(map(max, self.frame, desktop.frame))  # type: ignore[assignment]
        self.scale, (x, y) = fit_window(scale, Desktop(desktop.usable, self.frame))
        window.size = (VIEW_W * self.scale, VIEW_H * self.scale)
        # SDL moves the frame by the frame it knows now; just out of fullscreen that is
        # none yet, and the window manager adds it back around the window's corner.
        top, left = desktop.frame[0] - self.frame[0], desktop.frame[1] - self.frame[1]
        window.position = (x + left, y + top)

    def _open_gpu(self, fullscreen: bool, scale: int) -> None:
        from pygame._sdl2.video import Renderer

        # Always opened as a window, then placed: SCALED's own fullscreen stretches by
        # fractions and, with no window manager, stays at 480x270.
        flags = pygame.SCALED | pygame.RESIZABLE
        self.renderer = self.window = None  # set_mode may replace what these point at
        if pygame.display.get_surface() is not None:
            # A fresh display: pygame reuses its SCALED renderer across set_mode calls, and
            # after the window was resized that corrupted memory (seen on the dummy driver).
            pygame.display.quit()
            pygame.display.init()
        with warnings.catch_warnings():
            # "no fast renderer available" / "could not enable vsync": we still want the
            # renderer (a software one scales in C, once, without Python in the loop);
            # from_display_module's nudge towards Window.get_surface is not for us either.
            warnings.simplefilter("ignore")
            pygame.display.set_mode((VIEW_W, VIEW_H), flags, vsync=int(self.vsync))
            window = pygame.Window.from_display_module()
        window.minimum_size = (1, 1)  # SCALED forbids smaller than 480x270; we crop instead
        # SCALED picks the largest window that fits; we keep the player's scale.
        self._place(window, fullscreen, scale)
        self.renderer = Renderer.from_window(window)
        self.renderer.logical_size = (0, 0)  # our own viewport below: whole numbers only
        self.window = window

    def present(self, frame: pygame.Surface) -> None:
        """Show `frame` scaled by a whole number, centred, with black bars."""
        display = pygame.display.get_surface()
        if display is None:  # no display mode (yet): nothing to show on
            return
        if self.renderer is not None:
            display.blit(frame, (0, 0))
            window = pygame.display.get_window_size()
            self.renderer.set_viewport(integer_viewport(window, frame.get_size()))
            pygame.display.flip()  # uploads the 480x270 texture, the renderer scales it
            return
        present_on_cpu(display, frame)


def present_on_cpu(window: pygame.Surface, frame: pygame.Surface) -> None:
    """The CPU path: scale into the window surface (0.1's way), cropping tiny windows.
    Only the bars are filled: the picture covers the rest, and a window at a whole
    scale (the usual case) has no bars at all."""
    viewport = integer_viewport(window.get_size(), frame.get_size())
    area = window.get_rect()
    if area.contains(viewport):
        for bar in bars(area, viewport):
            window.fill((0, 0, 0), bar)
        pygame.transform.scale(frame, viewport.size, window.subsurface(viewport))
    else:  # narrower or shorter than one frame: blit clips where a subsurface would raise
        window.fill((0, 0, 0))
        window.blit(pygame.transform.scale(frame, viewport.size), viewport)
    pygame.display.flip()


def bars(area: pygame.Rect, viewport: pygame.Rect) -> list[pygame.Rect]:
    """The parts of `area` around `viewport` (inside it): top, bottom, left, right."""
    side_h = viewport.height
    found = [
        pygame.Rect(area.left, area.top, area.width, viewport.top - area.top),
        pygame.Rect(area.left, viewport.bottom, area.width, area.bottom - viewport.bottom),
        pygame.Rect(area.left, viewport.top, viewport.left - area.left, side_h),
        pygame.Rect(viewport.right, viewport.top, area.right - viewport.right, side_h),
    ]
    return [bar for bar in found if bar.width > 0 and bar.height > 0]


# Opening X11 again straight after the probe's OpenGL window closed fails now and then
# ("x11 not available", about one start in six under Xvfb): a few tries, a moment apart.
REINIT_TRIES = 5
REINIT_PAUSE = 0.05  # s


def _init_display_again() -> None:
    for attempt in range(REINIT_TRIES):
        try:
            pygame.display.init()
            return
        except pygame.error:
            if attempt == REINIT_TRIES - 1:
                raise
            time.sleep(REINIT_PAUSE)


def software_gl() -> bool:
    """Is OpenGL here a software rasterizer (no GPU)? Asked of a hidden 1x1 OpenGL
    window on X11, which then closes; False wherever it cannot tell (other video
    drivers, no OpenGL, no libGL)."""
    if not pygame.display.get_init() or pygame.display.get_driver() != "x11":
        return False
    name = b""
    try:
        pygame.display.set_mode((1, 1), pygame.OPENGL | pygame.HIDDEN)
        gl = ctypes.CDLL("libGL.so.1")  # the library SDL's OpenGL context comes from
        gl.glGetString.restype = ctypes.c_char_p
        gl.glGetString.argtypes = (ctypes.c_uint,)
        name = gl.glGetString(_GL_RENDERER) or b""
    except (pygame.error, OSError, AttributeError):
        pass
    finally:
        pygame.display.quit()
        _init_display_again()
    text = name.decode(errors="replace").lower()
    return any(word in text for word in SOFTWARE_GL)
