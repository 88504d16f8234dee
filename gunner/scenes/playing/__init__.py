"""The play scene's other halves: drawing it, two players, hot reload, RETRY's checkpoints."""
