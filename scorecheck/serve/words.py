"""The page's texts, in the current language: labels, buttons and the verdict's lines.

Fields in braces ({row}, {name}) are filled in by the page. Colour names are the checker's, and
so are the forms a colour's field may ask for where it agrees with a noun ({color:one}).
"""

from __future__ import annotations

from scorecheck.core.tiles import COLORS
from scorecheck.i18n import Domain, color_name, color_word

LESSON = Domain("lesson")


def page_words() -> dict[str, str]:
    """Every text the page shows, by key."""
    words = {
        "title": LESSON.word("scorecheck: the scores at the table"),
        "language": LESSON.word("Language"),
        "kind": LESSON.word("What is on the table"),
        "kind_round": LESSON.word("End of a round"),
        "kind_final": LESSON.word("End of the game"),
        "kind_game": LESSON.word("Whole game"),
        "grey": LESSON.word("Grey wall (R9)"),
        "open": LESSON.word("Open a file"),
        "save": LESSON.word("Save"),
        "next_round": LESSON.word("Next round"),
        "save_record": LESSON.word("Save the game record"),
        "round_number": LESSON.word("Round {number}"),
        # The status line after Next round: the chip beside it already says the number.
        "round_begun": LESSON.word(
            "Round {number} begins: the walls and scores carried over, the pattern lines that "
            "were not full kept (R4.2), the floors empty."
        ),
        "add_player": LESSON.word("Add a player"),
        "remove_player": LESSON.word("Remove {name}"),
        "player_default": LESSON.word("Player {number}"),
        "name": LESSON.word("Name"),
        "score_before": LESSON.word("Score before the round"),
        "score_final": LESSON.word("Score after the last round, before bonuses"),
        "wall": LESSON.word("Wall"),
        "floor": LESSON.word("Floor line"),
        "line_title": LESSON.word("Pattern line {line}"),
        "line_empty": LESSON.word("pattern line {line}, empty"),
        "line_tiles": LESSON.word("pattern line {line}: {count} of {capacity}, {color}"),
        "line_column": LESSON.word("wall column {column}"),
        "cell": LESSON.word("row {row}, column {column}, {color}"),
        "cell_empty": LESSON.word("row {row}, column {column}, empty"),
        "slot": LESSON.word("floor slot {slot} ({cost}): {item}"),
        "slot_more": LESSON.word("floor beyond the seventh slot: {item}"),
        "empty": LESSON.word("empty"),
        "marker": LESSON.word("first-player marker"),
        "tiles": LESSON.word("How many tiles"),
        "colour": LESSON.word("Colour"),
        "column": LESSON.word("Wall column (grey wall)"),
        "no_column": LESSON.word("not chosen"),
        "add_to_floor": LESSON.word("Add to the floor"),
        "close": LESSON.word("Close"),
        "claims": LESSON.word("What the table claimed"),
        "claim_points": LESSON.word("Points for each tile placed, top line first"),
        "claim_penalty": LESSON.word("Floor penalty"),
        "claim_score": LESSON.word("Score after the round"),
        "claim_final": LESSON.word("Final score"),
        "claim_final_of": LESSON.word("{name}'s final score"),
        "label": LESSON.word("{label}: "),  # a label before its value: 「申告された勝者：」
        # whose problem it is in a game record, as check's [Anna, round 2] says it
        "player_round": LESSON.word("{player}, round {round}"),
        "winner": LESSON.word("Claimed winner"),
        "won": LESSON.word("{name} won"),
        "problems": LESSON.word("Problems"),
        "explanation": LESSON.word("Step by step"),
        "cannot_open": LESSON.word("The file cannot be opened as it is:"),
        "record_round": LESSON.word("Round {number} of {count}"),
        "previous": LESSON.word("Previous round"),
        "following": LESSON.word("Following round"),
        "add_round": LESSON.word("Add a round"),
        "remove_round": LESSON.word("Remove this round"),
        "undo": LESSON.word("Undo"),
        "redo": LESSON.word("Redo"),
        "lines_heading": LESSON.word("Pattern lines"),
        "wall_row": LESSON.word("wall row {row}"),
        "need_whole": LESSON.word("Needs a whole number, such as 12."),
        "need_wholes": LESSON.word("Needs whole numbers, such as 5, 2."),
        "not_checked": LESSON.word(
            "Not checked: a number marked in red is not a whole number. Correct it and the "
            "check follows."
        ),
        "start_title": LESSON.word("Nothing on the boards yet"),
        "start_hint": LESSON.word(
            "Tap what lies on each board: a tile on the wall, a slot of a pattern line, a slot "
            "of the floor. The verdict appears here after every tap."
        ),
        "floor_up_to": LESSON.word("Floor line up to slot {slot}: which colour?"),
        "floor_now": LESSON.word("On the floor now: {count}"),
        "floor_none": LESSON.word("Nothing on the floor yet"),
        "saved_record": LESSON.word("Saved: one game record of every round so far."),
        "saved_rounds": LESSON.word(
            "Saved every round as a document of its own in one file: the game did not start "
            "here from empty walls at 0 points, so no game record can hold it. scorecheck "
            "check reads the file and checks each round."
        ),
        "kept_work": LESSON.word("The game in progress is back; {file} was not opened."),
        "open_given": LESSON.word("Open {file}"),
        "says": LESSON.word("{claim}: the number the table says"),
        "says_tile": LESSON.word("Pattern line {line}, {color}"),
        "says_sum": LESSON.word("{number}, the table's own figures: {sum}"),
        "with_marker": LESSON.word("The first-player marker, then tiles of one colour"),
        "marker_and": LESSON.word("first-player marker and {color} tiles"),
    }
    for color in COLORS:  # a colour's name, and its forms for {color:one}, :tile and :tiles
        words["color_" + color.letter] = color_name(color)
        for form in ("one", "tile", "tiles"):
            words[f"color_{form}_{color.letter}"] = color_word(color, form)
    return words
