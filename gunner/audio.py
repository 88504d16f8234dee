"""Sound effects and music. Silent (never failing) where there is no audio device."""

from __future__ import annotations

from pathlib import Path

import pygame

from gunner.config import ASSETS_DIR

# Relative loudness per effect, so rapid fire does not drown out everything else.
VOLUMES = {"shoot": 0.45, "hit_wall": 0.35, "jump": 0.5, "land": 0.5, "menu_move": 0.5}


class Audio:
    def __init__(self, directory: Path = ASSETS_DIR, enabled: bool = True) -> None:
        self.sounds: dict[str, pygame.mixer.Sound] = {}
        self.master = 0.8
        self.music_volume = 0.5
        self.directory = directory
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

    def play(self, name: str) -> None:
        sound = self.sounds.get(name)
        if sound is not None:
            channel = sound.play()
            if channel is not None:
                channel.set_volume(self.master)

    def play_music(self, name: str) -> None:
        if not self.enabled:
            return
        path = self.directory / "music" / f"{name}.wav"
        try:
            pygame.mixer.music.load(str(path))
            pygame.mixer.music.set_volume(self.master * self.music_volume)
            pygame.mixer.music.play(-1)
        except (pygame.error, FileNotFoundError):
            pass  # no music for this level: play on in silence

    def stop_music(self) -> None:
        if self.enabled:
            pygame.mixer.music.stop()
