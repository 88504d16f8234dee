"""The game loop: events -> input state -> fixed steps -> render -> present.

Simulation runs in fixed steps of DT (Game Programming Patterns' "Game Loop"):
real time accumulates and is spent in whole steps. A frame runs only the steps it
can afford (see `FixedStepClock`, gunner.stepclock): when the simulation cannot keep up, the game
slows down smoothly, one step a frame, instead of running several steps a frame at
a fraction of the frame rate. Drawing happens once per frame on a small logical
surface; `Screen` scales it up by a whole number and letterboxes it into the window,
on the GPU where it can.
"""

from __future__ import annotations

import contextlib
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from gunner import GAME_NAME
from gunner.apart import Worker
from gunner.assets import Art
from gunner.assists import Assists
from gunner.audio import Audio
from gunner.config import ASSETS_DIR, VIEW_H, VIEW_W
from gunner.debug import FrameTimes
from gunner.gamepad import Pads
from gunner.input import PLAYER_TWO_BINDINGS, Buttons, KeyboardInput, player_bindings
from gunner.maptitles import MapTitles
from gunner.scenes.base import Scene
from gunner.scenes.playing.opening import APART_BYTES
from gunner.scenes.router import default_router
from gunner.settings import Progress, Settings, save_settings
from gunner.stepclock import FixedStepClock as FixedStepClock
from gunner.window import Screen as Screen
from gunner.window import first_scale, too_big
from gunner.window import integer_viewport as integer_viewport
from gunner.window import max_scale as max_scale

if TYPE_CHECKING:
    from gunner.replay import Recorder

