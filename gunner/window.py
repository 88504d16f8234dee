"""The game window: opening it, fullscreen, and presenting the logical frame.

The game draws into a 480x270 surface; `Screen` shows it scaled by the largest
whole number that fits the window, centred, with black bars. Where OpenGL runs on
a GPU it does so with SDL's renderer (pygame's SCALED display). Where OpenGL is a
software rasterizer (Mesa's llvmpipe on a machine with no GPU: a VM, a remote
desktop, Xvfb) that renderer, and SDL's texture-backed window surface, cost several
times what scaling on the CPU into a shared-memory (MIT-SHM) window does
(`python -m bench.pacing` times both), so there it scales on the CPU.
"""

from __future__ import annotations

import ctypes
import os
import sys
import warnings
from typing import Any

import pygame

from gunner.config import VIEW_H, VIEW_W
from gunner.settings import MAX_SCALE

__all__ = ["Screen", "integer_viewport", "max_scale", "present_on_cpu", "software_gl"]

# Substrings of GL_RENDERER naming an OpenGL that draws on the CPU (Mesa's).
SOFTWARE_GL = ("llvmpipe", "softpipe", "swrast", "software rasterizer")
_GL_RENDERER = 0x1F01


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
    """

    def __init__(self, gpu: bool = True, vsync: bool = True) -> None:
        self.gpu = gpu
        self.vsync = vsync
        self.renderer: Any = None  # pygame._sdl2.video.Renderer of the SCALED display
        self.window: pygame.Window | None = None  # the SCALED display's window
        self.software_gl: bool | None = None  # asked once, when the window first opens

    def open(self, fullscreen: bool, scale: int) -> None:
        """Open the window: fullscreen at desktop resolution, or `scale` x 480x270."""
        size = (VIEW_W * scale, VIEW_H * scale)
        if self.gpu and self.software_gl is None:
            self.software_gl = software_gl()
            if self.software_gl:
                # No GPU: SDL's window surface in shared memory (MIT-SHM), not a texture
                # its OpenGL would draw on the CPU, and our own scaling into it. SDL
                # reads the hint when the display starts. A player's own setting wins.
                self.gpu = False
                os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")
                pygame.display.quit()
                pygame.display.init()
        if self.gpu:
            try:
                self._open_gpu(fullscreen, size)
                return
            except (pygame.error, ImportError) as exc:
                print(f"gunner: no GPU renderer ({exc}); scaling on the CPU", file=sys.stderr)
                self.gpu, self.renderer, self.window = False, None, None
        if fullscreen:
            pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
            return
        with warnings.catch_warnings():
            # Leaving fullscreen with no window manager (a bare X server) keeps the
            # desktop's size ("forcibly resized by the OS"): then set the window's own.
            warnings.simplefilter("ignore")
            pygame.display.set_mode(size, pygame.RESIZABLE)
            if pygame.display.get_window_size() != size:
                window = pygame.Window.from_display_module()
                window.size = size
                window.position = pygame.WINDOWPOS_CENTERED

    def switch(self, fullscreen: bool, scale: int) -> None:
        """Change an open window (F11, Options)."""
        if self.window is None:
            self.open(fullscreen, scale)  # the CPU path reopens its plain window
            return
        # The GPU path keeps its window and renderer: a second SCALED set_mode after a
        # fullscreen one can crash pygame (seen on SDL's dummy driver), and is slower.
        try:
            self._place(self.window, fullscreen, scale)
        except pygame.error:  # the display was reopened under us: open a fresh one
            self.open(fullscreen, scale)

    @staticmethod
    def _place(window: pygame.Window, fullscreen: bool, scale: int) -> None:
        if fullscreen:
            # Cover the desktop first: with no window manager (a bare X server, a kiosk)
            # the fullscreen request alone leaves the window at its old size.
            sizes = pygame.display.get_desktop_sizes()
            if sizes:
                window.position = (0, 0)
                window.size = sizes[0]
            window.set_fullscreen(desktop=True)
        else:
            window.set_windowed()
            window.size = (VIEW_W * scale, VIEW_H * scale)
            window.position = pygame.WINDOWPOS_CENTERED

    def _open_gpu(self, fullscreen: bool, size: tuple[int, int]) -> None:
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
        self._place(window, fullscreen, size[0] // VIEW_W)
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
    """The CPU path: scale into the window surface (0.1's way), cropping tiny windows."""
    viewport = integer_viewport(window.get_size(), frame.get_size())
    window.fill((0, 0, 0))
    if window.get_rect().contains(viewport):
        pygame.transform.scale(frame, viewport.size, window.subsurface(viewport))
    else:  # narrower or shorter than one frame: blit clips where a subsurface would raise
        window.blit(pygame.transform.scale(frame, viewport.size), viewport)
    pygame.display.flip()


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
        pygame.display.init()
    text = name.decode(errors="replace").lower()
    return any(word in text for word in SOFTWARE_GL)
