"""Extra sound effects and the music beyond level 1: per-weapon shots, hits, pickups,
doors, drums, checkpoints, a beefier explosion; title and levels 2 to 5 loops.

Called from tools/make_assets.py's main (after its own sounds, so the explosion
here replaces the plain one). Everything is built with make_assets' oscillators
and written as 22050 Hz mono 16-bit WAVs; fixed seeds make it deterministic.

    python tools/art_audio.py      # just these sounds
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
from make_assets import (
    RATE,
    decay,
    fades,
    midi_hz,
    normalise,
    note_env,
    sine,
    smooth,
    square,
    timeline,
    triangle,
    write_wav,
)

Sfx = Callable[[np.random.Generator], np.ndarray]


def _t(seconds: float) -> tuple[int, np.ndarray]:
    n = len(timeline(seconds))
    return n, np.arange(n) / RATE


def noise(rng: np.random.Generator, n: int) -> np.ndarray:
    return rng.uniform(-1, 1, n)


# -- shots -------------------------------------------------------------------------------


def sfx_shoot_machinegun(rng: np.random.Generator) -> np.ndarray:
    """Short and bright: it repeats fourteen times a second."""
    n, t = _t(0.11)
    crack = smooth(noise(rng, n), 2) * decay(n, 0.012)
    body = square(1400 * np.exp(-t / 0.015) + 180, n, 0.25) * decay(n, 0.03) * 0.5
    thump = sine(190 * np.exp(-t / 0.03) + 70, n) * decay(n, 0.04) * 0.6
    return crack + body + thump


def sfx_shoot_spread(rng: np.random.Generator) -> np.ndarray:
    """A shotgun blast: a wide noise burst over a low boom."""
    n, t = _t(0.38)
    blast = smooth(noise(rng, n), 3) * decay(n, 0.05) * 1.2
    hiss = smooth(noise(rng, n), 8) * decay(n, 0.14) * 0.8
    boom = sine(140 * np.exp(-t / 0.06) + 45, n) * decay(n, 0.12)
    return blast + hiss + boom


def sfx_shoot_rocket(rng: np.random.Generator) -> np.ndarray:
    """A launch thump, then the whoosh of the motor rising away."""
    n, t = _t(0.55)
    thump = sine(110 * np.exp(-t / 0.05) + 40, n) * decay(n, 0.08) * 1.1
    rise = np.clip(t / 0.08, 0, 1) * np.exp(-t / 0.22)
    whoosh = smooth(noise(rng, n), 6) * rise * 0.9
    whine = square(300 + 500 * t / t[-1], n, 0.125) * rise * 0.15
    return thump + whoosh + whine


def sfx_enemy_shoot(rng: np.random.Generator) -> np.ndarray:
    """Enemy fire: a lower, buzzier zap than the player's pistol, so it reads as a threat."""
    n, t = _t(0.18)
    zap = square(700 * np.exp(-t / 0.04) + 160, n, 0.5) * decay(n, 0.06) * 0.7
    crack = smooth(noise(rng, n), 3) * decay(n, 0.02) * 0.6
    return zap + crack


# -- hits and deaths ---------------------------------------------------------------------


def sfx_enemy_hit(rng: np.random.Generator) -> np.ndarray:
    n, t = _t(0.09)
    thud = square(320 * np.exp(-t / 0.03) + 90, n, 0.5) * decay(n, 0.03)
    tick = noise(rng, n) * decay(n, 0.006) * 0.8
    return thud + tick


def sfx_enemy_die(rng: np.random.Generator) -> np.ndarray:
    n, t = _t(0.5)
    fall = square(600 * np.exp(-t / 0.12) + 60, n, 0.5) * decay(n, 0.18) * 0.6
    crunch = smooth(noise(rng, n), 4) * decay(n, 0.09)
    pop = sine(90 * np.exp(-t / 0.1) + 40, n) * decay(n, 0.15) * 0.8
    return fall + crunch + pop


