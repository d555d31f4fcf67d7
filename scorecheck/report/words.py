"""Every sentence and label of `explain`, the SVG pictures and the HTML report, in one place.

Each template is the English message id of the `lesson` gettext domain (tools/i18n.py
registers EN), so `say` and `say_n` answer in the language chosen with `scorecheck.i18n.using`.
Templates use named fields only, so each language can order its words its own way and leave
out what it does not need (the Japanese line_stays says how many tiles are missing, from
{missing}). Counted phrases are (one, many) pairs, looked up with ngettext: Russian has three
forms (1 плитка, 2 плитки, 5 плиток, 21 плитка). Colours that must agree with a noun have
their own counted phrases (tiles_blue…); a colour on its own is named by the `check` domain.
"""

from __future__ import annotations

from collections.abc import Mapping

from scorecheck.core.tiles import Color
from scorecheck.core.violations import listing
from scorecheck.i18n import Domain, localize

LESSON = Domain("lesson")

EN: Mapping[str, str | tuple[str, str]] = {
    # Document headings.
    "title_round": "{file} — one round of wall-tiling, step by step",
    "title_final": "{file} — the end of a game: bonuses and ranking",
    "title_game": "{file} — a game record, round by round",
    "title_unusable": "{file} — cannot be explained",
    "unusable": "This input cannot be read as a scorecheck document; see the problems below.",
    "intro_round": (
        "At the end of the round each player moves one tile from every full pattern line to "
        "the wall, top line first, and scores it at once (R4.1, R4.4); then the floor costs "
        "points (R6)."
    ),
    "intro_final": (
        "Each player's score before the bonuses is as written; the bonuses are read from the "
        "wall (R8.2)."
    ),
    "intro_game": "Every round is replayed from empty boards, in order (R4, R6).",
    "letters": (
        "Letters in the pictures: B blue, Y yellow, R red, K black, W white; "
        "1 the first-player marker."
    ),
    "round_heading": "Round {number}",
    "player_heading": (
        "{name} — {count} point before this round",
        "{name} — {count} points before this round",
    ),
    # Tiles of one colour, counted: the colour agrees with the noun and the number.
    "tiles_blue": ("{count} blue tile", "{count} blue tiles"),
    "tiles_yellow": ("{count} yellow tile", "{count} yellow tiles"),
    "tiles_red": ("{count} red tile", "{count} red tiles"),
    "tiles_black": ("{count} black tile", "{count} black tiles"),
    "tiles_white": ("{count} white tile", "{count} white tiles"),
    "tile_blue": "a blue tile",
    "tile_yellow": "a yellow tile",
    "tile_red": "a red tile",
    "tile_black": "a black tile",
    "tile_white": "a white tile",
    # Pattern lines and placements.
    "no_full_line": "No pattern line is full: no tile moves to the wall this round (R4.1).",
    "step": (
        "Step {step}. Line {line} is full ({tiles}): the tile moves to row {row}, column "
        "{column} of the wall (R4.1).",
        "Step {step}. Line {line} is full ({tiles}): its rightmost tile moves to row {row}, "
        "column {column} of the wall (R4.1).",
    ),
    "step_lid": (
        "The other tile of the line goes to the box lid.",
        "The other {count} tiles of the line go to the box lid.",
    ),
    "runs_lone": "No neighbours: 1 point (R5.1).",
    "runs_across": (
        "Across {across}: row {row}, columns {left}–{right}; no vertical neighbour. "
        "Points: {points} (R5.2)."
    ),
    "runs_down": (
        "Down {down}: column {column}, rows {top}–{bottom}; no horizontal neighbour. "
        "Points: {points} (R5.2, R5.3)."
    ),
    "runs_both": (
        "Across {across}: row {row}, columns {left}–{right}. Down {down}: column {column}, "
        "rows {top}–{bottom}. The new tile counts in both: {sum} (R5.2)."
    ),
    "line_untiled": (
        "Line {line} is full, but its tiles cannot go to the wall: see the problems below."
    ),
    "line_to_floor": (
        "Line {line} is full ({tiles}), but no free cell in row {line} of the wall may take "
        "that colour (R9.1): the tile goes to the floor (R9.2).",
        "Line {line} is full ({tiles}), but no free cell in row {line} of the wall may take "
        "that colour (R9.1): all {count} tiles go to the floor (R9.2).",
    ),
    "line_stays": (
        "Line {line} is not full ({tiles} of {capacity}): it stays as it is for the next "
        "round (R4.2)."
    ),
    "line_stays_mixed": (
        "Line {line} is not full ({count} tile of {capacity}): it stays as it is for the "
        "next round (R4.2).",
        "Line {line} is not full ({count} tiles of {capacity}): it stays as it is for the "
        "next round (R4.2).",
    ),
    # Floor and score.
    "floor_empty": "Floor: empty, no penalty (R6.1).",
    "floor": (
        "Floor: {count} slot taken; slot by slot: {penalty} (R6.1).",
        "Floor: {count} slots taken; slot by slot: {penalty} (R6.1).",
    ),
    "floor_marker": (
        "The first-player marker (1) takes a slot and costs like a tile (R6.2); it stays with "
        "its taker (R6.5)."
    ),
    "floor_marker_late": (
        "The first-player marker (1) came when the floor was already full: it takes no slot "
        "and costs nothing (D1); it stays with its taker (R6.5)."
    ),
    "floor_overflow": (
        "{count} tile beyond the seventh slot goes to the lid without penalty (R6.3).",
        "{count} tiles beyond the seventh slot go to the lid without penalty (R6.3).",
    ),
    "lid_total": (
        "To the box lid this round: {count} tile (R4.1, R6.5).",
        "To the box lid this round: {count} tiles (R4.1, R6.5).",
    ),
    "wall_points": "Points for tiles this round: {sum}.",
    "score": "Score: {text}.",
    "score_clamped": "Score: {text}: the score never goes below 0 (R6.4).",
    # End of the game.
    "game_ends": (
        "The game ends after this round: {names} completed a horizontal row of the wall (R8.1).",
        "The game ends after this round: {names} completed a horizontal row of the wall (R8.1).",
    ),
    "end_heading": "End of the game (R8)",
    "final_player": (
        "{name} — {count} point before the bonuses",
        "{name} — {count} points before the bonuses",
    ),
    "bonus": "Bonuses (R8.2): {earned} = {points}.",
    "bonus_rows": ("row {which} ({count}×{points})", "rows {which} ({count}×{points})"),
    "bonus_columns": ("column {which} ({count}×{points})", "columns {which} ({count}×{points})"),
    "bonus_colors": ("colour {which} ({count}×{points})", "colours {which} ({count}×{points})"),
    "no_bonus": "No bonus: no complete row, column or colour (R8.2).",
    "final_score": "Final score: {score} + {bonus} = {total}.",
    # The most a wall could have earned, with one order that earns it.
    "best_order": (
        "In the best order this wall earns {count} placement point, the most any legal game "
        "allows (R5, R8.1): {rounds}. Each row and column grown as one connected run pays most.",
        "In the best order this wall earns {count} placement points, the most any legal game "
        "allows (R5, R8.1): {rounds}. Each row and column grown as one connected run pays most.",
    ),
    "best_order_start": (
        "The wall this round starts with could have earned at most {count} placement point in a "
        "legal game, so the score before the round is at most {count} too (R5, R6.4, R8.1). "
        "One order that earns it: {rounds}.",
        "The wall this round starts with could have earned at most {count} placement points "
        "in a legal game, so the score before the round is at most {count} too (R5, R6.4, "
        "R8.1). One order that earns them: {rounds}.",
    ),
    "best_round": "round {number} +{points}",
    "best_caption": "round {number}: +{points}",
    # The same caption read aloud (a picture's aria-label): the points with their noun.
    "best_caption_spoken": ("round {number}: +{count} point", "round {number}: +{count} points"),
    "best_legend": "Outlined: the tiles each round places, each with the points it scores.",
    "best_text_legend": "[B]: a tile that round places.",
    "ranking_heading": "Ranking (R8.3)",
    "place": "{place}.",
    "points": ("{count} point", "{count} points"),
    "complete_rows": ("{count} complete row", "{count} complete rows"),
    "winner": ("Winner: {names} — {reason}.", "Winners: {names} — {reason}."),
    "reason_points": "the highest total, {score}",
    "reason_rows": (
        "{tied} are tied on {score}; {name} has more complete rows ({rows}) (D4)",
        "{tied} are tied on {score}; {name} has more complete rows ({rows}) (D4)",
    ),
    "reason_shared": (
        "{tied} are tied on {score} and on complete rows ({rows}): a shared victory (D5)",
        "{tied} are tied on {score} and on complete rows ({rows}): a shared victory (D5)",
    ),
    "reason_rows_shared": (
        "{tied} are tied on {score}; {winners} have the most complete rows ({rows}) and share "
        "the victory (D4, D5)",
        "{tied} are tied on {score}; {winners} have the most complete rows ({rows}) and share "
        "the victory (D4, D5)",
    ),
    "rows_mark": "← row {row}: +{points}",
    "columns_mark": ("complete column: +{points}", "complete columns: +{points} each"),
    "list": ", ",
    # Problems.
    "problems_heading": "Problems",
    "no_problems": "No problems found.",
    # Picture labels.
    "before": "before",
    "after": "after",
    "counted": "counted",
    "slot": "slot",
    "item": "floor",
    "cost": "cost",
    "marker_letter": "1",
    "svg_title": "{file}: the boards after the round",
    "svg_title_round": "{file}: the boards after round {number}",
    "svg_title_final": "{file}: the walls at the end of the game",
    "svg_score": "Score {text}",
    "svg_final": "Final {score} + {bonus} = {total}",
    "svg_floor": "Floor {penalty}",
    # The same label read aloud (the floor picture's aria-label): the penalty with its noun.
    "svg_floor_spoken": ("Floor {penalty} point", "Floor {penalty} points"),
    "svg_lines": "Pattern lines",
    "svg_wall": "Wall",
    "svg_claimed": " · claimed {claimed} {mark}",
    "svg_standings": "After the bonuses: {standings}",
    "svg_legend_new": "double frame: tile placed this round",
    "svg_legend_run": "dashed: the runs that score it",
    "svg_legend_bonus": "light green: complete row, column or colour (bonus)",
    "svg_step": "{name}, step {step}: {tile} to row {row}, column {column}, +{points}{terms}",
    "svg_step_terms": " ({terms})",  # the runs of a tile scoring more than one: ' (3 + 2)'
    # HTML page.
    "html_title": "scorecheck — {file}",
    "html_overview": "The boards after the round",
    "html_overview_round": "The boards after round {number}",
    "html_overview_final": "The walls at the end of the game",
    "legend_new": "tile placed this round",
    "legend_run": "runs that score it",
    "legend_bonus": "complete row, column or colour (bonus)",
    "html_footer": (
        "Made by scorecheck, an unofficial fan project, not affiliated with the publisher of Azul."
    ),
    # The scorecard: the verdict and who is right, before anything else.
    "title_game_round": "{file} — round {number} of a game record, step by step",
    "title_only": "{title}: {names} only",
    "card_player": "player",
    "card_points": "tile points",
    "card_penalty": "floor",
    "card_score": "score after the round",
    "card_before": "before bonuses",
    "card_bonus": "bonus",
    "card_final": "final score",
    "card_legend": "✓ as claimed; ✗ → N: the replay gives N",
    "card_legend_carried": "(✗) only carries an earlier mistake forward",
    "card_winner": ("Winner: {names}", "Winners: {names}"),
    "card_winner_right": " ✓",  # the winner as claimed: 「勝者：Anna（申告どおり ✓）」
    "card_winner_reason": " — {reason}",  # after the winner line: 「勝者：Anna（…）。…です。」
    "card_winner_wrong": (
        "Winner: {names}, not {claimed} as claimed",
        "Winners: {names}, not {claimed} as claimed",
    ),
    "card_winner_part": (
        "Winner: {names}, only {claimed} claimed",  # never one: a part of one winner is none
        "Winners: {names}, only {claimed} claimed",
    ),
    "card_unfinished": "The game has not ended: no bonuses and no winner yet (R8.1).",
    "card_provisional": (
        "The game has not ended (R8.1): the places are provisional and there is no winner yet."
    ),
    "sheet_heading": "Round by round",
    "sheet_round": "round",
    # The score sheet of `check`: gained, lost, the replayed total, then what was written.
    "score_sheet_legend": (
        "Each cell: the round's tile points and floor penalty, = the score after the round as "
        "replayed; ✓ written down the same, ✗ N written down N, (✗) N written down N by "
        "carrying an earlier mistake; no mark: nothing written down."
    ),
    "sheet_legend": (
        "Each cell: the score written down after the round, ✓ as replayed, or ✗ → the "
        "replay's score."
    ),
    "where_round": "Round {number} · {name}",
    "claim_right": "Claimed {claimed} ✓.",
    "claim_winner_right": "Claimed winner: {claimed} ✓.",
    "claim_winner_wrong": "Claimed winner: {claimed} ✗.",
    "claim_wrong": "Claimed {claimed} ✗, the replay gives {replayed}.",
    "claim_carried": (
        "Written down {claimed} (✗): it carries the earlier mistake; the replay gives {replayed}."
    ),
    "claim_no_tile": "Claimed {claimed} for a tile ✗: the replay places no such tile.",
    # Choosing what to show.
    "no_player": "{file}: no player named {name!r} (players: {players})",
    "no_round": "{file}: no round {number} (rounds: 1 to {count})",
    "round_not_game": "{file}: --round picks a round of a game record; this is a {kind} document",
    "elsewhere": ("{count} error elsewhere: {where}", "{count} errors elsewhere: {where}"),
    "elsewhere_round": "round {number}",
    "elsewhere_player_round": "{name} in round {number}",
}

_PLURALS = {k: v for k, v in EN.items() if isinstance(v, tuple)}


def say(key: str, **values: object) -> str:
    """The sentence or label for a key in the current language, its fields filled in."""
    template = EN[key]
    if isinstance(template, tuple):
        raise TypeError(f"{key} is a counted phrase: use say_n")
    return LESSON.say(template, **values)


def say_n(key: str, count: int, **values: object) -> str:
    """A counted phrase in the current language's plural form; {count} is filled in."""
    one, many = _PLURALS[key]
    return LESSON.say_n(one, many, count, **values)


def tiles(color: Color, count: int) -> str:
    """'2 yellow tiles': a count of tiles of one colour, colour and noun agreeing with it."""
    return say_n(f"tiles_{color.name.lower()}", count)


def tile(color: Color) -> str:
    """'a yellow tile'."""
    return say(f"tile_{color.name.lower()}")


def names(items: list[str] | tuple[str, ...]) -> str:
    """'Anna', 'Anna and Boris', 'Anna, Boris and Clara' in the current language, listed as
    the check messages list them (violations.listing)."""
    return str(localize(listing(tuple(items))))
