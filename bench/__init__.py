"""Developer tools that measure the game: benchmarks, the soak test and frame pacing.

They live outside the `gunner` package, so a wheel or a frozen build ships the
game only. Run them from a checkout: `make bench`, `make soak`,
`python -m bench.pacing`.
"""
