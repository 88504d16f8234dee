"""Options > Controls, as a player works it: up to three keys per action added and
cleared one at a time, a key taken from another action only after saying so (with a
swap), pad buttons rebound and kept by the pad's GUID, and the defaults back."""

from __future__ import annotations

import json

import pygame
import pytest

from app_helpers import GUID, FakePad, key
from gunner.app import App
from gunner.gamepad import DEFAULT_PAD_BINDINGS, PadState, buttons_from_pad, key_event
from gunner.input import DEFAULT_BINDINGS, PLAYER_TWO_BINDINGS, Buttons, buttons_from_keys
from gunner.scenes.controls import ControlsScene
from gunner.settings import load_settings


class Pressed(set):
    def __getitem__(self, k):
        return k in self


@pytest.fixture
def app():
    app = App(scale=1, fullscreen=False)
    yield app
    pygame.display.set_mode((480, 270))


@pytest.fixture
def controls(app) -> ControlsScene:
    scene = ControlsScene()
    app.scenes = [scene]
    return scene


def choose(app: App, scene: ControlsScene, kind: str, action: Buttons, column: int) -> None:
    """Walk the cursor with the menu keys to `action`'s key number `column`."""
    while scene.rows[scene.index] != (kind, action):
        app.handle_event(key(pygame.K_DOWN))
    for _ in range(3):
        app.handle_event(key(pygame.K_LEFT))
    for _ in range(column):
        app.handle_event(key(pygame.K_RIGHT))
    assert scene.column == column


def test_three_keys_per_action_added_and_cleared_one_at_a_time(app, controls):
    jump = DEFAULT_BINDINGS[Buttons.JUMP]  # Z, J, Space: already three
    choose(app, controls, "key", Buttons.JUMP, 0)
    app.handle_event(key(pygame.K_RETURN))
    app.handle_event(key(pygame.K_c))  # C in Z's place: J and Space stay
    assert app.settings.bindings[Buttons.JUMP] == (pygame.K_c, *jump[1:])
    # A fourth has no "+" to go to: the cursor stops on the third key.
    app.handle_event(key(pygame.K_RIGHT))
    app.handle_event(key(pygame.K_RIGHT))
    app.handle_event(key(pygame.K_RIGHT))
    assert controls.column == 2
    app.handle_event(key(pygame.K_DELETE))  # Space cleared
    assert app.settings.bindings[Buttons.JUMP] == (pygame.K_c, pygame.K_j)
    # Now the "+" after J adds a third again.
    app.handle_event(key(pygame.K_RIGHT))
    app.handle_event(key(pygame.K_RETURN))
    app.handle_event(key(pygame.K_v))
    assert app.settings.bindings[Buttons.JUMP] == (pygame.K_c, pygame.K_j, pygame.K_v)
    # The last key of an action cannot be cleared.
    choose(app, controls, "key", Buttons.FIRE, 0)
    app.handle_event(key(pygame.K_DELETE))
    app.handle_event(key(pygame.K_DELETE))
    assert app.settings.bindings[Buttons.FIRE] == (pygame.K_k,)
    assert "NEEDS A KEY" in controls.message
    # Every change is saved at once: a crash now would lose nothing.
    assert load_settings().bindings == app.settings.bindings
    pressed = Pressed({pygame.K_v})
    assert buttons_from_keys(pressed, app.settings.bindings) == Buttons.JUMP


def test_taking_a_key_from_another_action_says_so_and_offers_a_swap(app, controls):
    choose(app, controls, "key", Buttons.JUMP, 0)
    app.handle_event(key(pygame.K_RETURN))
    app.handle_event(key(pygame.K_x))  # X is fire's
    assert controls.message == "X IS FIRE'S.  ENTER SWAPS, ESC KEEPS IT"
    assert app.settings.bindings == DEFAULT_BINDINGS, "nothing changes before the answer"
    app.handle_event(key(pygame.K_ESCAPE))  # keep it
    assert app.settings.bindings == DEFAULT_BINDINGS and "KEPT" in controls.message
    app.handle_event(key(pygame.K_RETURN))
    app.handle_event(key(pygame.K_x))
    app.handle_event(key(pygame.K_RETURN))  # swap
    assert app.settings.bindings[Buttons.JUMP][0] == pygame.K_x
    assert app.settings.bindings[Buttons.FIRE] == (pygame.K_z, pygame.K_k), "Z went to fire"
    assert controls.message == "SWAPPED: FIRE GETS Z"
    assert load_settings().bindings[Buttons.FIRE] == (pygame.K_z, pygame.K_k)


