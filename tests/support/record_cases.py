"""Game records for the whole-record codes (SC3xx): a trigger and a near miss for each.

tests/core/test_codes.py takes these into its table of every code; tests/core/test_record.py uses
the builders for its own cases.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence

from scorecheck.core.results import Report
from tests.support.checking import check_yaml

Entry = tuple[str, str] | tuple[str, str, str]  # lines "B|BB|||", floor, more fields


def game_yaml(
    rounds: Sequence[Mapping[str, Entry]],
    players: Sequence[str] = ("Anna", "Boris"),
    head: str = "",
) -> str:
    """A game record: per round, name -> (lines as 'B|BB|||', floor[, more flow fields])."""
    assert all(e[0].count("|") == 4 for entries in rounds for e in entries.values())
    out = ["kind: game", f"players: [{', '.join(players)}]", *head.splitlines(), "rounds:"]
    for entries in rounds:
        for k, (name, entry) in enumerate(entries.items()):
            lines = json.dumps(entry[0].split("|"))
            more = f", {entry[2]}" if len(entry) > 2 else ""
            lead = "  - " if k == 0 else "    "
            out.append(f'{lead}{name}: {{lines: {lines}, floor: "{entry[1]}"{more}}}')
    return "\n".join(out) + "\n"


def game(
    rounds: Sequence[Mapping[str, Entry]],
    players: Sequence[str] = ("Anna", "Boris"),
    head: str = "",
) -> Report:
    return check_yaml(game_yaml(rounds, players, head))


def row_one(rounds: int, last: dict[str, Entry] | None = None) -> list[dict[str, Entry]]:
    """Anna and Boris fill wall row 1 one tile a round (B Y R K W); the 5th round ends the game."""
    out: list[dict[str, Entry]] = [
        {
            "Anna": (c + "||||", "1" if k % 2 == 0 else ""),
            "Boris": (c + "||||", "" if k % 2 == 0 else "1"),
        }
        for k, c in enumerate("BYRKW"[:rounds])
    ]
    if rounds > 5:
        out += [{"Anna": ("||||", "1"), "Boris": ("||||", "")}] * (rounds - 5)
    if last is not None:
        out[-1] = last
    return out


# Supply: a 2-player round of exactly 20 new tiles, Anna's line 5 full of red and 6 red on her
# floor, so that 10 red are known to be in the lid before round 2 (R7.1).
RED_IN_LID = {
    "Anna": ("B|YY|||RRRRR", "1 R R R R R R"),
    "Boris": ("Y|BB|||", "W W W"),
}


def reds_in_round_two(reds: int) -> list[Mapping[str, Entry]]:
    """Round 2 brings `reds` new red tiles while 10 red lie in the lid and 1 on the wall."""
    return [
        RED_IN_LID,
        {"Anna": ("R||||", "R " * (reds - 1) + "1"), "Boris": ("K|||KKK|", "W " * (16 - reds))},
    ]


STARTS_HEAD = "starts: [Anna, {second}]"
TWO_ROUNDS = [
    {"Anna": ("B||||", ""), "Boris": ("Y||||", "1")},
    {"Anna": ("Y||||", "1"), "Boris": ("B||||", "")},
]

# code: (a record that triggers it, the near miss that must not)
CASES: dict[str, tuple[str, str]] = {
    "SC301": (
        game_yaml([{"Anna": ("B||||", "1")}], players=["Anna"]),
        game_yaml([{"Anna": ("B||||", "1"), "Boris": ("||||", "")}]),
    ),
    "SC302": (
        game_yaml(
            [
                {"Anna": ("|||RR|", "1"), "Boris": ("||||", "")},
                {"Anna": ("|||R|", "1"), "Boris": ("||||", "")},
            ]
        ),
        game_yaml(
            [
                {"Anna": ("|||RR|", "1"), "Boris": ("||||", "")},
                {"Anna": ("|||RRR|", "1"), "Boris": ("||||", "")},
            ]
        ),
    ),
    "SC303": (
        game_yaml(
            [
                {"Anna": ("|||RR|", "1"), "Boris": ("||||", "")},
                {"Anna": ("|||KKK|", "1"), "Boris": ("||||", "")},
            ]
        ),
        # line 2 was full and tiled: it starts round 2 empty, so black is new, not a change
        game_yaml(
            [
                {"Anna": ("|BB|||", "1"), "Boris": ("||||", "")},
                {"Anna": ("|KK|||", "1"), "Boris": ("||||", "")},
            ]
        ),
    ),
    "SC304": (
        game_yaml([{"Anna": ("B||||", "", "score: 2"), "Boris": ("||||", "1")}]),
        game_yaml([{"Anna": ("B||||", "", "score: 1"), "Boris": ("||||", "1")}]),
    ),
    "SC305": (
        # round 1 forgets the −1 of the floor; round 2 adds its own +2 to the wrong 1
        game_yaml(
            [
                {"Anna": ("B||||", "R", "claimed: {score: 1}"), "Boris": ("||||", "1")},
                {"Anna": ("Y||||", "", "claimed: {score: 3}"), "Boris": ("||||", "1")},
            ]
        ),
        # round 2 is wrong on its own as well (4, not 1 + 2): a second mistake, an error
        game_yaml(
            [
                {"Anna": ("B||||", "R", "claimed: {score: 1}"), "Boris": ("||||", "1")},
                {"Anna": ("Y||||", "", "claimed: {score: 4}"), "Boris": ("||||", "1")},
            ]
        ),
    ),
    "SC306": (
        game_yaml(
            [
                {
                    "Anna": ("B||||", "1", 'wall: [".....", ".....", ".....", ".....", "....."]'),
                    "Boris": ("||||", ""),
                }
            ]
        ),
        game_yaml(
            [
                {
                    "Anna": ("B||||", "1", 'wall: ["B....", ".....", ".....", ".....", "....."]'),
                    "Boris": ("||||", ""),
                }
            ]
        ),
    ),
    "SC307": (
        game_yaml(
            [
                {
                    "Anna": ("B||||", "1", 'wall: [".....", ".....", ".....", ".....", "....."]'),
                    "Boris": ("||||", ""),
                },
                {
                    "Anna": ("Y||||", "1", 'wall: [".Y...", ".....", ".....", ".....", "....."]'),
                    "Boris": ("||||", ""),
                },
            ]
        ),
        game_yaml(
            [
                {
                    "Anna": ("B||||", "1", 'wall: [".....", ".....", ".....", ".....", "....."]'),
                    "Boris": ("||||", ""),
                },
                {
                    "Anna": ("Y||||", "1", 'wall: ["BY...", ".....", ".....", ".....", "....."]'),
                    "Boris": ("||||", ""),
                },
            ]
        ),
    ),
    "SC308": (game_yaml(row_one(6)), game_yaml(row_one(5))),
    "SC309": (game_yaml(row_one(2)), game_yaml(row_one(5))),
    "SC310": (game_yaml(row_one(2), head="finished: false"), game_yaml(row_one(2))),
    "SC311": (
        game_yaml(row_one(5), head="finished: false"),
        game_yaml(row_one(5), head="finished: true"),
    ),
    "SC312": (
        game_yaml([{"Anna": ("||||", "1 " + "R " * 10), "Boris": ("||||", "K " * 11)}]),
        game_yaml([{"Anna": ("||||", "1 " + "R " * 10), "Boris": ("||||", "K " * 10)}]),
    ),
    "SC313": (game_yaml(reds_in_round_two(10)), game_yaml(reds_in_round_two(9))),
    "SC314": (
        game_yaml([{"Anna": ("||||", "1 " + "R " * 10), "Boris": ("||||", "K " * 9)}]),
        game_yaml([{"Anna": ("||||", "1 " + "R " * 10), "Boris": ("||||", "K " * 10)}]),
    ),
    "SC315": (
        game_yaml([{"Anna": ("B||||", ""), "Boris": ("Y||||", "")}]),
        game_yaml([{"Anna": ("B||||", ""), "Boris": ("Y||||", "1")}]),
    ),
    "SC316": (
        game_yaml(TWO_ROUNDS, head=STARTS_HEAD.format(second="Anna")),
        game_yaml(TWO_ROUNDS, head=STARTS_HEAD.format(second="Boris")),
    ),
    "SC317": (
        game_yaml(TWO_ROUNDS, head="starts: [Anna]"),
        game_yaml(TWO_ROUNDS, head="starts: [Anna, Boris]"),
    ),
}
