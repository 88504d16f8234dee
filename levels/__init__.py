"""Gunner's campaign levels (package data; built by tools/build_level.py)."""
