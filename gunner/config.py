"""Constants shared by every system: resolution, timing, paths."""

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ASSETS_DIR = ROOT / "assets"
LEVELS_DIR = ROOT / "levels"

# Pixel-art logical resolution; the window shows it scaled by a whole number.
VIEW_W = 480
VIEW_H = 270
TILE = 16

STEPS_PER_SECOND = 60
DT = 1.0 / STEPS_PER_SECOND
# A slow frame runs at most this many steps; the rest of the backlog is dropped
# so the game slows down instead of spiralling.
MAX_STEPS_PER_FRAME = 5

# The campaign, in order.
CAMPAIGN = ("level1.tmx", "level2.tmx", "level3.tmx")
