"""Doors locked by colour: solid until the player arrives holding the matching keycard.

A closed door blocks movement (Stage.move), every team's bullets (it is a
neutral shootable that takes no damage) and line of sight. The player cannot
overlap it, so the door looks for the player pressing against either side.
With the key it slides open (OPEN_TIME), then stays open and non-solid for
good. Keys are never used up: one red keycard opens every red door. Without
it, KEY NEEDED is the message of the player who pressed (their own view's, on
a split screen).
"""

from __future__ import annotations

from enum import StrEnum
from typing import TYPE_CHECKING, Any

import pygame

from gunner.entities.base import Entity, feet_box, register
from gunner.events import DOOR_LOCKED, DOOR_OPENED
from gunner.schema import ObjectClass, Prop
from gunner.timer import Timer, steps

if TYPE_CHECKING:
    from gunner.entities.player import Player
    from gunner.maps import Spawn
    from gunner.world.api import WorldView

WIDTH, HEIGHT = 16, 48  # default size: 1x3 tiles
COLORS = ("red", "blue", "yellow")


class DoorState(StrEnum):
    """closed -> opening -> open (hashed as its text)."""

    CLOSED = "closed"
    OPENING = "opening"
    OPEN = "open"


OPEN_TIME = 0.3  # s of opening animation before the way is clear
OPEN_STEPS = steps(OPEN_TIME)
REACH = 2  # px: the player counts as pressing against either side this close to it
LOCKED_SOUND_GAP = 0.6  # s: the locked buzz does not repeat faster than this
# assets/door.png: one row per colour; columns 0 closed, 1-3 opening, 4 open.
FRAMES = 5


# The map class: its shape in Tiled, its help, its properties and their defaults
# (stated here only: the validator, the loader and the Tiled project read them).
ENTRY = ObjectClass(
    shape="rectangle",
    color="#dc2c2c",
    doc="A door locked by colour, 16x48 (1x3 tiles): solid until the player "
    "touches it holding the matching keycard, then open for good.",
    props={
        "color": Prop(
            "string",
            "",  # no default: a forgotten colour must show up in --check
            "the keycard colour that opens it",
            allowed=("red", "blue", "yellow"),
            enum="KeyColor",
            required=True,
        ),
    },
)


@register("Door", ENTRY)
class Door(Entity):
    sheet = "door"
    chars = {"R": {"color": "red"}, "U": {"color": "blue"}, "Y": {"color": "yellow"}}
    builder_size = (16, 48)
    solid = True
    shootable = True  # stops bullets of every team (neutral); takes no damage

    def __init__(self, hitbox: pygame.FRect, props: dict[str, Any] | None = None) -> None:
        super().__init__(hitbox)
        color = str((props or {}).get("color", "red") or "red").lower()
        self.color = color if color in COLORS else "red"
        self.state = DoorState.CLOSED
        self.opening = Timer()  # running: the opening animation (the way is not clear yet)
        self.contact = False  # the player was pressing against it last step
        self.locked_gap = Timer()  # running: the locked sound may not play again yet

    @classmethod
    def from_spawn(cls, spawn: Spawn) -> Door:
        # A point object is the door's bottom-centre; a rectangle is the door itself.
        w, h = spawn.w or WIDTH, spawn.h or HEIGHT
        return cls(feet_box(w, h, spawn.foot), spawn.props)

    @property
    def closed(self) -> bool:
        return self.state != DoorState.OPEN

    def tick(self, stage: WorldView) -> None:
        self.locked_gap.tick()
        if self.state == DoorState.OPENING:
            if self.opening.tick():
                self.state = DoorState.OPEN
                self.solid = False
                self.shootable = False
            return
        if self.state == DoorState.OPEN:
            return
        pressing = self._players_pressing(stage)
        if pressing:
            if any(self.color in p.keys for p in stage.players):  # keys are shared
                self.open(stage)
            else:
                self._locked(stage, pressing, first=not self.contact)
        self.contact = bool(pressing)

    def _players_pressing(self, stage: WorldView) -> list[Player]:
        """The living players pressing against either side, in the players' order."""
        reach = self.hitbox.inflate(REACH * 2, 0)
        near = stage.query(reach, "entity_entity", ignore=self)
        return [p for p in stage.players if p.alive and p in near]

    def open(self, stage: WorldView) -> None:
        if self.state != DoorState.CLOSED:
            return
        self.state = DoorState.OPENING
        self.opening.start(OPEN_TIME)
        stage.publish(DOOR_OPENED, self)
        stage.say("DOOR OPEN")

    def _locked(self, stage: WorldView, pressing: list[Player], first: bool) -> None:
        text = f"{self.color.upper()} KEY NEEDED"
        if first and not self.locked_gap:
            stage.publish(DOOR_LOCKED, self)
            self.locked_gap.start(LOCKED_SOUND_GAP)
        # Each presser's own message (in their view when the screen splits), said
        # again only once their line has faded, so it never flickers.
        for player in pressing:
            if not showing(stage, text, player):
                stage.say(text, player)

    def frame(self) -> int:
        if self.state == DoorState.CLOSED:
            return 0
        if self.state == DoorState.OPEN:
            return FRAMES - 1
        done = OPEN_STEPS - self.opening.left  # steps into the animation
        return 1 + min(FRAMES - 3, done * (FRAMES - 2) // OPEN_STEPS)

    def draw(self, surface: pygame.Surface, offset: tuple[float, float], art: object) -> None:
        sheet = art.sheet(self.sheet, WIDTH, HEIGHT)  # type: ignore[attr-defined]
        image = sheet[COLORS.index(self.color)][self.frame()]
        x = round(self.hitbox.centerx - WIDTH / 2 - offset[0])
        y = round(self.hitbox.bottom - HEIGHT - offset[1])
        if self.hitbox.height > HEIGHT:  # a taller door: stack the art upward
            for top in range(int(self.hitbox.height) - HEIGHT, -1, -HEIGHT):
                surface.blit(image, (x, y - top))
        else:
            surface.blit(image, (x, y))


def showing(stage: WorldView, text: str, player: Player) -> bool:
    """Is `text` still on screen for `player`: the latest line said, not yet faded,
    and still their own (in their view when the screen splits)?"""
    if stage.message != text or not stage.message_time:
        return False
    own = stage.own_messages.get(stage.players.index(player))
    return own is not None and own[0] == text and bool(own[1])
