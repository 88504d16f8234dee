"""Player settings and campaign progress, each kept as a small JSON file in the data folder.

Both use `JsonStore` (store.py): a file is written atomically (temporary file in the
same folder, flush + fsync, `os.replace`), so a crash or a full disk mid-save never
leaves half a file behind. A file the game cannot read (corrupt, truncated,
another format version) is renamed aside to `<name>.bad-<n>`, a one-line
warning goes to stderr, and the game goes on with defaults. A value it can
repair (a volume or scale out of range, an action left with no key) is repaired
and told the same way, one line each. Whatever loads saves back as it loaded.
Files are read through `gunner.datafile`, so a FIFO, a device, a huge or deeply
nested file is refused the same way instead of hanging or crashing the start;
temporary files left by interrupted saves are deleted on the next load.

The data folder is `$GUNNER_DATA_DIR` when set (tests, portable installs),
otherwise SDL's per-user preferences folder for "gunner".

- store.py: the data folder, `JsonStore`, atomic writes, the one-line warnings;
- keys.py: actions and key names both ways, pad buttons, keyless-action repair;
- options.py: `Settings` (settings.json) and its load and save;
- progress.py: `Progress` (progress.json) and the level keys it uses.
"""

# The values of the `split` setting (the Options screen reads them from here).
from gunner.camera import SPLIT_MODES
from gunner.settings.keys import (
    ACTIONS,
    action_name,
    any_key_name,
    give_every_action_a_key,
    key_code,
    key_name,
    pad_buttons_from_json,
)
from gunner.settings.options import (
    MAX_KILLS,
    MAX_PLAYERS,
    MIN_KILLS,
    SWITCHES,
    Settings,
    load_settings,
    save_settings,
    settings_store,
)
from gunner.settings.progress import (
    CAMPAIGN_PREFIX,
    CUSTOM_LEVELS_FOLDER,
    CUSTOM_PREFIX,
    Progress,
    campaign_key,
    custom_levels_dir,
    level_key,
    migrate_progress_v1,
    next_campaign_key,
)
from gunner.settings.store import (
    DATA_DIR_ENV,
    MAX_FILE_BYTES,
    MAX_SCALE,
    PROGRESS_FILE,
    PROGRESS_VERSION,
    SETTINGS_FILE,
    SETTINGS_VERSION,
    STALE_TEMPORARY_S,
    JsonStore,
    StoreError,
    atomic_write_text,
    data_dir,
    short_repr,
    usable_data_dir,
    warn,
)

__all__ = [
    "ACTIONS",
    "CAMPAIGN_PREFIX",
    "CUSTOM_LEVELS_FOLDER",
    "CUSTOM_PREFIX",
    "DATA_DIR_ENV",
    "MAX_FILE_BYTES",
    "MAX_KILLS",
    "MAX_PLAYERS",
    "MAX_SCALE",
    "MIN_KILLS",
    "PROGRESS_FILE",
    "PROGRESS_VERSION",
    "SETTINGS_FILE",
    "SETTINGS_VERSION",
    "SPLIT_MODES",
    "STALE_TEMPORARY_S",
    "SWITCHES",
    "JsonStore",
    "Progress",
    "Settings",
    "StoreError",
    "action_name",
    "any_key_name",
    "atomic_write_text",
    "campaign_key",
    "custom_levels_dir",
    "data_dir",
    "give_every_action_a_key",
    "key_code",
    "key_name",
    "level_key",
    "load_settings",
    "migrate_progress_v1",
    "next_campaign_key",
    "pad_buttons_from_json",
    "save_settings",
    "settings_store",
    "short_repr",
    "usable_data_dir",
    "warn",
]
