"""The game's own small pixel font, for text under 16 px.

pygame's bundled font, drawn without antialiasing at 14 px, merges `s` into `a`
and `8` into `9`, and sets `T` apart from its neighbours. These glyphs are drawn
for the game instead: 5 px wide capitals and digits, 7 px tall, lower case with
descenders, one pixel apart.

Each line of GLYPHS is a character and its rows, top to bottom (`#` ink, `.`
paper); seven rows stand on the baseline, two more hang below it.
"""

from __future__ import annotations

from functools import lru_cache

import pygame

ASCENT = 7
HEIGHT = 9  # ascent plus the two rows descenders use
SPACE = 3  # the advance of a space, in pixels
GAP = 1  # pixels between letters

GLYPHS = """\
A .###. #...# #...# ##### #...# #...# #...#
B ####. #...# #...# ####. #...# #...# ####.
C .###. #...# #.... #.... #.... #...# .###.
D ####. #...# #...# #...# #...# #...# ####.
E ##### #.... #.... ####. #.... #.... #####
F ##### #.... #.... ####. #.... #.... #....
G .###. #...# #.... #.### #...# #...# .####
H #...# #...# #...# ##### #...# #...# #...#
I ### .#. .#. .#. .#. .#. ###
J ..### ...#. ...#. ...#. #..#. #..#. .##..
K #...# #..#. #.#.. ##... #.#.. #..#. #...#
L #.... #.... #.... #.... #.... #.... #####
M #...# ##.## #.#.# #.#.# #...# #...# #...#
N #...# #...# ##..# #.#.# #..## #...# #...#
O .###. #...# #...# #...# #...# #...# .###.
P ####. #...# #...# ####. #.... #.... #....
Q .###. #...# #...# #...# #.#.# #..#. .##.#
R ####. #...# #...# ####. #.#.. #..#. #...#
S .#### #.... #.... .###. ....# ....# ####.
T ##### ..#.. ..#.. ..#.. ..#.. ..#.. ..#..
U #...# #...# #...# #...# #...# #...# .###.
V #...# #...# #...# #...# #...# .#.#. ..#..
W #...# #...# #...# #.#.# #.#.# #.#.# .#.#.
X #...# #...# .#.#. ..#.. .#.#. #...# #...#
Y #...# #...# .#.#. ..#.. ..#.. ..#.. ..#..
Z ##### ....# ...#. ..#.. .#... #.... #####
0 .###. #...# #..## #.#.# ##..# #...# .###.
1 ..#.. .##.. ..#.. ..#.. ..#.. ..#.. .###.
2 .###. #...# ....# ...#. ..#.. .#... #####
3 ####. ....# ....# .###. ....# ....# ####.
4 ...#. ..##. .#.#. #..#. ##### ...#. ...#.
5 ##### #.... ####. ....# ....# #...# .###.
6 ..##. .#... #.... ####. #...# #...# .###.
7 ##### ....# ...#. ..#.. .#... .#... .#...
8 .###. #...# #...# .###. #...# #...# .###.
9 .###. #...# #...# .#### ....# ...#. .##..
a ..... ..... .###. ....# .#### #...# .####
b #.... #.... ####. #...# #...# #...# ####.
c ..... ..... .###. #.... #.... #.... .###.
d ....# ....# .#### #...# #...# #...# .####
e ..... ..... .###. #...# ##### #.... .###.
f ..## .#.. #### .#.. .#.. .#.. .#..
g ..... ..... .#### #...# #...# #...# .#### ....# .###.
h #.... #.... ####. #...# #...# #...# #...#
i .#. ... ##. .#. .#. .#. ###
j ...# .... ..## ...# ...# ...# ...# #..# .##.
k #... #... #..# #.#. ##.. #.#. #..#
l ##. .#. .#. .#. .#. .#. ###
m ..... ..... ##.#. #.#.# #.#.# #.#.# #...#
n ..... ..... ####. #...# #...# #...# #...#
o ..... ..... .###. #...# #...# #...# .###.
p ..... ..... ####. #...# #...# #...# ####. #.... #....
q ..... ..... .#### #...# #...# #...# .#### ....# ....#
r ..... ..... #.##. ##..# #.... #.... #....
s ..... ..... .#### #.... .###. ....# ####.
t .#.. .#.. #### .#.. .#.. .#.. ..##
u ..... ..... #...# #...# #...# #...# .####
v ..... ..... #...# #...# #...# .#.#. ..#..
w ..... ..... #...# #...# #.#.# #.#.# .#.#.
x ..... ..... #...# .#.#. ..#.. .#.#. #...#
y ..... ..... #...# #...# #...# #...# .#### ....# .###.
z ..... ..... ##### ...#. ..#.. .#... #####
. . . . . . . #
, .. .. .. .. .. .# .# #. ..
: . . # . . # .
; .. .. .# .. .. .# #.
! # # # # # . #
? .###. #...# ....# ...#. ..#.. ..... ..#..
' # # . . . . .
" #.# #.# ... ... ... ... ...
- .... .... .... #### .... .... ....
+ ..... ..#.. ..#.. ##### ..#.. ..#.. .....
= .... .... #### .... #### .... ....
_ ..... ..... ..... ..... ..... ..... #####
/ ....# ...#. ...#. ..#.. .#... .#... #....
( .# #. #. #. #. #. .#
) #. .# .# .# .# .# #.
[ ## #. #. #. #. #. ##
] ## .# .# .# .# .# ##
< ...# ..#. .#.. #... .#.. ..#. ...#
> #... .#.. ..#. ...# ..#. .#.. #...
% ##..# ##.#. ...#. ..#.. .#... .#.## #..##
# .#.#. .#.#. ##### .#.#. ##### .#.#. .#.#.
* ..... #.#.# .###. ##### .###. #.#.# .....
& .##.. #..#. #.#.. .#... #.#.# #..#. .##.#
| # # # # # # #
"""


def _parse(table: str) -> dict[str, tuple[str, ...]]:
    glyphs = {}
    for line in table.splitlines():
        if line.strip():
            char, *rows = line.split(" ")
            glyphs[char] = tuple(rows)
    return glyphs


FONT = _parse(GLYPHS)


def covers(text: str) -> bool:
    """Can this font draw every character of `text`?"""
    return all(c == " " or c in FONT for c in text)


def width(text: str) -> int:
    advances = [SPACE if c == " " else len(FONT[c][0]) + GAP for c in text]
    return max(0, sum(advances) - GAP) if text else 0


@lru_cache(maxsize=1024)
def glyph(char: str, color: tuple[int, int, int]) -> pygame.Surface:
    """One character in ink of `color` on a transparent surface, HEIGHT pixels tall."""
    rows = FONT[char]
    surface = pygame.Surface((len(rows[0]), HEIGHT), pygame.SRCALPHA)
    for y, row in enumerate(rows):
        for x, cell in enumerate(row):
            if cell == "#":
                surface.set_at((x, y), color)
    return surface


@lru_cache(maxsize=256)
def render(text: str, color: tuple[int, int, int]) -> pygame.Surface:
    """`text` in ink of `color` on a transparent surface, HEIGHT pixels tall: its
    glyphs (each drawn once per colour) blitted side by side."""
    surface = pygame.Surface((max(1, width(text)), HEIGHT), pygame.SRCALPHA)
    blits = []
    x = 0
    for char in text:
        if char == " ":
            x += SPACE
            continue
        blits.append((glyph(char, color), (x, 0)))
        x += len(FONT[char][0]) + GAP
    surface.fblits(blits)
    return surface