PAD_EVENTS = (
    pygame.CONTROLLERDEVICEADDED,
    pygame.CONTROLLERDEVICEREMOVED,
    pygame.CONTROLLERBUTTONDOWN,
    pygame.CONTROLLERAXISMOTION,
)


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
        assists: Assists | None = None,
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
        # With no scale saved or asked for, the largest that fits with room to spare.
        asked = scale if scale is not None else self.settings.scale
        self.scale = min(max_scale(), max(1, asked if asked is not None else first_scale()))
        self.fullscreen = self.settings.fullscreen if fullscreen is None else fullscreen
        # The assists in force: --assist for this run, else the saved ones (Options
        # changes both, as it does the window).
        self.assists = self.settings.assists if assists is None else assists
        self.screen = Screen()
        self.screen.open(self.fullscreen, self.scale)
        self.scale = self.screen.scale  # less where the window's frame would not fit
        if asked is not None and self.scale < asked and not self.fullscreen:
            print(f"gunner: {too_big(asked, self.scale)}", file=sys.stderr)
        pygame.display.set_caption(GAME_NAME)
        with contextlib.suppress(pygame.error, FileNotFoundError):  # the icon is cosmetic
            pygame.display.set_icon(pygame.image.load(str(ASSETS_DIR / "icon.png")))
        self.surface = pygame.Surface((VIEW_W, VIEW_H))
        self.art = Art()
        self.art.reduce_flashing = self.settings.reduce_flashing  # saved switch, from the start
        self.audio = Audio()
        self.apply_volumes()
        self.pads = Pads()
        self.pads.bindings = self.settings.pad_buttons  # rebound buttons, from the start
        self.keys = KeyboardInput()
        # Co-op: player 2's hands on the same keyboard (their own table and taps), and
        # how many play (the title's 2 PLAYERS, the pause menu's join and leave).
        self.keys2 = KeyboardInput()
        self.players = 1
        # Pads: the player whose pad was just unplugged (the pause screen names them),
        # and whether player 1 has played on the keyboard (a new pad then joins as 2).
        self.unplugged: int | None = None
        self.keyboard_play = False
        # Two players' camera: auto, always or never (Options saves it; --split for a run).
        self.split = self.settings.split
        self.debug = debug
        self.times = FrameTimes()
        self.scenes: list[Scene] = []
        self.router = default_router()  # the scenes by name: they open each other through it
        # The process a big map is read in behind the loading screen, and a level opened
        # with --level is reloaded in on every save: started when first needed, then kept.
        self.reader = Worker()
        # Level select's custom map titles, read in the background (big ones by `reader`).
        self.map_titles = MapTitles(self.reader, APART_BYTES)
        self.running = True
        self.now: Callable[[], float] = time.perf_counter  # the loop's clock (tests fake it)

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
            self.fullscreen = fullscreen
            self.screen.switch(fullscreen, scale)
            self.scale = self.screen.scale

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

    def set_split(self, mode: str) -> None:
        """Two players' camera from now on (Options' row): the level under the menu
        too, if one is being played."""
        self.split = mode
        for scene in self.scenes:
            use = getattr(scene, "use_split", None)
            if use is not None:
                use(mode, recording=self.recorder is not None)

    def present(self) -> None:
        """Scale the logical frame by a whole number into the window, letterboxed."""
        self.screen.present(self.surface)

    # -- scene stack -------------------------------------------------------------------

    @property
    def scene(self) -> Scene:
        return self.scenes[-1]

    def push(self, scene: Scene) -> None:
        self.consume_keys()  # the key that changed screens is not a press on the new one
        self.scenes.append(scene)
        scene.enter(self)

    def pop(self) -> None:
        self.consume_keys()
        self.scenes.pop()
        if self.scenes:
            self.scene.enter(self)
        else:
            self.running = False

    def replace(self, scene: Scene) -> None:
        self.scenes.pop()
        self.push(scene)

    def reset_to(self, scene: Scene) -> None:
        self.consume_keys()
        recorder = self.recorder
        if recorder is not None and getattr(scene, "stage", None) is not recorder.stage:
            # The recorded run is left (quit to title, restart): it is saved now, not
            # only when the window closes, so the file is there as the player expects.
            recorder.save()
        self.scenes.clear()
        self.push(scene)

    def open_level(self, make: Callable[[], Scene], what: str | Path, reset: bool = True) -> None:
        """The one way a level opens: behind the loading screen, `make` building its
        scene on a worker thread while the window keeps drawing. The scene built then
        replaces every scene (or, without `reset`, the one it was opened from). A map
        that cannot be loaded shows its one line over the screen it was chosen on, and
        Back returns there, with nothing the player had lost."""
        self.push(self.router.make("loading", make, what, reset=reset))

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
        elif hasattr(self.scene, "lost_pad") and self.unplugged is not None:
            self.scene.lost_pad, self.unplugged = self.unplugged, None  # paused already
        else:
            self.unplugged = None  # a pad unplugged in a menu: nothing to tell later

    def pad_start(self, event: pygame.event.Event) -> bool:
        """Start on a pad with no player slot claims one (keyed by its instance id).
        Player 2's when a level for two lacks player 2's pad (plugged back in), or when
        player 1 already has a pad or has been playing on the keyboard; then player 2
        joins (the level under way, paused or not, or the title's next game). Else
        player 1's: a lone player's pad, whose Start pauses as ever. A pad holding
        player 2's slot while player 2 is out (left from the pause menu) brings them
        back. True if the press did that (it is then no pause and no menu key)."""
        pads = self.pads
        if not (
            event.type == pygame.CONTROLLERBUTTONDOWN
            and event.button == pygame.CONTROLLER_BUTTON_START
            and pads.enabled
            and event.instance_id in pads.pads
        ):
            return False
        play = self.level_scene()
        slot = pads.slots.get(event.instance_id)
        if slot is None:
            taken = set(pads.slots.values())
            missing_two = play is not None and len(play.stage.players) > 1 and 2 not in taken
            if 1 not in taken and not self.keyboard_play and not missing_two:
                pads.slots[event.instance_id] = 1
                return False
            if 2 in taken:
                return False
            slot = pads.slots[event.instance_id] = 2
        if slot != 2:
            return False
        if self.unplugged == 2:
            self.unplugged = None
        if play is None:
            return True  # the title: see `pad_players`
        if len(play.stage.players) > 1:
            return False  # in already: Start pauses (or resumes)
        if not play.join():
            return False
        self.players = 2  # WASD is player 2's from now on, as when joined from the menu
        return True

    def level_scene(self) -> Any:
        """The level being played (a PlayScene), under any menus over it; None on the
        title. (Typed loosely: the app never imports the scenes it runs.)"""
        return next((s for s in reversed(self.scenes) if hasattr(s, "join")), None)

    def pad_players(self) -> int:
        """How many play the title's next game: two once a pad holds player 2's slot."""
        return 2 if 2 in self.pads.slots.values() else 1

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type in PAD_EVENTS:
            if self.pad_start(event):
                return
            lost = self.pads.slots.get(getattr(event, "instance_id", -1), 1)
            keys, unplugged = self.pads.handle_event(event, self._in_play())
            if unplugged:
                self.unplugged = lost
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
            self.keys2.handle_event(event, {})
            self.pause_game()
        else:
            # Latch the tap before the scene sees the key: if the key changes screens,
            # the scene change drops it again.
            tables = self.bindings()
            if event.type == pygame.KEYDOWN and not getattr(event, "pad", False):
                played = any(event.key in keys for keys in tables[0].values())
                self.keyboard_play = self.keyboard_play or (played and self._in_play())
            self.keys.handle_event(event, tables[0])
            self.keys2.handle_event(event, tables[1] if len(tables) > 1 else {})
            self.scene.handle_event(self, event)

    def draw(self) -> None:
        # Overlays (pause, game over) draw over the scenes beneath them.
        first = len(self.scenes) - 1
        while first > 0 and self.scenes[first].overlay:
            first -= 1
        for scene in self.scenes[first:]:
            scene.draw(self, self.surface)

    def bindings(self) -> list[dict[Buttons, tuple[int, ...]]]:
        """Each player's keys: slot 1's alone, or (two playing) slot 2's, and slot 1's
        less any key slot 2 uses."""
        second = self.settings.keys_by_player.get(2) or PLAYER_TWO_BINDINGS
        return player_bindings(self.players, self.settings.bindings, second)

    def consume_keys(self) -> None:
        self.keys.consume()
        self.keys2.consume()

    def held(self) -> Buttons:
        """The next step's input: keyboard (held or tapped since) and pads merged."""
        keys = self.keys.mask(self.bindings()[0], pygame.key.get_pressed())
        return keys | self.pads.held()

    def held_partner(self) -> Buttons:
        """Player 2's buttons for the next step (NONE unless two play)."""
        tables = self.bindings()
        if len(tables) < 2:
            return Buttons.NONE
        return self.keys2.mask(tables[1], pygame.key.get_pressed()) | self.pads.held(2)

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
                self.consume_keys()

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
        previous = self.now()
        while self.running:
            now = self.now()
            self.run_frame(stepper, now - previous)
            previous = now
            if not self.running:
                break
            clock.tick(120)
            self.times.fps = clock.get_fps()

    def pace(self) -> float:
        """The fraction of real time the top scene runs at: the game-speed assist slows
        play (fewer fixed steps per real second, never a shorter step); menus, even
        over a level, keep full speed."""
        slowed = bool(self.scenes) and self.scene.slowed_by_assists
        return self.assists.slowed if slowed else 1.0

    def run_frame(self, stepper: FixedStepClock, real_dt: float) -> int:
        """One frame: events, the steps `stepper` allows for `real_dt` seconds, drawing
        and presenting. Tells the stepper what the frame cost; returns the steps run."""
        steps = stepper.advance(real_dt * self.pace())
        start = self.now()
        self.frame(steps)
        if not self.running:
            return steps
        drawn = self.now()
        self.draw()
        self.times.render_ms = (self.now() - drawn) * 1000
        self.present()
        stepper.measured(drawn - start, steps, self.now() - drawn)
        return steps
