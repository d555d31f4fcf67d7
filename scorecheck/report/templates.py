"""Commented templates for `scorecheck init`: documents to fill in, each valid as it stands."""

from __future__ import annotations

KINDS = ("round", "final", "game")

_LETTERS = """\
# Colour letters: B blue, Y yellow, R red, K black, W white (any case).
# Rules are cited by number (R1-R9) from the rules digest scorecheck implements.
"""

ROUND = (
    """\
# A round: every board at the end of drafting, before the wall-tiling.
# Replace the example boards with yours, then run:
#     scorecheck check FILE      (what is right and wrong)
#     scorecheck explain FILE    (every step in plain words)
"""
    + _LETTERS
    + """\
kind: round
variant: colored            # the side of the board with printed colours
players:                    # 1 to 4 boards, in seat order
  - name: Anna
    score: 10               # the score before this round's tiling (default 0)
    wall:                   # 5 rows, top to bottom, 5 cells each:
      - ". . . . ."         #   '.' an empty cell, a colour letter a tile,
      - ". B . . ."         #   x a tile of the colour printed there (R2)
      - "K W . Y ."
      - ". . W . ."
      - ". . . . ."
    lines:                  # the 5 pattern lines, top (1 place) to bottom (5 places)
      - ""                  # an empty line
      - "YY"                # full: its rightmost tile goes to the wall (R4.1)
      - "B B B"             # spaces and dots are ignored
      - "..YY"              # 2 of 4: not full, it stays for the next round (R4.2)
      - ""
    floor: ""               # the floor line, left to right: 1 the first-player marker,
                            # colour letters tiles; "" when empty
    claimed:                # optional: what the table said; each claim is checked
      points: [2, 7]        # points of each tile placed, top line first (R5)
      penalty: 0            # the floor penalty (R6)
      score: 19             # the score after the round
  - name: Boris
    score: 12
    wall:
      - ". . . K ."
      - ". . Y . K"
      - ". . . . ."
      - ". . . . ."
      - ". . . . ."
    lines: ["", "RR", "", "", ""]
    floor: "1 R R"          # the marker and two tiles: -1 -1 -2 = -4 (R6.1, R6.2)
    claimed: {points: [5], penalty: 4, score: 13}
# In the last round of a game (a wall row completed, R8.1) you may also claim
# each player's final score (under claimed: final: 36) and the winner:
# claimed:
#   winner: Anna            # or a list of names for a shared victory (D5)
"""
)

FINAL = (
    """\
# A finished game: each player's wall and score after the last round, before bonuses.
# Replace the example players with yours, then run:
#     scorecheck check FILE      (bonuses, final scores, winner)
#     scorecheck explain FILE    (what earned each bonus, and the tie-break)
"""
    + _LETTERS
    + """\
kind: final
variant: colored            # the side of the board with printed colours
players:                    # 1 to 4 players, in seat order
  - name: Anna
    score: 38               # the score after the last round, before the bonuses
    wall:                   # 5 rows, top to bottom: '.' empty, a letter (or x) a tile
      - "B Y R K W"         # a complete row: +2 (R8.2)
      - "W B Y R K"
      - "K . B . ."         # column 1 is complete: +7
      - "R . . B ."         # all five blue tiles: +10
      - "Y . . . B"
    claimed:                # optional: what the table said
      final: 59             # 38 + 2 + 2 + 7 + 10
  - name: Boris
    score: 51
    wall:
      - "B Y R K W"
      - ". B . . ."
      - ". . B . ."
      - ". . W B ."
      - ". . . . ."
    claimed: {final: 53}
claimed:                    # optional
  winner: Anna              # or a list of names for a shared victory (D5)
"""
)

GAME = (
    """\
# A game record, round by round, replayed from empty boards.
# For every round write each player's pattern lines and floor as they stood at the end of
# drafting, before the wall-tiling. Lines that were not full carry over into the next
# round (R4.2): write them again, with the tiles added since. Then run:
#     scorecheck check FILE      (a score sheet and every problem)
#     scorecheck explain FILE    (every step in plain words)
"""
    + _LETTERS
    + """\
kind: game
variant: colored            # the side of the board with printed colours
players: [Anna, Boris]      # in seat order
finished: false             # this record stops before the end of the game (R8.1);
                            # remove this line once a wall row is complete
rounds:
  - Anna:                   # round 1
      lines: ["B", "YY", "RRR", "KK", ""]   # top (1 place) to bottom (5 places)
      floor: "1 R"          # 1 the first-player marker, letters tiles
    Boris:
      lines: ["W", "BB", "KKK", "WWW", ""]
      floor: "Y Y"
  - Anna:                   # round 2: line 4 held KK and now holds KKKK
      lines: ["Y", "WW", "BBB", "KKKK", "RR"]
      floor: ""
      claimed: {points: [2, 2, 2, 1], score: 8}   # optional: what the table said
    Boris:
      lines: ["B", "YY", "WWW", "WWWW", ""]
      floor: "1 K K K"
      # wall: [...]         # optional: the wall after this round, as written at the table
      # score: 3            # optional: the score after this round
# At the end of a finished game you may claim the final scores and the winner:
# claimed:
#   final: {Anna: 40, Boris: 35}
#   winner: Anna
"""
)

TEMPLATES = {"round": ROUND, "final": FINAL, "game": GAME}


def template(kind: str) -> str:
    """The commented template of a document kind: 'round', 'final' or 'game'."""
    return TEMPLATES[kind]
