"""Gunner's generated art and sound (package data; made by tools/make_assets.py)."""
