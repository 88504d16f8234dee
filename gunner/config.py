"""Constants shared by every system: resolution, timing, paths."""

from gunner.data import assets_dir, levels_dir

# Found through importlib.resources (see gunner/data), never from __file__.
ASSETS_DIR = assets_dir()
LEVELS_DIR = levels_dir()
# Versus arenas (maps with `mode=versus`): chosen from the title, never in the campaign.
ARENAS_DIR = LEVELS_DIR / "arenas"
VERSUS_KILLS = 10  # kills that win a versus round unless Options says otherwise

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
CAMPAIGN = ("level1.tmx", "level2.tmx", "level3.tmx", "level4.tmx", "level5.tmx")
