"""What every boss shares: an arena the camera locks to, phases, weak points, telegraphed
attacks and a death sequence of chained explosions.

A boss waits, invulnerable, until the player walks into its arena: a one-screen box
whose left edge lies `arena` px left of the boss's feet. Then a shutter drops behind the
player (a column of solid tiles), the camera locks to the box and the fight begins.
With two players either one walking in closes it, and a partner left outside is
brought in beside them; an aimed attack aims at the player nearer the boss's body
when it starts to charge (the living one it can see first: `WorldView.quarry`).

Its body is a set of `Part`s, rectangles placed from its feet: armour sparks and shrugs
off every shot and blast; only a weak part takes damage (a rocket's blast counts only
when the rocket itself strikes a weak part). Health falls through `Phase`s; each phase
cycles through its `Attack`s in order, every attack a charge-up (a glow at the muzzle and
the `boss_charge` sound) then volleys from `gunner.patterns`, then a rest. Always the
same order and timing: a player who learns it can take no damage.

When its health runs out it stops firing, every enemy bullet vanishes, and explosions
chain over its body for DEATH_STEPS; only then is it gone (the kill is counted, the
`boss` objective done) and the arena opens.

The arena and its shutter are in `boss_arena`, the death sequence in `boss_death`,
the attack table's types (`Part`, `Attack`, `Phase`, `BossState`) in `boss_table`,
and the telegraphs' drawing in `boss_looks`.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any, ClassVar

import numpy as np
import pygame

from gunner import patterns
from gunner.bullets import TEAMS, path_enters
from gunner.entities import boss_arena, boss_death
from gunner.entities.boss_arena import TRIGGER as TRIGGER  # (its old address)
from gunner.entities.boss_death import DEATH_STEPS
from gunner.entities.boss_looks import draw_charge, draw_gate, draw_weak
from gunner.entities.boss_table import Attack, BossState, Part, Phase
from gunner.entities.enemy import FLASH_TIME, Enemy
from gunner.events import BOSS_PHASE, CHARGING, DEFLECTED, HURT, SHOT
from gunner.schema import BOSS_ARENA
from gunner.timer import Timer

if TYPE_CHECKING:
    from gunner.bullets import Bullet
    from gunner.maps import Spawn
    from gunner.world.api import WorldView

# Steps (1/60 s) of each stage of a fight.
INTRO_STEPS = 60  # the shutter drops and the boss roars before its first attack
SHIFT_STEPS = 75  # between phases: a plate blows off, no attacks, no damage
# How long each timed state lasts (the others last until the fight moves them on).
STATE_STEPS = {
    BossState.INTRO: INTRO_STEPS,
    BossState.SHIFT: SHIFT_STEPS,
    BossState.DYING: DEATH_STEPS,
}
BOSS_STYLE = "boss"  # the bullet style of boss shots (a bigger orb)
# Aimed bursts look like every aimed enemy shot (a red dart), not like curtains and
# patterns (orbs). Only the look differs (gunner.bullets.LOOK_ONLY).
AIMED_STYLE = "boss_aimed"
_ENEMY_TEAM = TEAMS.index("enemy")


class Boss(Enemy):
    """A boss: subclasses give PARTS, PHASES (its attack table), MUZZLES, a name, a
    schema entry (`boss_class(doc, health)`) and `fire`."""

    is_boss = True
    title = "BOSS"
    # Its health comes from the boss's schema entry (`max_health`), its arena's default
    # width from `gunner.schema.BOSS_ARENA`, which every boss's entry states.
    contact_damage = 1
    death_sound = "explosion"  # the last, biggest blast of its death sequence
    # assets/<sheet>.png: frames of FRAME px, one per phase, then the wreck.
    sheet: ClassVar[str | None] = None
    FRAME = (96, 96)
    LIFT = 0  # px from its feet up to its sprite's bottom (a flying boss floats)
    PARTS: tuple[Part, ...] = ()
    PHASES: tuple[Phase, ...] = ()
    # Parts the player cannot walk into (pushed back out to the left).
    BODY: tuple[str, ...] = ()
    # Where each attack's bullets come from, as offsets from the feet.
    MUZZLES: dict[str, tuple[float, float]] = {}
    # The steps spent in the current state: looks only (the weak points' pulse, the
    # HUD's blink, the dying flicker), so it moves no replay. `countdown` times states.
    NOT_STATE = Enemy.NOT_STATE | {"clock"}

    def __init__(self, x: float, foot_y: float, props: dict[str, Any] | None = None) -> None:
        props = props or {}
        self.fx, self.fy = float(x), float(foot_y)
        super().__init__(self._bounds(), props)
        self.full_health = max(1, self.health)
        self.arena_left = self.fx - float(props.get("arena", BOSS_ARENA))
        self.state = BossState.DORMANT
        self.phase = 0
        self.attack = 0  # index into the phase's attacks
        self.attack_step = 0  # steps into the current attack
        self.clock = 0  # steps in the current state (looks only: see NOT_STATE)
        self.countdown = Timer()  # running: steps left in a timed state (STATE_STEPS)
        self.gate: list[tuple[int, int, int]] = []  # (col, row, old value) of the shutter
        # Where the player stood when the current attack began to charge: locked bursts
        # aim there and rain leaves its gap there (step away, or stand still).
        self.mark = (0.0, 0.0)

    @classmethod
    def from_spawn(cls, spawn: Spawn) -> Boss:
        x, foot_y = spawn.foot
        return cls(x, foot_y, spawn.props)

    # -- geometry ----------------------------------------------------------------------

    def _bounds(self) -> pygame.FRect:
        rects = [p.rect(self.fx, self.fy) for p in self.PARTS]
        box = rects[0].unionall(rects[1:]) if rects else pygame.FRect(self.fx, self.fy, 1, 1)
        return pygame.FRect(box)

    def parts(self) -> list[tuple[Part, pygame.FRect]]:
        """Every part with its rectangle in the world, as they are now."""
        return [(p, p.rect(self.fx, self.fy)) for p in self.PARTS]

    def weak_parts(self) -> tuple[str, ...]:
        return self.PHASES[self.phase].weak if self.PHASES else ()

    def muzzle(self, name: str) -> tuple[float, float]:
        dx, dy = self.MUZZLES[name]
        return (self.fx + dx, self.fy + dy)

    def arena(self, stage: WorldView) -> pygame.FRect:
        """The box the camera locks to: one screen, its floor row along the bottom."""
        return boss_arena.arena(self, stage)

    # -- the fight ---------------------------------------------------------------------

    @property
    def engaged(self) -> bool:
        """Is the fight on (shown on the HUD)?"""
        return self.state != BossState.DORMANT

    @property
    def current(self) -> Attack | None:
        if self.state != BossState.FIGHT or not self.PHASES:
            return None
        attacks = self.PHASES[self.phase].attacks
        return attacks[self.attack % len(attacks)]

    @property
    def charging(self) -> Attack | None:
        """The attack being telegraphed right now, if any."""
        attack = self.current
        return attack if attack and self.attack_step < attack.telegraph else None

    def tick(self, stage: WorldView) -> None:
        super().tick(stage)
        self.clock += 1
        ended = self.countdown.tick()  # a timed state's last step
        if self.state == BossState.DORMANT:
            boss_arena.wait(self, stage)
        elif self.state in (BossState.INTRO, BossState.SHIFT):
            if ended:
                self.enter(BossState.FIGHT)
        elif self.state == BossState.FIGHT:
            self._fight(stage)
        elif self.state == BossState.DYING:
            boss_death.dying(self, stage, ended)
        if self.alive and self.state != BossState.DORMANT:
            self.move(stage)
        self.hitbox = self._bounds()
        boss_arena.block(self, stage)

    def enter(self, state: BossState) -> None:
        """Into `state`, its clock from zero, its countdown set if it is a timed one."""
        self.state, self.clock = state, 0
        self.countdown = Timer(STATE_STEPS.get(state, 0))
        self.attack = self.attack_step = 0

    def _fight(self, stage: WorldView) -> None:
        attack = self.current
        if attack is None:
            return
        t = self.attack_step
        if t == 0:
            stage.publish(CHARGING, self, attack=attack)
            self.mark = stage.quarry(self).hitbox.midbottom
        k = t - attack.telegraph
        if k >= 0 and k % attack.every == 0 and k // attack.every < attack.volleys:
            self.fire(attack, k // attack.every, stage)
            stage.publish(SHOT, self)
        self.attack_step += 1
        if self.attack_step >= attack.steps:
            self.attack += 1
            self.attack_step = 0

    def fire(self, attack: Attack, volley: int, stage: WorldView) -> None:
        """Fire volley number `volley` of `attack` (subclasses)."""

    def move(self, stage: WorldView) -> None:
        """Move the feet (fx, fy) for one step (subclasses; the default stands still)."""

    def spray(
        self,
        stage: WorldView,
        at: tuple[float, float],
        velocities: np.ndarray,
        style: str = BOSS_STYLE,
    ) -> int:
        """Spawn one boss bullet per (vx, vy) row from `at`; returns how many. An aimed
        burst passes AIMED_STYLE."""
        x, y = at
        spawn = stage.bullets.spawn
        for vx, vy in velocities.tolist():
            spawn(x, y, vx, vy, team="enemy", style=style)
        return len(velocities)

    def rain(
        self, stage: WorldView, volley: int, right: float, spacing: float, gap: float, speed: float
    ) -> None:
        """One row of falling bullets from the top of the arena to `right`, one every
        `spacing` px (shifted half a space every other volley), with a `gap` px hole
        where the player stood when it charged."""
        arena = self.arena(stage)
        xs = patterns.rain(
            arena.left + 20, right, spacing, self.mark[0], gap, phase=volley * spacing / 2
        )
        spawn = stage.bullets.spawn
        for x in xs.tolist():
            spawn(x, arena.top + 2, 0.0, speed, team="enemy", style=BOSS_STYLE)

    # -- taking hits -------------------------------------------------------------------

    def struck_part(self, bullet: Bullet) -> Part | None:
        """The part a bullet's path meets first, from where it struck the boss's outline
        on along its flight (a shot through a gap between parts meets the one behind)."""
        x, y = bullet.hitbox.center
        speed = math.hypot(bullet.vx, bullet.vy) or 1.0
        reach = self.hitbox.width + self.hitbox.height
        dx, dy = bullet.vx / speed * reach, bullet.vy / speed * reach
        best: tuple[float, Part] | None = None
        for part, rect in self.parts():
            t = path_enters(rect, x, y, dx, dy)
            if t is not None and (best is None or t < best[0]):
                best = (t, part)
        return best[1] if best else None

    def hit(self, bullet: Bullet, stage: WorldView) -> None:
        part = self.struck_part(bullet)
        if (
            part is not None
            and part.name in self.weak_parts()
            and self.state == BossState.FIGHT
            and part.weak
        ):
            self.wound(bullet.damage + bullet.blast_damage, stage)
            return
        # Armour (or a weak point between phases): sparks and a clank, no damage.
        stage.particles.sparks(bullet.hitbox.centerx, bullet.hitbox.centery, count=4)
        stage.publish(DEFLECTED, self)

    def damage(self, amount: int, stage: WorldView, from_x: float | None = None) -> None:
        """Blasts and contact: the armour shrugs them off (only `hit` on a weak part hurts)."""

    def wound(self, amount: int, stage: WorldView) -> None:
        """Damage that reached a weak part: health, phases, death."""
        if amount <= 0 or self.state != BossState.FIGHT:
            return
        self.health = max(0, self.health - amount)
        self.flash.start(FLASH_TIME)
        stage.publish(HURT, self, amount=amount, from_x=None)
        if self.health <= 0:
            boss_death.start_dying(self, stage)
            return
        phase = self.phase_for(self.health)
        if phase != self.phase:
            self.phase = phase
            self.enter(BossState.SHIFT)
            stage.publish(BOSS_PHASE, self, phase=phase)

    def phase_for(self, health: int) -> int:
        """The phase a boss with this much health is in."""
        fraction = health / self.full_health
        for i, phase in enumerate(self.PHASES):
            if fraction > phase.until:
                return i
        return max(0, len(self.PHASES) - 1)

    def phase_thresholds(self) -> list[int]:
        """Health values at which a phase ends (for the HUD's bar): the most health
        with which `phase_for` has left the phase, so floor, not round (at 95 health a
        phase that lasts until 66 % ends at 62; 63 is still above it)."""
        return [math.floor(p.until * self.full_health) for p in self.PHASES[:-1]]

    # -- drawing -----------------------------------------------------------------------

    def frame_index(self) -> int:
        """Which frame of the sheet: one per phase, the last one for the wreck."""
        return len(self.PHASES) if self.state == BossState.DYING else self.phase

    def draw(self, surface: pygame.Surface, offset: tuple[float, float], art: Any) -> None:
        ox, oy = offset
        fw, fh = self.FRAME
        frames = art.sheet(self.sheet or "", fw, fh)[0]
        image = frames[min(self.frame_index(), len(frames) - 1)]
        if self.flash:
            image = art.flash(image)
        if self.state == BossState.DYING and self.clock % 8 < 4:
            image = art.flash(image)
        top = self.fy - self.LIFT - fh
        surface.blit(image, (round(self.fx - fw / 2 - ox), round(top - oy)))
        draw_weak(self, surface, ox, oy)
        draw_charge(self, surface, ox, oy)
        draw_gate(self, surface, ox, oy)

    def charge_points(self, attack: Attack) -> list[tuple[float, float]]:
        """Where the telegraph glows: the attack's muzzle (a boss firing from several
        guns at once glows at each)."""
        return [self.muzzle(attack.muzzle)]