def sfx_explosion(rng: np.random.Generator) -> np.ndarray:
    """Beefier than make_assets' own: a sharp crack, a deep boom and a long rumble tail."""
    n, t = _t(0.82)
    crack = smooth(noise(rng, n), 2) * decay(n, 0.015) * 1.5
    boom = sine(90 * np.exp(-t / 0.15) + 28, n) * decay(n, 0.35) * 1.3
    rumble = smooth(noise(rng, n), 60) * 9 * decay(n, 0.3)
    crackle = smooth(noise(rng, n), 5) * decay(n, 0.1) * (0.6 + 0.4 * (noise(rng, n) > 0.6))
    return crack + boom + rumble + crackle


def sfx_drum_hit(rng: np.random.Generator) -> np.ndarray:
    """A bullet on an oil drum: a hollow metal clang (inharmonic partials)."""
    n, t = _t(0.3)
    clang = sum(
        sine(f, n) * decay(n, d) * a
        for f, d, a in ((310, 0.16, 1.0), (523, 0.09, 0.6), (877, 0.05, 0.4), (1290, 0.03, 0.3))
    )
    tick = noise(rng, n) * decay(n, 0.004) * 0.8
    return clang + tick


# -- pickups, doors, checkpoints -----------------------------------------------------------


def arpeggio(notes: list[int], step: float, duty: float = 0.25, tail: float = 0.06) -> np.ndarray:
    parts = []
    for i, note in enumerate(notes):
        n = len(timeline(step if i < len(notes) - 1 else step + tail * 3))
        parts.append(
            square(midi_hz(note), n, duty) * decay(n, tail if i < len(notes) - 1 else tail * 2)
        )
    return np.concatenate(parts)


def sfx_pickup(rng: np.random.Generator) -> np.ndarray:
    return arpeggio([72, 76, 79, 84], 0.045)


def sfx_key(rng: np.random.Generator) -> np.ndarray:
    """A keycard: a two-note chime with a shimmer, unlike the plain pickup."""
    n, t = _t(0.45)
    half = n // 3
    tone = np.where(np.arange(n) < half, midi_hz(81), midi_hz(88))
    chime = triangle(tone, n) * (0.7 + 0.3 * np.sin(2 * math.pi * 18 * t))
    env = np.where(np.arange(n) < half, decay(n, 0.2), decay(n, 0.2)[np.arange(n) - half])
    return chime * env + sine(tone * 2, n) * env * 0.25


def sfx_door_open(rng: np.random.Generator) -> np.ndarray:
    """A heavy door sliding: motor buzz rising, grinding noise, a clunk at the end."""
    n, t = _t(0.7)
    body = np.clip(t / 0.05, 0, 1) * np.clip((0.6 - t) / 0.1, 0, 1)
    motor = square(70 + 60 * t / 0.6, n, 0.3) * body * 0.5
    grind = smooth(noise(rng, n), 10) * body * 1.2
    end = np.clip((t - 0.58) / 0.003, 0, 1) * np.exp(-np.maximum(t - 0.58, 0) / 0.04)
    clunk = sine(110, n) * end
    return motor + grind + clunk


def sfx_door_locked(rng: np.random.Generator) -> np.ndarray:
    """Access denied: two low buzzes."""
    parts = []
    for _ in range(2):
        n, t = _t(0.11)
        parts.append(square(150, n, 0.5) * note_env(n, 0.2) * 0.9)
        parts.append(np.zeros(len(timeline(0.04))))
    return np.concatenate(parts)


def sfx_checkpoint(rng: np.random.Generator) -> np.ndarray:
    """A bright rising major arpeggio with an echo."""
    dry = arpeggio([67, 71, 74, 79, 83], 0.06, 0.5, 0.08)
    out = np.zeros(len(dry) + len(timeline(0.12)))
    out[: len(dry)] += dry
    echo = len(timeline(0.12))
    out[echo:] += dry * 0.35
    return out


SFX: dict[str, Sfx] = {
    "shoot_machinegun": sfx_shoot_machinegun,
    "shoot_spread": sfx_shoot_spread,
    "shoot_rocket": sfx_shoot_rocket,
    "enemy_shoot": sfx_enemy_shoot,
    "enemy_hit": sfx_enemy_hit,
    "enemy_die": sfx_enemy_die,
    "explosion": sfx_explosion,
    "drum_hit": sfx_drum_hit,
    "pickup": sfx_pickup,
    "key": sfx_key,
    "door_open": sfx_door_open,
    "door_locked": sfx_door_locked,
    "checkpoint": sfx_checkpoint,
}


