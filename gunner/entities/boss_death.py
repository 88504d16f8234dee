"""A boss's death: it stops firing, every enemy bullet vanishes, explosions chain over
its body for DEATH_STEPS, and only then is it gone (the kill counted, the `boss`
objective done) and its arena open."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gunner.entities.boss_arena import open_gate
from gunner.entities.boss_table import BossState
from gunner.events import BOSS_DYING, EXPLODED, KILLED

if TYPE_CHECKING:
    from gunner.entities.boss import Boss
    from gunner.world.api import WorldView

DEATH_STEPS = 150  # the chained explosions before it is gone
DEATH_EVERY = 7  # one explosion this often during the death sequence


def start_dying(boss: Boss, stage: WorldView) -> None:
    """Its health ran out: harmless and unshootable from now on, a roar, a big shake."""
    boss.enter(BossState.DYING)
    boss.contact_damage = 0
    boss.shootable = False
    cancel_bullets(stage)
    stage.publish(BOSS_DYING, boss)
    stage.shake(0.8)


def cancel_bullets(stage: WorldView) -> None:
    """Every enemy bullet fades out this step (a little pop where some were)."""
    for x, y in stage.bullets.expire_team("enemy")[::12]:
        stage.particles.sparks(x, y, count=2, speed=60)


def dying(boss: Boss, stage: WorldView, ended: bool) -> None:
    """One step of the death sequence; `ended`: its last, when the boss is gone."""
    done = DEATH_STEPS - boss.countdown.left  # steps into the death sequence
    if done % DEATH_EVERY == 0:
        # A fixed scatter over the body (no random numbers: the sequence is the same).
        k = done // DEATH_EVERY
        box = boss.hitbox
        x = box.left + box.width * ((k * 0.618) % 1.0)
        y = box.top + box.height * ((k * 0.382 + 0.2) % 1.0)
        stage.add_effect("explosion", (x, y), size=32 + 8 * (k % 3))
        stage.particles.debris(x, y, count=4)
        stage.shake(0.25)
        if k % 2 == 0:
            stage.publish(EXPLODED, boss)
    if ended:
        boss.alive = False
        stage.publish(KILLED, boss)  # counted now: the objective is done
        x, y = boss.hitbox.center
        stage.add_effect("explosion", (x, y), size=boss.hitbox.height)
        stage.particles.explosion(x, y, radius=64)
        stage.shake(1.0)
        open_gate(boss, stage)
        stage.say(f"{boss.title} DESTROYED")