def test_pad_buttons_are_rebound_and_saved_by_the_pads_guid(app, controls, _data_dir):
    app.pads.enabled = True
    app.pads.pads[3] = FakePad()
    app.pads.guids[3] = GUID
    choose(app, controls, "pad", Buttons.JUMP, 1)  # the "+" after A
    app.handle_event(key(pygame.K_RETURN))
    # The pad's right shoulder, as the pad delivers it in menus.
    rb = pygame.CONTROLLER_BUTTON_RIGHTSHOULDER
    app.handle_event(pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, button=rb, instance_id=3))
    jump = (pygame.CONTROLLER_BUTTON_A, rb)
    assert app.settings.pad_buttons[GUID][Buttons.JUMP] == jump
    # Swapping on a pad too: fire's X onto jump's A.
    choose(app, controls, "pad", Buttons.JUMP, 0)
    app.handle_event(key(pygame.K_RETURN))
    app.handle_event(key_event(0, pygame.CONTROLLER_BUTTON_X, GUID))
    assert "IS FIRE'S" in controls.message
    app.handle_event(key_event(pygame.K_RETURN, pygame.CONTROLLER_BUTTON_A, GUID))  # A: yes
    bound = app.settings.pad_buttons[GUID]
    assert bound[Buttons.JUMP] == (pygame.CONTROLLER_BUTTON_X, rb)
    assert bound[Buttons.FIRE] == (pygame.CONTROLLER_BUTTON_A, pygame.CONTROLLER_BUTTON_B)
    # In play, that pad's right shoulder jumps now.
    app.pads.pads[3].held = {rb}
    assert app.pads.held() == Buttons.JUMP
    # Saved under the pad's GUID, by SDL's button names, and loaded back.
    doc = json.loads((_data_dir / "settings.json").read_text())
    assert doc["pads"][GUID]["jump"] == ["x", "rightshoulder"]
    assert load_settings().pad_buttons == app.settings.pad_buttons
    # Another pad keeps the defaults.
    other = PadState(frozenset({rb}), guid="0" * 32)
    assert buttons_from_pad(other, app.pads.bindings_for(other.guid)) == Buttons.NONE
    # Reset to defaults: keys and this pad's buttons.
    while controls.rows[controls.index][0] != "defaults":
        app.handle_event(key(pygame.K_DOWN))
    app.handle_event(key(pygame.K_RETURN))
    assert GUID not in app.settings.pad_buttons
    assert app.pads.bindings_for(GUID) == DEFAULT_PAD_BINDINGS


def test_start_stays_the_pause_button(app, controls):
    choose(app, controls, "pad", Buttons.FIRE, 0)
    app.handle_event(key(pygame.K_RETURN))
    start = pygame.CONTROLLER_BUTTON_START
    app.handle_event(key_event(pygame.K_ESCAPE, start))
    assert "RESERVED" in controls.message
    assert app.pads.bindings_for("any") == DEFAULT_PAD_BINDINGS


def test_player_two_s_keys_are_rebound_on_their_own_and_drive_player_two(app, controls):
    # The first row chooses whose keys the keyboard rows show.
    assert controls.rows[controls.index] == ("player", None)
    app.handle_event(key(pygame.K_RIGHT))
    assert controls.player == 2
    assert controls.bound(app, "key") == PLAYER_TWO_BINDINGS, "WASD + F/G until changed"
    choose(app, controls, "key", Buttons.FIRE, 0)
    app.handle_event(key(pygame.K_RETURN))
    app.handle_event(key(pygame.K_h))  # H in G's place
    assert app.settings.keys_by_player[2][Buttons.FIRE] == (pygame.K_h,)
    assert app.settings.bindings == DEFAULT_BINDINGS, "player 1's keys are untouched"
    assert load_settings().keys_by_player[2][Buttons.FIRE] == (pygame.K_h,), "saved at once"
    # While two play, H fires for player 2 and G for nobody.
    app.players = 2
    first, second = app.bindings()
    assert buttons_from_keys(Pressed({pygame.K_h}), second) == Buttons.FIRE
    assert buttons_from_keys(Pressed({pygame.K_g}), second) == Buttons.NONE
    # A key player 1 also holds: it is player 2's while two play, and the screen says so.
    choose(app, controls, "key", Buttons.JUMP, 1)  # the "+" after F
    app.handle_event(key(pygame.K_RETURN))
    app.handle_event(key(pygame.K_x))
    assert controls.message == "X IS ALSO PLAYER 1'S: PLAYER 2'S WHILE TWO PLAY"
    first, second = app.bindings()
    assert buttons_from_keys(Pressed({pygame.K_x}), second) == Buttons.JUMP
    assert buttons_from_keys(Pressed({pygame.K_x}), first) == Buttons.NONE
    # Defaults on player 2's page restore player 2's, not player 1's.
    while controls.rows[controls.index][0] != "defaults":
        app.handle_event(key(pygame.K_DOWN))
    app.handle_event(key(pygame.K_RETURN))
    assert app.settings.keys_by_player[2] == PLAYER_TWO_BINDINGS
    assert controls.message.startswith("PLAYER 2'S DEFAULT KEYS")
