"""The play scene's two-player half: the split screen kept while two play, player 2
joining or leaving from the pause menu, and Options' split mode changed mid-level."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gunner.camera import SplitScreen

if TYPE_CHECKING:
    from gunner.replay import ReplayInput
    from gunner.world import World


class TwoPlayers:
    """Co-op for the play scene, which holds `stage`, `players`, `split_mode`,
    `replay` and `screen`."""

    stage: World
    players: int
    split_mode: str
    replay: ReplayInput | None
    screen: SplitScreen | None

    def _fit_screen(self) -> None:
        """One view for one player; the split screen for two (kept while they play)."""
        stage = self.stage
        if len(stage.players) < 2:
            self.screen = None
            return
        if self.screen is None or self.screen.world_camera is not stage.camera:
            self.screen = SplitScreen(stage.camera, self.split_mode)
            self.screen.hold = stage.arena is not None
            self.screen.snap(stage.players)

    def join(self) -> bool:
        """Player 2 joins beside player 1 (pause menu); not while a replay plays."""
        if self.replay is not None or len(self.stage.players) > 1 or self.stage.arena:
            return False
        self.stage.add_player()
        self.stage.leash = self.split_mode == "never"
        self.players = 2
        self._fit_screen()
        self.stage.say("PLAYER 2 JOINED")
        return True

    def leave(self) -> bool:
        """Player 2 leaves (pause menu); player 1 plays on alone. Not from versus."""
        if self.replay is not None or len(self.stage.players) < 2 or self.stage.arena:
            return False
        self.stage.remove_player()
        self.stage.leash = False
        self.players = 1
        self._fit_screen()
        self.stage.say("PLAYER 2 LEFT")
        return True

    def use_split(self, mode: str, recording: bool = False) -> None:
        """Options changed the split mode mid-level: the views and the leash (never
        split's, the simulation's) follow it at once. A run being recorded or replayed
        keeps the mode it started with, as its replay holds that leash; the new mode
        plays from the next level on."""
        if self.replay is not None or recording:
            return
        self.split_mode = mode
        if self.screen is not None:
            self.screen.mode = mode
        if len(self.stage.players) > 1:
            self.stage.leash = mode == "never"
