"""Loading the project's generated art, metadata and sounds, with one-line errors.

Everything under assets/ is made by tools/make_assets.py. A missing or broken
file raises AssetError naming the file and the cause.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import pygame

from gunner.config import ASSETS_DIR
from gunner.looks import SHEET_UNIFORMS, Looks, recolour
from gunner.schema import BACKDROPS

# Installed players have no Makefile: tell them what helps them, and developers what to run.
MISSING_HINT = "reinstall Gunner; in a checkout, `python tools/make_assets.py` regenerates it"


class AssetError(Exception):
    """An asset the game needs is missing or unreadable; str() is one line."""

    def __init__(self, path: Path, cause: str) -> None:
        super().__init__(f"{path}: {cause}")


@dataclass(frozen=True)
class PlayerMeta:
    """Where things are inside a player sprite frame (facing right)."""

    frame_w: int
    frame_h: int
    columns: int
    rows: int
    anchor: tuple[int, int]  # bottom-centre of the frame: lines up with the hitbox
    muzzle: dict[str, tuple[int, int]]  # gun barrel end per aim pose


@lru_cache(maxsize=4)
def load_player_meta(directory: Path = ASSETS_DIR) -> PlayerMeta:
    path = directory / "player.json"
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        return PlayerMeta(
            frame_w=int(data["frame_w"]),
            frame_h=int(data["frame_h"]),
            columns=int(data["columns"]),
            rows=int(data["rows"]),
            anchor=(int(data["anchor"][0]), int(data["anchor"][1])),
            muzzle={k: (int(v[0]), int(v[1])) for k, v in data["muzzle"].items()},
        )
    except FileNotFoundError:
        raise AssetError(path, f"missing ({MISSING_HINT})") from None
    except (OSError, ValueError, KeyError, TypeError, IndexError) as exc:
        raise AssetError(path, f"unreadable ({type(exc).__name__}: {exc})") from None


def load_image(path: Path) -> pygame.Surface:
    """Load a PNG with alpha; needs a display mode to be set."""
    try:
        return pygame.image.load(str(path)).convert_alpha()
    except FileNotFoundError:
        raise AssetError(path, f"missing ({MISSING_HINT})") from None
    except pygame.error as exc:
        raise AssetError(path, f"unreadable image ({exc})") from None


def slice_strip(sheet: pygame.Surface, frame_w: int) -> list[pygame.Surface]:
    return [
        sheet.subsurface((x, 0, frame_w, sheet.get_height()))
        for x in range(0, sheet.get_width() - frame_w + 1, frame_w)
    ]


def entity_sheets() -> set[str]:
    """The sprite sheets the entity kinds declare (`Entity.sheet`, and `also_sheets` for
    what a kind makes, such as a grenadier's grenades)."""
    from gunner.entities import ENTITY_TYPES  # the kinds import this module's users

    sheets = {cls.sheet for cls in ENTITY_TYPES.values() if cls.sheet}
    return sheets | {
        name for cls in ENTITY_TYPES.values() for name in getattr(cls, "also_sheets", ())
    }


# Key colours in key_symbols.png's order (as in keycards.png and door.png).
KEY_COLORS = ("red", "blue", "yellow")
# Player 1's sprite sheet, then player 2's: the same frames, player 2's in colours no
# enemy wears (tools/make_assets.py draws both).
PLAYER_SHEETS = ("player.png", "player2.png")
# Reduce flashing (Options): a flash may begin at most this often anywhere on screen
# (WCAG 2.3.1 and XAG 118: no more than three flashes in any one second)...
FLASH_EVERY_MS = 1000 // 3 + 1
# ...and lasts at most this long; a sprite flashing longer goes back to its colours.
FLASH_LASTS_MS = 100
# A hit's silhouette under reduce flashing: lightened this much, never white.
SOFT_FLASH = (90, 90, 90)
# Bright effects (muzzle flashes, impacts, blasts) under reduce flashing: their colours
# multiplied by this, so a white-hot core shows as a dull orange, not as a flash.
SOFT_EFFECT = (170, 120, 90)


class FlashGate:
    """When a flash may show under reduce flashing: every flash on screen starts on the
    same frame, and those frames come at most three times a second.

    A sprite asking to flash (`allow`) may start only on the frame that opens a flash;
    one lit on the frame before may go on until the flash is FLASH_LASTS_MS old. Any
    other asks are turned down, so however many enemies are hit at once the screen
    sees one flash. The clock is the frame's (ms): real time, which is what eyes count
    (a game slowed by an assist flashes no more often for it)."""

    def __init__(self, clock: Callable[[], int] = pygame.time.get_ticks) -> None:
        self.clock = clock
        self.opened: int | None = None  # when the flash under way began
        self._now: int | None = None
        self._lit: set[int] = set()  # images lit this frame
        self._was_lit: set[int] = set()  # ...and the frame before

    def allow(self, image: pygame.Surface) -> bool:
        now = self.clock()
        if now != self._now:  # a new frame
            self._now, self._was_lit, self._lit = now, self._lit, set()
        opened = self.opened
        if opened is not None and now - opened < FLASH_LASTS_MS:
            lit = now == opened or id(image) in self._was_lit
        elif opened is None or now - opened >= FLASH_EVERY_MS:
            self.opened, lit = now, True
        else:
            lit = False
        if lit:
            self._lit.add(id(image))
        return lit


def softened(image: pygame.Surface, colour: tuple[int, int, int]) -> pygame.Surface:
    """`image` with its colours multiplied by `colour` (alpha kept)."""
    soft = image.copy()
    soft.fill(colour, special_flags=pygame.BLEND_RGB_MULT)
    return soft


class Art:
    """Every image the renderer draws, loaded once after the display exists.

    `reduce_flashing` (Options) makes hit flashes pale and rare (`FlashGate`) and
    dulls every bright effect; the renderer and the entities draw as ever."""

    # Effect name -> (file, frame width); each is a horizontal strip of frames.
    EFFECTS = {
        "muzzle_flash": ("muzzle_flash.png", 16),
        "impact": ("impact.png", 16),
        "dust": ("dust.png", 16),
        "explosion": ("explosion.png", 48),
    }
    # Sprite sheets the entities cut with `sheet()`. Loaded up front, so a missing one
    # stops the game at start-up with its one line, not mid-level when the first
    # drone comes on screen.

    def __init__(self, directory: Path = ASSETS_DIR) -> None:
        self.directory = directory
        self.player_meta = load_player_meta(directory)
        # Player 1's sheet and player 2's (the same frames in colours of their own),
        # each facing right and flipped.
        self._players = [self._player_frames(directory / name) for name in PLAYER_SHEETS]
        self.bullets = {
            "player": load_image(directory / "bullet_player.png"),
            "enemy": load_image(directory / "bullet_enemy.png"),
        }
        rocket = directory / "rocket.png"
        if rocket.exists():  # drawn by the content art; a plain bullet until then
            self.bullets["rocket"] = load_image(rocket)
        # Curtains and patterns are magenta orbs; a boss's aimed burst is a dart like
        # every aimed enemy shot (gunner.bullets.LOOK_ONLY).
        self.bullets["boss"] = load_image(directory / "bullet_boss.png")
        self.bullets["boss_aimed"] = self.bullets["enemy"]
        self.full_effects = {
            name: slice_strip(load_image(directory / file), w)
            for name, (file, w) in self.EFFECTS.items()
        }
        self.soft_effects = {
            name: [softened(f, SOFT_EFFECT) for f in frames]
            for name, frames in self.full_effects.items()
        }
        self.effects = self.full_effects
        self.flash_gate = FlashGate()
        self._reduce_flashing = False
        # Each key colour's symbol (also on its card and door), for the HUD's key slots.
        self.key_symbols = dict(
            zip(KEY_COLORS, slice_strip(load_image(directory / "key_symbols.png"), 9), strict=True)
        )
        self.bg_far = load_image(directory / "bg_far.png")
        self.bg_near = load_image(directory / "bg_near.png")
        # Each map's `backdrop`: ten small images, loaded (and so checked) up front.
        self.backdrops = {BACKDROPS[0]: (self.bg_far, self.bg_near)} | {
            name: (
                load_image(directory / f"bg_far_{name}.png"),
                load_image(directory / f"bg_near_{name}.png"),
            )
            for name in BACKDROPS[1:]
        }
        self._rotated: dict[tuple[str, int, int], pygame.Surface] = {}
        self._sheets: dict[tuple[str, int, int], list[list[pygame.Surface]]] = {}
        # Every sheet an entity kind declares, loaded (and so checked) up front.
        self._sheet_images = {
            name: load_image(directory / f"{name}.png") for name in entity_sheets() - {"player"}
        }
        # Keyed by id(source); the source is kept in the value so the id stays unique.
        self._derived: dict[tuple[str, int], tuple[pygame.Surface, pygame.Surface]] = {}
        self.looks = Looks()  # which uniform each soldier in a crowd wears

    # Bullets drawn pointing their way (tracers, darts, rockets); orbs stay as drawn.
    TURNED_BULLETS = frozenset({"player", "enemy", "boss_aimed", "rocket"})

    @property
    def reduce_flashing(self) -> bool:
        return self._reduce_flashing

    @reduce_flashing.setter
    def reduce_flashing(self, on: bool) -> None:
        self._reduce_flashing = on
        self.effects = self.soft_effects if on else self.full_effects
        # Turned and sized effect frames were cut from the other set: cut them afresh.
        self._rotated = {
            k: v
            for k, v in self._rotated.items()
            if k[0] not in self.EFFECTS and k[0].split("@")[0] not in self.EFFECTS
        }

    def key_symbol(self, color: str) -> pygame.Surface:
        """The symbol of the key `color` (9x9, white, outlined): a triangle for red, a
        circle for blue, a diamond for yellow; cards and doors bear the same."""
        return self.key_symbols.get(color) or self.key_symbols["red"]

    def backdrop(self, name: str) -> tuple[pygame.Surface, pygame.Surface]:
        """The far and near layers of the backdrop `name` (a map's `backdrop`
        property, checked when the map loaded); the default one for any other."""
        return self.backdrops.get(name) or self.backdrops[BACKDROPS[0]]

    def bullet_image(self, style: str, vx: float, vy: float) -> pygame.Surface:
        """A bullet's sprite; directional ones turn to face their flight."""
        image = self.bullets.get(style, self.bullets["player"])
        if style not in self.TURNED_BULLETS:
            return image
        return self._turned("bullet:" + style, 0, image, math.degrees(math.atan2(-vy, vx)), 45)

    def sheet(
        self, name: str, frame_w: int, frame_h: int, look: int = 0
    ) -> list[list[pygame.Surface]]:
        """`assets/<name>.png` cut into rows of frames, loaded on first use and cached;
        `look` > 0: the same sheet in another uniform (gunner.looks)."""
        key = (name, frame_w, frame_h) if not look else (f"{name}:{look}", frame_w, frame_h)
        if key not in self._sheets:
            image = self._sheet_images.get(name) or load_image(self.directory / f"{name}.png")
            if look:
                image = recolour(image, look, *SHEET_UNIFORMS.get(name, ()))
            self._sheets[key] = [
                [
                    image.subsurface((x, y, frame_w, frame_h))
                    for x in range(0, image.get_width() - frame_w + 1, frame_w)
                ]
                for y in range(0, image.get_height() - frame_h + 1, frame_h)
            ]
        return self._sheets[key]

    def flipped(self, image: pygame.Surface) -> pygame.Surface:
        """The image mirrored left-right (cached): sprites are drawn facing right."""
        key = ("flip", id(image))
        if key not in self._derived:
            self._derived[key] = (image, pygame.transform.flip(image, True, False))
        return self._derived[key][1]

    def flash(self, image: pygame.Surface) -> pygame.Surface:
        """A white silhouette of the image (cached): what a sprite shows when hit. Under
        reduce flashing a paler image instead, and only when `flash_gate` allows."""
        if self._reduce_flashing:
            if not self.flash_gate.allow(image):
                return image
            key = ("soft-flash", id(image))
            if key not in self._derived:
                pale = image.copy()
                pale.fill(SOFT_FLASH, special_flags=pygame.BLEND_RGB_ADD)
                self._derived[key] = (image, pale)
            return self._derived[key][1]
        key = ("flash", id(image))
        if key not in self._derived:
            white = image.copy()
            white.fill((255, 255, 255, 0), special_flags=pygame.BLEND_RGBA_MAX)
            self._derived[key] = (image, white)
        return self._derived[key][1]

    def _player_frames(self, path: Path) -> tuple[list[list[pygame.Surface]], ...]:
        """A player sheet's frames by row and column, facing right and flipped."""
        sheet = load_image(path)
        meta = self.player_meta
        if sheet.get_size() != (meta.frame_w * meta.columns, meta.frame_h * meta.rows):
            raise AssetError(path, "size does not match player.json")
        frames = [
            [
                sheet.subsurface((c * meta.frame_w, r * meta.frame_h, meta.frame_w, meta.frame_h))
                for c in range(meta.columns)
            ]
            for r in range(meta.rows)
        ]
        return frames, [[pygame.transform.flip(f, True, False) for f in row] for row in frames]

    def player_frame(
        self, row: int, col: int, flipped: bool = False, player: int = 0
    ) -> pygame.Surface:
        """A frame of player 1's sheet (`player` 0) or player 2's (1)."""
        return self._players[player][flipped][row][col]

    def sized_effect(self, name: str, index: int, width: float) -> pygame.Surface:
        """An effect frame scaled so the widest drawn part of the whole animation is
        ``width`` px (a blast's fireball as wide as its damage), cached per pixel."""
        frames = self.effects.get(name) or self.effects["impact"]
        frame = frames[min(index, len(frames) - 1)]
        drawn = max(f.get_bounding_rect().width for f in frames) or frame.get_width()
        scale = max(1, round(width)) / drawn
        key = (f"{name}@{round(width)}", index, 0)
        if key not in self._rotated:
            size = (
                max(1, round(frame.get_width() * scale)),
                max(1, round(frame.get_height() * scale)),
            )
            self._rotated[key] = pygame.transform.scale(frame, size)
        return self._rotated[key]

    def platform(self, width: int, height: int, oneway: bool = False) -> pygame.Surface:
        """A moving platform's plank, drawn for its size: a riveted steel girder, or a
        grate with a hazard-striped lip for a one-way one. Cached per size."""
        key = (f"platform{'-oneway' if oneway else ''}", width, height)
        if key not in self._rotated:
            w, h = max(2, width), max(2, height)
            plank = pygame.Surface((w, h), pygame.SRCALPHA)
            outline, steel, light, dark = (
                (20, 16, 26),
                (104, 116, 134),
                (168, 180, 196),
                (62, 70, 86),
            )
            plank.fill(outline)
            body = pygame.Rect(1, 1, w - 2, h - 2)
            plank.fill(dark if oneway else steel, body)
            plank.fill(light, (1, 1, w - 2, 1))  # the lit top edge riders stand on
            if oneway:  # a grate: see-through slots, hazard stripes along the lip
                for x in range(3, w - 3, 4):
                    plank.fill((0, 0, 0, 0), (x, 3, 2, max(1, h - 5)))
                for x in range(1, w - 1, 6):
                    plank.fill((236, 180, 40), (x, 1, 3, 1))
            else:
                for x in range(4, w - 3, 8):  # rivets
                    plank.fill(light, (x, h // 2, 1, 1))
                plank.fill(dark, (1, h - 2, w - 2, 1))
            self._rotated[key] = plank
        return self._rotated[key]

    def spun(self, image: pygame.Surface, angle: float) -> pygame.Surface:
        """`image` turned `angle` degrees anticlockwise, cached per 30 degrees (a drone
        spinning down)."""
        return self._turned(f"spun:{id(image)}", 0, image, angle, 30)

    def effect_frame(self, name: str, index: int, angle: float = 0.0) -> pygame.Surface:
        """An effect frame rotated to `angle` degrees, cached per 45 degrees."""
        frames = self.effects.get(name) or self.effects["impact"]
        return self._turned(name, index, frames[min(index, len(frames) - 1)], angle, 45)

    def _turned(
        self, name: str, index: int, image: pygame.Surface, angle: float, per: int
    ) -> pygame.Surface:
        """`image` turned anticlockwise to the nearest `per` degrees of `angle`, cached
        under (name, index) and the turn."""
        step = int(round(angle / per)) % (360 // per)
        if step == 0:
            return image
        key = (name, index, step)
        if key not in self._rotated:
            self._rotated[key] = pygame.transform.rotate(image, step * per)
        return self._rotated[key]
