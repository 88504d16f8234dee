"""Playing a level: steps the stage, plays its sounds, draws it, opens the other screens."""

from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from gunner.apart import Worker
from gunner.assists import Assists, AutoFire
from gunner.broadphase import DESIGNS
from gunner.camera import SplitScreen
from gunner.config import CAMPAIGN, DT, LEVELS_DIR
from gunner.crowd import add_crowd
from gunner.ghost import Ghost, GhostRecorder, load_ghost
from gunner.hotreload import FileWatcher, Reloader
from gunner.input import PAUSE_KEYS, Buttons
from gunner.scenes.base import Scene, level_music, play_sounds
from gunner.scenes.playing.checkpoints import back_at_checkpoint, siege_wave, take_checkpoint
from gunner.scenes.playing.coop import TwoPlayers
from gunner.scenes.playing.draw import draw_play
from gunner.scenes.playing.opening import Opening, open_stage
from gunner.scenes.playing.reload import HotReload
from gunner.settings import campaign_key, level_key
from gunner.snapshot import Snapshot
from gunner.splits import Splits, seconds_of
from gunner.warmup import warm_up
from gunner.world import Outcome, World

# F6 adds this many soldiers (and a quarter as many turrets).
WAVE = 100

if TYPE_CHECKING:
    from gunner.app import App
    from gunner.replay import ReplayInput