def make_sfx() -> None:
    for i, (name, build) in enumerate(SFX.items()):
        rng = np.random.default_rng(500 + i)  # one seed per effect: edits stay local
        write_wav(f"sfx/{name}.wav", normalise(fades(build(rng))))


# -- music ---------------------------------------------------------------------------------

MUSIC_PEAK = 10 ** (-6 / 20)


@dataclass(frozen=True)
class Song:
    """A loop of whole bars of sixteen sixteenths: chords per bar, lead per eighth note."""

    name: str
    bpm: float
    chords: list[tuple[int, int, int]]  # one triad (MIDI) per bar
    lead: list[int | None]  # one entry per eighth note over the lead bars
    lead_from: int = 0  # first bar with lead
    kicks: tuple[int, ...] = (0, 8)  # sixteenths within the bar
    snares: tuple[int, ...] = (4, 12)
    hats: int = 2  # a hat every this many sixteenths (0 = none)
    bass: str = "eighths"  # eighths | gallop | whole
    arp_level: float = 0.10
    lead_level: float = 0.16
    seed: int = 0

    @property
    def seconds(self) -> float:
        return len(self.chords) * 4 * 60 / self.bpm


def compose(song: Song) -> np.ndarray:
    """Render the loop; every note ends inside the loop, so it wraps without a seam."""
    rng = np.random.default_rng(song.seed)
    steps = len(song.chords) * 16
    total = round(song.seconds * RATE)
    out = np.zeros(total)
    starts = [round(i * total / steps) for i in range(steps + 1)]

    def add(step: int, voice: np.ndarray) -> None:
        a = starts[step]
        out[a : a + len(voice)] += voice

    def span(step: int, length: int) -> int:
        return starts[min(step + length, steps)] - starts[step]

    for step in range(steps):
        bar, beat = divmod(step, 16)
        root, third, fifth = song.chords[bar]
        if song.bass == "whole" and beat in (0, 8):
            n = span(step, 8)
            add(step, triangle(midi_hz(root - 12), n) * note_env(n, 0.3) * 0.5)
        elif song.bass == "gallop" and beat % 4 in (0, 2, 3):
            n = span(step, 1)
            note = root - 12 + (7 if beat % 8 == 6 else 0)
            add(step, triangle(midi_hz(note), n) * note_env(n, 0.15) * 0.6)
        elif song.bass == "eighths" and step % 2 == 0:
            n = span(step, 2)
            note = root - 12 + (12 if beat in (6, 14) else 0)
            add(step, triangle(midi_hz(note), n) * note_env(n, 0.2) * 0.55)
        n = span(step, 1)
        arp = (root + 12, third + 12, fifth + 12, root + 24)[step % 4]
        add(step, square(midi_hz(arp), n, 0.125) * note_env(n, 0.5) * song.arp_level)
        if beat in song.kicks:
            t = np.arange(n) / RATE
            add(step, sine(150 * np.exp(-t / 0.03) + 40, n) * note_env(n, 0.6) * 0.7)
        if beat in song.snares:
            add(step, rng.uniform(-1, 1, n) * decay(n, 0.04) * note_env(n, 0.3) * 0.35)
        if song.hats and beat % song.hats == 0:
            hat = np.diff(rng.uniform(-1, 1, n + 1)) * decay(n, 0.008) * 0.12
            add(step, hat * note_env(n, 0.3))
        if bar >= song.lead_from and step % 2 == 0:
            i = (step - song.lead_from * 16) // 2
            lead = song.lead[i % len(song.lead)]
            if lead is not None:
                n = span(step, 2)
                t = np.arange(n) / RATE
                vibrato = 1 + 0.008 * np.sin(2 * math.pi * 6 * t)
                voice = square(midi_hz(lead) * vibrato, n, 0.25) * note_env(n, 0.4)
                add(step, voice * song.lead_level)
    return out * (MUSIC_PEAK / np.max(np.abs(out)))


