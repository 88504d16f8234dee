"""The scene stack's screens: title, play, pause, game over, mission complete."""
