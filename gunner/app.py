"""The game loop: events -> input state -> fixed steps -> render -> present.

Simulation runs in fixed steps of DT (Game Programming Patterns' "Game Loop"):
real time accumulates and is spent in whole steps, at most MAX_STEPS_PER_FRAME
per frame, so a slow frame slows the game down instead of spiralling. Drawing
happens once per frame on a small logical surface; `Screen` scales it up by a
whole number and letterboxes it into the window, on the GPU where it can.
"""

from __future__ import annotations

import contextlib
import sys
import time
import warnings
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from gunner import GAME_NAME
from gunner.assets import Art
from gunner.audio import Audio
from gunner.config import ASSETS_DIR, DT, MAX_STEPS_PER_FRAME, VIEW_H, VIEW_W
from gunner.debug import FrameTimes
from gunner.gamepad import Pads
from gunner.input import Buttons, KeyboardInput
from gunner.level import LevelError
from gunner.scenes.base import Scene
from gunner.settings import MAX_SCALE, Progress, Settings, save_settings

if TYPE_CHECKING:
    from gunner.replay import Recorder

PAD_EVENTS = (
    pygame.CONTROLLERDEVICEADDED,
    pygame.CONTROLLERDEVICEREMOVED,
    pygame.CONTROLLERBUTTONDOWN,
    pygame.CONTROLLERAXISMOTION,
)


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
    If no renderer can be made, the CPU path scales into a plain window.
    """

    def __init__(self, gpu: bool = True, vsync: bool = True) -> None:
        self.gpu = gpu
        self.vsync = vsync
        self.renderer: Any = None  # pygame._sdl2.video.Renderer of the SCALED display
        self.window: pygame.Window | None = None  # the SCALED display's window

    def open(self, fullscreen: bool, scale: int) -> None:
        """Open the window: fullscreen at desktop resolution, or `scale` x 480x270."""
        size = (VIEW_W * scale, VIEW_H * scale)
        if self.gpu:
            try:
                self._open_gpu(fullscreen, size)
                return
            except (pygame.error, ImportError) as exc:
                print(f"gunner: no GPU renderer ({exc}); scaling on the CPU", file=sys.stderr)
                self.gpu, self.renderer, self.window = False, None, None
        if fullscreen:
            pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        else:
            pygame.display.set_mode(size, pygame.RESIZABLE)

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


class FixedStepClock:
    """Turns real frame times into whole simulation steps (the accumulator of the Game Loop).

    At most `max_steps` per frame: after a long stall (a slow frame, a dragged
    window) the rest of the backlog is dropped, so the game slows down for a
    moment instead of running ever more steps to catch up (the spiral of death).
    """

    def __init__(self, dt: float = DT, max_steps: int = MAX_STEPS_PER_FRAME) -> None:
        self.dt = dt
        self.max_steps = max_steps
        self.backlog = 0.0

    def advance(self, real_dt: float) -> int:
        """Add one frame's real time; return how many steps to run now."""
        self.backlog += min(max(real_dt, 0.0), self.max_steps * self.dt)
        steps = 0
        while self.backlog >= self.dt and steps < self.max_steps:
            self.backlog -= self.dt
            steps += 1
        if steps == self.max_steps:
            self.backlog = 0.0  # drop what is left rather than carry it into the next frame
        return steps