# Title: D minor, unhurried, no drums until the second half; a theme to come back to.
TITLE = Song(
    "title",
    120,
    [(50, 53, 57), (46, 50, 53), (48, 52, 55), (50, 53, 57)] * 1
    + [(46, 50, 53), (48, 52, 55), (45, 49, 52), (45, 49, 52)],
    [74, None, 72, 69, 70, None, 69, 65, 67, None, 69, None, 62, None, None, None]
    + [65, None, 67, 69, 70, None, 72, None, 69, None, 67, None, 64, None, None, None],
    lead_from=4,
    kicks=(0,),
    snares=(8,),
    hats=4,
    bass="whole",
    arp_level=0.09,
    lead_level=0.18,
    seed=11,
)
# Level 2: E minor, faster, galloping bass and a syncopated kick: the pressure rises.
LEVEL2 = Song(
    "level2",
    132,
    [(52, 55, 59), (48, 52, 55), (50, 54, 57), (47, 51, 54)] * 2,
    [76, 76, None, 79, 78, None, 76, 74, 71, None, 74, 76, None, None, 75, None] * 2,
    lead_from=4,
    kicks=(0, 6, 8, 11),
    snares=(4, 12),
    hats=2,
    bass="gallop",
    arp_level=0.10,
    lead_level=0.15,
    seed=12,
)
# Level 3: C minor, fastest, four-on-the-floor and the lead all the way through.
LEVEL3 = Song(
    "level3",
    150,
    [(48, 51, 55), (44, 48, 51), (46, 50, 53), (43, 47, 50)] * 2 + [(41, 44, 48), (43, 47, 50)],
    [72, None, 75, 72, 79, None, 77, 75, 74, None, 72, 70, 71, None, 74, None]
    + [72, 75, 79, 84, 82, None, 80, 79, 77, None, 75, 74, 71, None, None, None],
    lead_from=0,
    kicks=(0, 4, 8, 12),
    snares=(4, 12, 14),
    hats=1,
    bass="gallop",
    arp_level=0.11,
    lead_level=0.14,
    seed=13,
)
# Level 5, the climb: A minor, rising lines over a pedal that climbs a step each
# two bars; driving eighths, the arpeggio up front.
LEVEL5 = Song(
    "level5",
    140,
    [(45, 48, 52), (45, 48, 52), (47, 50, 53), (47, 50, 53)]
    + [(48, 52, 55), (48, 52, 55), (50, 53, 57), (52, 56, 59)],
    [69, 72, 76, None, 74, 72, 71, None, 72, 74, 76, 77, 76, None, 72, None]
    + [76, 79, 81, None, 79, 77, 76, 74, 76, None, 81, 83, 84, None, None, None],
    lead_from=2,
    kicks=(0, 3, 8, 11),
    snares=(4, 12),
    hats=2,
    bass="eighths",
    arp_level=0.13,
    lead_level=0.14,
    seed=15,
)
# Level 4, the siege: D phrygian (the flat second is the alarm), war drums on the
# off-beats and a snare roll into each bar's end, a lead that calls to arms.
LEVEL4 = Song(
    "level4",
    144,
    [(50, 53, 57), (51, 55, 58), (50, 53, 57), (48, 52, 55)]
    + [(46, 50, 53), (48, 52, 55), (51, 55, 58), (45, 49, 52)],
    [74, None, 74, 75, 77, None, 75, 74, 72, None, 74, None, 70, None, None, None]
    + [74, 77, 81, None, 79, 77, 75, None, 74, 75, 77, 75, 73, None, None, None],
    lead_from=2,
    kicks=(0, 3, 6, 8, 11),
    snares=(4, 12, 13, 14, 15),
    hats=2,
    bass="gallop",
    arp_level=0.11,
    lead_level=0.15,
    seed=14,
)
SONGS = (TITLE, LEVEL2, LEVEL3, LEVEL4, LEVEL5)


def make_music() -> None:
    for song in SONGS:
        write_wav(f"music/{song.name}.wav", compose(song))


def make_audio() -> None:
    make_sfx()
    make_music()


if __name__ == "__main__":
    make_audio()
