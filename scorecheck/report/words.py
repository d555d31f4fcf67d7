"""Every sentence and label of `explain`, the SVG pictures and the HTML report, in one place.

Templates use named fields only, so each can later be looked up in a translation catalogue
as a whole sentence. Counted phrases are (one, many) pairs, for ngettext-style lookup.
"""

from __future__ import annotations

from collections.abc import Mapping

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
    "round_heading": "Round {number}",
    "player_heading": "{name} — {score} before this round",
    # Pattern lines and placements.
    "no_full_line": "No pattern line is full: no tile moves to the wall this round (R4.1).",
    "step": (
        "Step {step}. Line {line} is full ({count} of {capacity} {color}): its rightmost tile "
        "moves to row {row}, column {column} of the wall (R4.1)."
    ),
    "step_lid": (
        "The other tile of the line goes to the box lid.",
        "The other {count} tiles of the line go to the box lid.",
    ),
    "runs_lone": "No neighbours: 1 (R5.1).",
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
        "Line {line} is full of {color}, but no free cell of wall row {line} may take "
        "{color} (R9.1): its {count} tile goes to the floor (R9.2).",
        "Line {line} is full of {color}, but no free cell of wall row {line} may take "
        "{color} (R9.1): all {count} tiles go to the floor (R9.2).",
    ),
    "line_stays": (
        "Line {line} holds {count} of {capacity} {color}: not full, it stays for the next "
        "round (R4.2)."
    ),
    "line_stays_mixed": (
        "Line {line} holds {count} of {capacity} tiles: not full, it stays for the next "
        "round (R4.2)."
    ),
    # Floor and score.
    "floor_empty": "Floor: empty, no penalty (R6.1).",
    "floor": (
        "Floor: {entries} entry, slot by slot: {penalty} (R6.1).",
        "Floor: {entries} entries, slot by slot: {penalty} (R6.1).",
    ),
    "floor_marker": (
        "The first-player marker (1) takes a slot and costs like a tile (R6.2); it stays with "
        "its taker (R6.5)."
    ),
    "floor_overflow": (
        "{count} entry beyond the seventh slot goes to the lid without penalty (R6.3).",
        "{count} entries beyond the seventh slot go to the lid without penalty (R6.3).",
    ),
    "lid_total": (
        "To the box lid this round: {count} tile (R4.1, R6.5).",
        "To the box lid this round: {count} tiles (R4.1, R6.5).",
    ),
    "wall_points": "Points from the wall this round: {sum}.",
    "score": "Score: {text}.",
    "score_clamped": "Score: {text}: the score never goes below 0 (R6.4).",
    # End of the game.
    "game_ends": (
        "The game ends after this round: {names} completed a horizontal row of the wall (R8.1)."
    ),
    "end_heading": "End of the game (R8)",
    "final_player": "{name} — {score} before the bonuses",
    "bonus": "Bonuses (R8.2): {earned} = {points}.",
    "no_bonus": "No bonus: no complete row, column or colour (R8.2).",
    "final_score": "Final score: {score} + {bonus} = {total}.",
    "ranking_heading": "Ranking (R8.3)",
    "place": "{place}.",
    "winner": ("Winner: {names} — {reason}.", "Winners: {names} — {reason}."),
    "rows_mark": "← row {row}: +{points}",
    "columns_mark": ("complete column: +{points}", "complete columns: +{points} each"),
    "and": " and ",
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
    "svg_lines": "Pattern lines",
    "svg_wall": "Wall",
    "svg_step": "{name}, step {step}: {color} to row {row}, column {column}, {points}",
    "svg_cell": "row {row}, column {column}: {what}",
    "svg_empty": "empty",
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
    # Choosing what to show.
    "no_player": "{file}: no player named {name!r} (players: {players})",
    "no_round": "{file}: no round {number} (rounds: 1 to {count})",
    "round_not_game": "{file}: --round picks a round of a game record; this is a {kind} document",
}

_PLURALS = {k: v for k, v in EN.items() if isinstance(v, tuple)}


def say(key: str, **values: object) -> str:
    """The sentence or label for a key, its fields filled in."""
    template = EN[key]
    if isinstance(template, tuple):
        raise TypeError(f"{key} is a counted phrase: use say_n")
    return template.format(**values)


def say_n(key: str, count: int, **values: object) -> str:
    """A counted phrase: the singular form for 1, the plural otherwise; {count} is filled in."""
    one, many = _PLURALS[key]
    return (one if count == 1 else many).format(count=count, **values)