class PlayScene(HotReload, TwoPlayers, Scene):
    slowed_by_assists = True

    def __init__(
        self,
        path: Path,
        campaign_index: int | None = None,
        seed: int = 0,
        replay: ReplayInput | None = None,
        crowd: int = 0,
        design: str = "ours",
        replay_hash: str = "",
        stage: World | None = None,
        players: int = 1,
        split: str = "auto",
        versus: int = 0,
        reader: Worker | None = None,
    ) -> None:
        """`versus`: kills to win on an arena map (Options' VERSUS KILLS); an arena
        always plays for two, each in their own half of the screen."""
        self.path = Path(path)
        self.campaign_index = campaign_index
        self.seed = seed
        self.replay = replay  # when set, its masks drive the player instead of the hands
        self.replay_hash = replay_hash  # the state the recording ended on ("" unknown)
        # The state once the replay's last step has played (None until then).
        self.replay_end_hash: str | None = None
        self.crowd = crowd  # --crowd N: soldiers added at the start (and after a reload)
        self.design = design  # the live broad phase (F4 switches it)
        self.waves = 0  # F6 waves added so far
        # Every assist this run has used so far (Options can change them mid-run): a run
        # that used one is marked as assisted, however briefly.
        self.assisted = Assists()
        self.autofire = AutoFire()
        self.autofire2 = AutoFire()  # player 2's
        self.splits = Splits()  # the time at each checkpoint, against the best run's
        # Co-op: how many play (player 2 may join or leave from the pause menu) and the
        # camera setting (auto, vertical, always, never: never leashes them to one view).
        self.players = replay.players if replay is not None else players
        self.split_mode = split
        # Raises LevelError (one line) if the map is unusable; callers decide what to show.
        # A stage given (RETRY) plays on as it is.
        # A big map is read in `reader`'s process (gunner.scenes.playing.opening).
        if stage is None:
            opening = Opening(seed, self.players, split, versus, crowd, design)
            stage, self.players, self.split_mode = open_stage(self.path, opening, reader)
        elif stage.tree.design != design:  # F4 pressed since the checkpoint
            stage.tree.use(design)
        self.stage = stage
        # The best run kept to race (Options' GHOST), and this run, kept should it beat it.
        self.ghost_recorder = GhostRecorder(self.stage)
        self.ghost: Ghost | None = None
        self._ghost_looked_up = False
        self.warmed: World | None = None  # the stage the art was warmed up for (`enter`)
        self.screen: SplitScreen | None = None  # two players' views (presentation)
        self._fit_screen()
        # The run as it stood when the last checkpoint was reached (RETRY goes back to it).
        self.checkpoint: Snapshot | None = None
        # What it was: None for a checkpoint flag, "WAVE 3" for the start of a siege's wave.
        self.checkpoint_label: str | None = None
        self._wave_seen: int | None = None  # the siege's wave at the last step's end
        self._reported = False
        # Filled in when the level is completed, for the mission complete screen.
        self.new_best = False
        self.best_time: float | None = None
        self.previous_best: float | None = None  # the best this run was up against
        # Hot reload for maps opened with --level: saving in Tiled rebuilds the stage; a
        # broken save keeps the last good stage and shows its error until the next save.
        watch = campaign_index is None and replay is None and self.stage.arena is None
        self.watcher = FileWatcher(self.stage.level.files) if watch else None
        # The next stage is built on a worker thread while this one keeps playing, and
        # its map read in a process of its own (started at the first save, then kept;
        # the app's, which a big map was opened in, when given).
        self.reloader = Reloader(self._build) if watch else None
        self.reader = reader if reader is not None else Worker()
        self.reload_error: str | None = None

    @classmethod
    def campaign(cls, app: App, index: int) -> PlayScene:
        path = LEVELS_DIR / CAMPAIGN[index]
        return cls(path, index, players=app.players, split=app.split, reader=app.reader)

    def restarted(self, app: App) -> PlayScene:
        """The level from scratch, read afresh from its file."""
        scene = PlayScene(
            self.path,
            self.campaign_index,
            self.seed,
            crowd=self.crowd,
            design=self.design,
            players=self.players,
            split=self.split_mode,
            versus=self.stage.arena.target if self.stage.arena else 0,
            reader=self.reader,  # a big map, and the next save, read in the same process
        )
        return scene

    def retried(self, app: App) -> PlayScene:
        """RETRY after game over: the run as it stood at the last checkpoint reached (keys,
        doors, objectives, clock), the player back on it with full lives as after a death.
        With no checkpoint reached, the level from scratch."""
        if self.checkpoint is None:
            return self.restarted(app)
        scene = PlayScene(
            self.path,
            self.campaign_index,
            self.seed,
            crowd=self.crowd,
            design=self.design,
            stage=back_at_checkpoint(self.checkpoint.restore()),
            players=self.players,
            split=self.split_mode,
            reader=self.reader,
        )
        scene.checkpoint = self.checkpoint  # a second game over comes back here too
        scene.checkpoint_label = self.checkpoint_label
        scene.waves = self.waves
        scene.assisted = self.assisted  # the same run, played on
        scene.splits = self.splits
        return scene

    @property
    def progress_key(self) -> str:
        """How progress.json names this map: a custom map can never pass for a campaign one."""
        if self.campaign_index is not None:
            return campaign_key(CAMPAIGN[self.campaign_index])
        return level_key(self.path, LEVELS_DIR)

    def has_next_level(self) -> bool:
        """A next campaign level whose map exists (levels still being made are skipped)."""
        if self.campaign_index is None or self.campaign_index + 1 >= len(CAMPAIGN):
            return False
        return (LEVELS_DIR / CAMPAIGN[self.campaign_index + 1]).is_file()

    @property
    def next_path(self) -> Path:
        """The next campaign level's map (see `has_next_level`)."""
        assert self.campaign_index is not None
        return LEVELS_DIR / CAMPAIGN[self.campaign_index + 1]

    def next_level(self, app: App) -> PlayScene:
        assert self.campaign_index is not None
        app.players = self.players  # the team plays on (app.split: as Options has it now)
        return PlayScene.campaign(app, self.campaign_index + 1)

    def enter(self, app: App) -> None:
        app.players = len(self.stage.players)  # WASD is player 2's while two play
        if self.warmed is not self.stage:  # as the level opens: its first frame costs no more
            warm_up(app.art, self.stage)  # than the next, its sheets and uniforms made
            self.warmed = self.stage
        if not self._ghost_looked_up:  # once: enter runs again after every pause
            self._ghost_looked_up = True
            solo = self.replay is None and len(self.stage.players) == 1
            self.ghost = load_ghost(self.progress_key) if app.settings.ghost and solo else None
        if not self._reported:
            app.audio.play_music(self.music)

    @property
    def music(self) -> str:
        return level_music(self.stage)

    def handle_event(self, app: App, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F5 and self.watcher:
            self.reload()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F4:
            self.switch_design()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F6:
            self.add_wave(recording=app.recorder is not None)
            return
        if event.type == pygame.KEYDOWN and event.key in PAUSE_KEYS and not self._reported:
            app.audio.play("pause")
            app.push(app.router.make("pause", self))

    def switch_design(self) -> str:
        """F4: the next broad-phase design, live; the play is the same under each."""
        names = list(DESIGNS)
        self.design = names[(names.index(self.design) + 1) % len(names)]
        self.stage.tree.use(self.design)
        self.stage.say(f"BROAD PHASE: {self.design.upper()}")
        return self.design

    def add_wave(self, recording: bool = False) -> int:
        """F6: a wave of 100 soldiers (and 25 turrets). Not while a replay records or
        plays: a replay holds only the buttons, so it could not reproduce the wave."""
        if recording or self.replay is not None:
            self.stage.say("NO WAVES WHILE RECORDING")
            return 0
        self.waves += 1
        added = add_crowd(self.stage, WAVE, wave=self.waves)
        self.stage.say(f"WAVE {self.waves}: +{added}")
        return added

    def pause_on_focus_loss(self, app: App) -> None:
        if not self._reported:
            app.push(app.router.make("pause", self))

    def reads_input(self) -> bool:
        # During hit-stop the stage skips its step, so a tap waits for the step after.
        return self.stage.frozen == 0

    def step(self, app: App, held: Buttons) -> None:
        # The scene layer may read the clock; the stage below never does.
        self.poll_reload(time.monotonic())
        masks: list[Buttons]
        if self.replay is not None:
            masks = list(self.replay.next_all())
            self.stage.assists = self.replay.assists
        else:
            masks = [self.apply_assists(app.assists, held)]
            if len(self.stage.players) > 1:
                partner = app.held_partner()
                masks.append(self.autofire2.apply(partner) if app.assists.autofire else partner)
        if app.recorder is not None:
            app.recorder.record(self.stage, tuple(masks))
        start = time.perf_counter()
        reached = self.stage.checkpoint
        self.stage.step(masks)
        if len(masks) == 1:  # a ghost is one player's run
            self.ghost_recorder.step(self.stage, masks[0])
        if self.screen is not None:
            self.screen.update(self.stage.players, DT)
        app.times.step_ms = (time.perf_counter() - start) * 1000
        if self.stage.checkpoint != reached and self.stage.outcome is None:
            # Should this one not keep, RETRY goes back to the one before rather than
            # to the start.
            self.checkpoint = take_checkpoint(self.stage) or self.checkpoint
            self.checkpoint_label = None
            self.splits.reach(self.stage.checkpoint, self.stage.steps, self.best_splits(app))
        wave = self._wave_seen
        self._wave_seen = now = siege_wave(self.stage)
        if wave is not None and now is not None and now > wave and self.stage.outcome is None:
            # A siege's next wave is a checkpoint too: a game over in wave 4 goes back to
            # wave 4's start (the keep, all lives back), not to the first wave.
            self.checkpoint = take_checkpoint(self.stage) or self.checkpoint
            self.checkpoint_label = f"WAVE {now}"
        if self.replay is not None and self.replay.finished and self.replay_end_hash is None:
            self.replay_end_hash = self.stage.state_hash()
        play_sounds(app, self.stage)
        if self.stage.outcome and not self._reported:
            self._reported = True
            if self.stage.outcome == Outcome.COMPLETE:
                self._save_progress(app)
                app.push(app.router.make("complete", self))
            elif self.stage.outcome == Outcome.VERSUS:
                app.push(app.router.make("versus_over", self))
            else:
                app.push(app.router.make("gameover", self))

    def apply_assists(self, assists: Assists, held: Buttons) -> Buttons:
        """The player's assists for the next step: the simulation's go to the stage,
        auto-fire turns taps of FIRE into FIRE held; returns the step's buttons."""
        self.stage.assists = assists.simulation()
        self.assisted = self.assisted.merged(assists)
        if not assists.autofire:
            self.autofire.firing = False  # switched off while firing: firing stops
            return held
        return self.autofire.apply(held)

    def best_splits(self, app: App) -> dict[str, float]:
        """The splits this run is compared with: the best run's, among assisted runs
        once this one is assisted."""
        if app.progress is None:
            return {}
        return app.progress.best_splits_of(self.progress_key, self.assisted.marks_run)

    def _save_progress(self, app: App) -> None:
        """Best time for this map; after a campaign level, the next one opens up."""
        if app.progress is None or self.replay is not None:
            return  # a replay is not the player's own run
        key = self.progress_key
        try:
            assisted = self.assisted.marks_run
            self.previous_best = app.progress.best_time(key, assisted)
            seconds, splits = seconds_of(self.stage.steps), self.splits.seconds()
            self.new_best = app.progress.record_finish(key, seconds, assisted, splits)
            if len(self.stage.players) == 1:
                self.ghost_recorder.finish(self.stage, key, assisted)
            self.best_time = app.progress.best_time(key, assisted)
        except OSError as exc:  # a full disk must not end the run
            print(f"gunner: cannot save progress: {exc}", file=sys.stderr)

    def draw(self, app: App, surface: pygame.Surface) -> None:
        draw_play(self, app, surface)