class App:
    def __init__(
        self,
        *,
        debug: bool = False,
        fullscreen: bool | None = None,
        scale: int | None = None,
        settings: Settings | None = None,
        progress: Progress | None = None,
        recorder: Recorder | None = None,
        custom_folder: Path | None = None,
        extra_levels: Sequence[Path] = (),
    ) -> None:
        pygame.init()
        # Saved settings apply unless the command line overrides them for this run.
        self.settings = settings or Settings()
        self.progress = progress
        self.recorder = recorder  # a replay.Recorder when --record is given
        # Level select lists the maps in this folder, and these (--level), under "Custom".
        self.custom_folder = custom_folder
        self.extra_levels = tuple(extra_levels)
        self._save_failed = False
        # Never larger than the desktop: a window bigger than the screen cannot be used.
        self.scale = min(max_scale(), max(1, scale if scale is not None else self.settings.scale))
        self.fullscreen = self.settings.fullscreen if fullscreen is None else fullscreen
        self.screen = Screen()
        self.screen.open(self.fullscreen, self.scale)
        pygame.display.set_caption(GAME_NAME)
        with contextlib.suppress(pygame.error, FileNotFoundError):  # the icon is cosmetic
            pygame.display.set_icon(pygame.image.load(str(ASSETS_DIR / "icon.png")))
        self.surface = pygame.Surface((VIEW_W, VIEW_H))
        self.art = Art()
        self.audio = Audio()
        self.apply_volumes()
        self.pads = Pads()
        self.keys = KeyboardInput()
        self.debug = debug
        self.times = FrameTimes()
        self.scenes: list[Scene] = []
        self.running = True

    # -- window ------------------------------------------------------------------------

    def toggle_fullscreen(self) -> None:
        """F11: the same switch as the Options row, and saved like it."""
        self.set_window(not self.fullscreen, self.scale)
        self.settings.fullscreen = self.fullscreen
        self.save_settings()

    def set_window(self, fullscreen: bool, scale: int) -> None:
        """Reopen the window if anything changed; the scale is kept to what the desktop fits."""
        scale = min(max_scale(), max(1, scale))
        if (fullscreen, scale) != (self.fullscreen, self.scale):
            self.fullscreen, self.scale = fullscreen, scale
            self.screen.switch(fullscreen, scale)

    # -- settings ----------------------------------------------------------------------

    def apply_volumes(self) -> None:
        s = self.settings
        self.audio.set_volumes(s.master_volume, s.effects_volume, s.music_volume)

    def save_settings(self) -> None:
        """Write the settings now (every change does, so a crash loses nothing)."""
        try:
            save_settings(self.settings)
        except OSError as exc:  # a read-only or full disk must not end the game
            if not self._save_failed:  # say it once, not on every notch of a volume
                print(f"gunner: cannot save settings: {exc}", file=sys.stderr)
            self._save_failed = True
        else:
            self._save_failed = False

    def present(self) -> None:
        """Scale the logical frame by a whole number into the window, letterboxed."""
        self.screen.present(self.surface)

    # -- scene stack -------------------------------------------------------------------

    @property
    def scene(self) -> Scene:
        return self.scenes[-1]

    def push(self, scene: Scene) -> None:
        self.keys.consume()  # the key that changed screens is not a press on the new one
        self.scenes.append(scene)
        scene.enter(self)

    def pop(self) -> None:
        self.keys.consume()
        self.scenes.pop()
        if self.scenes:
            self.scene.enter(self)
        else:
            self.running = False

    def replace(self, scene: Scene) -> None:
        self.scenes.pop()
        self.push(scene)

    def reset_to(self, scene: Scene) -> None:
        self.keys.consume()
        self.scenes.clear()
        self.push(scene)

    def open_level(self, make: Callable[[], Scene], reset: bool = False) -> None:
        """Build a play scene; a map that fails to load shows its error instead."""
        from gunner.scenes.error import ErrorScene

        try:
            scene = make()
        except LevelError as exc:
            self.push(ErrorScene(str(exc)))
            return
        if reset:
            self.reset_to(scene)
        else:
            self.replace(scene)

    def quit(self) -> None:
        self.running = False

    # -- the loop ----------------------------------------------------------------------

    def _in_play(self) -> bool:
        return bool(self.scenes) and getattr(self.scene, "pause_on_focus_loss", None) is not None

    def pause_game(self) -> None:
        """Pause if a level is being played (focus lost, pad unplugged)."""
        pause = getattr(self.scene, "pause_on_focus_loss", None)
        if pause is not None:
            pause(self)

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type in PAD_EVENTS:
            keys, unplugged = self.pads.handle_event(event, self._in_play())
            if unplugged:
                self.pause_game()
            for key in keys:
                self.handle_event(key)
        elif event.type == pygame.QUIT:
            self.running = False
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.toggle_fullscreen()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_F3:
            self.debug = not self.debug
        elif event.type == pygame.WINDOWFOCUSLOST:
            self.keys.handle_event(event, self.settings.bindings)
            self.pause_game()
        else:
            # Latch the tap before the scene sees the key: if the key changes screens,
            # the scene change drops it again.
            self.keys.handle_event(event, self.settings.bindings)
            self.scene.handle_event(self, event)

    def draw(self) -> None:
        # Overlays (pause, game over) draw over the scenes beneath them.
        first = len(self.scenes) - 1
        while first > 0 and self.scenes[first].overlay:
            first -= 1
        for scene in self.scenes[first:]:
            scene.draw(self, self.surface)

    def held(self) -> Buttons:
        """The next step's input: keyboard (held or tapped since) and pads merged."""
        keys = self.keys.mask(self.settings.bindings, pygame.key.get_pressed())
        return keys | self.pads.held()

    def frame(self, steps: int) -> None:
        """One frame's events, then `steps` fixed steps (no drawing)."""
        for event in pygame.event.get():
            self.handle_event(event)
            if not self.running:
                return
        for _ in range(steps):
            if not self.running:
                return
            scene = self.scene
            reads = scene.reads_input()  # asked before the step: hit-stop ends inside one
            scene.step(self, self.held())
            if reads:
                self.keys.consume()

    def run(self, first: Scene) -> None:
        try:
            self._run(first)
        finally:
            if self.recorder is not None:
                self.recorder.save()
            pygame.quit()

    def _run(self, first: Scene) -> None:
        self.push(first)
        clock = pygame.time.Clock()
        stepper = FixedStepClock()
        previous = time.perf_counter()
        while self.running:
            now = time.perf_counter()
            steps = stepper.advance(now - previous)
            previous = now
            self.frame(steps)
            if not self.running:
                break
            start = time.perf_counter()
            self.draw()
            self.times.render_ms = (time.perf_counter() - start) * 1000
            self.present()
            clock.tick(120)
            self.times.fps = clock.get_fps()
