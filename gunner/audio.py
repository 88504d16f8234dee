"""Sound effects and music. Silent (never failing) where there is no audio device."""

from __future__ import annotations

from pathlib import Path

import pygame

from gunner.config import ASSETS_DIR

# Relative loudness per effect, so rapid fire does not drown out everything else.
# Rapid fire (machine gun, wall hits, enemy shots) sits lowest; the rare, important
# sounds (explosions, keys, hurt) highest. Effects not listed play at 0.7.
VOLUMES = {
    "shoot": 0.45,
    "shoot_machinegun": 0.32,
    "shoot_spread": 0.5,
    "shoot_rocket": 0.6,
    "enemy_shoot": 0.38,
    "hit_wall": 0.3,
    "enemy_hit": 0.45,
    "enemy_die": 0.6,
    "explosion": 0.9,
    "drum_hit": 0.5,
    "pickup": 0.7,
    "key": 0.8,
    "door_open": 0.7,
    "door_locked": 0.6,
    "checkpoint": 0.7,
    "hurt": 0.85,
    "death": 0.85,
    "jump": 0.5,
    "land": 0.45,
    "menu_move": 0.5,
    "menu_select": 0.6,
    "pause": 0.6,
}


class Audio:
    def __init__(self, directory: Path = ASSETS_DIR, enabled: bool = True) -> None:
        self.sounds: dict[str, pygame.mixer.Sound] = {}
        self.master = 0.8
        self.effects_volume = 1.0
        self.music_volume = 0.5
        self.directory = directory
        self.track: str | None = None  # the music playing, so re-entering a scene keeps it
        self.enabled = enabled and self._init_mixer()
        if not self.enabled:
            return
        for path in sorted((directory / "sfx").glob("*.wav")):
            try:
                sound = pygame.mixer.Sound(str(path))
            except pygame.error:
                continue  # a broken effect stays silent; the game goes on
            sound.set_volume(VOLUMES.get(path.stem, 0.7))
            self.sounds[path.stem] = sound

    @staticmethod
    def _init_mixer() -> bool:
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(frequency=22050, size=-16, channels=1, buffer=512)
            pygame.mixer.set_num_channels(16)
            return True
        except pygame.error:
            return False

    def set_volumes(self, master: float, effects: float, music: float) -> None:
        """Apply the player's volume settings (each 0..1); music changes at once."""
        self.master, self.effects_volume, self.music_volume = master, effects, music
        if self.enabled:
            pygame.mixer.music.set_volume(self.master * self.music_volume)

    def play(self, name: str) -> None:
        sound = self.sounds.get(name)
        if sound is not None:
            channel = sound.play()
            if channel is not None:
                channel.set_volume(self.master * self.effects_volume)

    def play_music(self, name: str) -> None:
        if not self.enabled or name == self.track:
            return
        self.track = name
        path = self.directory / "music" / f"{name}.wav"
        try:
            pygame.mixer.music.load(str(path))
            pygame.mixer.music.set_volume(self.master * self.music_volume)
            pygame.mixer.music.play(-1)
        except (pygame.error, FileNotFoundError):
            pass  # no music for this level: play on in silence

    def stop_music(self) -> None:
        self.track = None
        if self.enabled:
            pygame.mixer.music.stop()
