"""Gunner's recorded finishing runs, one per campaign level (package data).

Shipped as ``gunner.data.demos``: the title screen plays them as its attract-mode
demo, and tests/replay/test_complete_runs.py replays them. ``make demos`` re-finds them
with the search bot (tools/bot.py).
"""
