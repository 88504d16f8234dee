"""`python -m gunner.replay FILE|FOLDER... [--update]`: replay files and check their hashes."""

import sys

from gunner.replay import main

sys.exit(main())
