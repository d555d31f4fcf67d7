"""The violation codes: each one's name, severity, rule, message template, example and summary.

Codes are stable: never renumber or reuse one. SC0xx are input problems (the file is
unusable), SC1xx broken rules on the boards, SC2xx wrong claims, SC3xx whole-record problems.
A new code goes at the end of its block (CONTRIBUTING, "Adding a rule").
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass


class Severity(enum.Enum):
    """How bad a violation is; errors make `check` exit 1."""

    ERROR = "error"
    WARNING = "warning"
    INFO = "info"

    def __repr__(self) -> str:
        return f"Severity.{self.name}"


@dataclass(frozen=True, slots=True)
class Code:
    """A documented violation code."""

    code: str
    name: str
    severity: Severity
    rule: str
    template: str
    example: str
    summary: str  # what the code means, one line without fields (`scorecheck codes`)


def _codes(*codes: Code) -> dict[str, Code]:
    return {c.code: c for c in codes}


ERR, WARN, INFO = Severity.ERROR, Severity.WARNING, Severity.INFO

CODES: Mapping[str, Code] = _codes(
    # Input problems: the document cannot be checked (exit 2).
    Code(
        "SC001",
        "unreadable",
        ERR,
        "",
        "cannot read the file: {reason}",
        "a file that does not exist, or bytes that are not UTF-8 text",
        "The file cannot be read, or is not UTF-8 text.",
    ),
    Code(
        "SC002",
        "syntax",
        ERR,
        "",
        "{reason}",
        "players: [Anna, Boris   (an unclosed bracket)",
        "The file is not well-formed YAML or JSON.",
    ),
    Code(
        "SC003",
        "contract",
        ERR,
        "",
        "{reason}",
        "score: -3   (a score cannot be negative)",
        "The document does not follow the format scorecheck reads (a missing key, a wrong value).",
    ),
    Code(
        "SC004",
        "internal",
        ERR,
        "",
        "scorecheck failed on this input: {reason}; please report it with the input attached",
        "never, one hopes",
        "scorecheck itself failed on the input: a bug to report.",
    ),
    Code(
        "SC005",
        "board-only-score",
        WARN,
        "",
        "player {number} has only a score ({score}) and nothing else: if it is the score of "
        "the player above, remove the '- ' before score and indent it like their other keys",
        "players: [{name: Anna}, {score: 10}]   (a stray '- ' before score)",
        "A player has only a score, likely a stray '- ' that split one player in two.",
    ),
    Code(
        "SC006",
        "grey-wall-without-variant",
        ERR,
        "R2, R9",
        "this wall looks like the grey side of the board: most of its tiles are off "
        "the cells the coloured side prints for them, and no colour repeats in a row or "
        "column; if the game is played on the grey side, add 'variant: grey' at the top of "
        "the document (R9)",
        'wall: [".B...", "..W..", "..R..", ".....", "....."] without variant: grey',
        "A wall looks like the grey side of the board, but the document does not say 'variant: "
        "grey'.",
    ),
    Code(
        "SC007",
        "floor-marker-before-count",
        WARN,
        "",
        "{text} on the floor reads as the first-player marker (1), then {count} tiles, not as "
        "{number} tiles: write {split} to say so; a count goes up to 9, so twelve red tiles "
        "are 9R 3R",
        'floor: "12R"   (the marker and two red, or twelve red?)',
        "A floor entry like 12R reads as the first-player marker and two tiles, not as twelve "
        "tiles.",
    ),
    Code(
        "SC008",
        "lookalike-names",
        WARN,
        "",
        "the names {name} and {other} look the same but are two names: {odd} has {letter} "
        "({unicode}, {kind}), not the Latin {latin}; if they are one player, type the name the "
        "same way both times",
        "players: [Anna, Аnna]   (the second begins with a Cyrillic А)",
        "Two player names look the same but differ in a lookalike letter (such as a Cyrillic А).",
    ),
    # Broken rules on the boards.
    Code(
        "SC101",
        "line-overfull",
        ERR,
        "R1.4, R3.3, D3",
        "pattern line {line} holds {tiles} but has only {places}; the excess belongs on the "
        "floor (R3.3, D3)",
        'lines: ["", "YYY", "", "", ""]',
        "A pattern line holds more tiles than it has places.",
    ),
    Code(
        "SC102",
        "line-mixed-colors",
        ERR,
        "R3.4",
        "pattern line {line} holds {colors}: a line holds one colour only (R3.4)",
        'lines: ["", "YB", "", "", ""]',
        "A pattern line holds tiles of more than one colour.",
    ),
    Code(
        "SC103",
        "line-color-on-wall",
        ERR,
        "R3.4",
        "pattern line {line} holds {color}, but row {line} of the wall already has {color} (R3.4)",
        'wall row 2 ". B . . ." with lines[1] "BB"',
        "A pattern line holds a colour that its row of the wall already has.",
    ),
    Code(
        "SC104",
        "wall-color-mismatch",
        ERR,
        "R2",
        "{cell} of the wall holds {found}, but the coloured wall prints {expected} there (R2)",
        'wall row 1 "Y . . . ." (row 1 starts with B)',
        "A wall tile stands on a cell the coloured wall prints for another colour.",
    ),
    Code(
        "SC105",
        "color-supply",
        ERR,
        "R1.1",
        "{tiles} on the boards together; the game has only 20 of each colour (R1.1)",
        "21 red tiles across walls, lines and floors",
        "The boards together show more than 20 tiles of one colour.",
    ),
    Code(
        "SC106",
        "marker-on-several-floors",
        ERR,
        "R1.3, R3.2",
        "the first-player marker lies on {count} floors ({players}); there is only one (R1.3)",
        'floor: "1" on two boards',
        "The first-player marker lies on more than one floor.",
    ),
    Code(
        "SC107",
        "too-many-players",
        ERR,
        "R1.2",
        "{count} boards: the game is for at most 4 players (R1.2)",
        "five entries under players",
        "The document has more than 4 boards.",
    ),
    Code(
        "SC108",
        "floor-overflow",
        INFO,
        "R6.3",
        "{entries} floor entries: only 7 slots are penalised, and {tiles} beyond them went "
        "to the lid without penalty (R6.3)",
        'floor: "1 R R R R R R R"',
        "The floor holds more than 7 entries: those past the 7th slot go to the lid without "
        "penalty.",
    ),
    Code(
        "SC109",
        "marker-on-full-floor",
        INFO,
        "D1",
        "the first-player marker came when the floor was already full: it takes no slot and "
        "stays with its taker; the penalty stays that of 7 slots (D1, R6.5)",
        'floor: "R R R R R R R 1"',
        "The first-player marker came to a floor that was already full: it takes no slot.",
    ),
    Code(
        "SC110",
        "game-not-ended",
        WARN,
        "R8.1",
        "no wall has a complete horizontal row: the game has not ended yet (R8.1)",
        "a final document whose walls have no full row",
        "No wall of a final document has a complete horizontal row: the game has not ended.",
    ),
    Code(  # SC106 is the marker on two boards' floors; this is one floor holding it twice
        "SC111",
        "marker-twice-on-floor",
        ERR,
        "R1.3, R3.2",
        "the floor holds the first-player marker {count} times; there is only one (R1.3)",
        'floor: "1 1 R" (or floor: 11, which YAML reads as a number)',
        "One floor holds the first-player marker more than once.",
    ),
    Code(
        "SC112",
        "row-complete-before-round",
        ERR,
        "R8.1",
        "row {row} of the wall is already complete before this round's tiling: the game ended "
        "after the round that completed it, and this round is not played (R8.1)",
        'wall row 1 "B Y R K W" in a round document',
        "A row of the wall is complete before the round: the game has already ended.",
    ),
    # SC113 and SC114 are game-record findings numbered in this block: codes are never renumbered.
    Code(
        "SC113",
        "score-slip-after-carried",
        ERR,
        "R5, R6.4",
        "{what} {recorded} after round {round} adds {added} to the record's {base} after round "
        "{base_round}, but the replay adds {gain} ({explanation}); this is a new mistake "
        "besides the one of round {since} that it carries; the replay gives {actual} (R5, R6.4)",
        "a record whose round 2 score is 2 too high and whose round 4 then adds 1 for 4",
        "A recorded score adds a new mistake on top of an earlier one that it carries.",
    ),
    Code(
        "SC114",
        "claimed-wall-mistake-copied",
        WARN,
        "R4.1",
        "the wall claimed after round {round} repeats, at {cells}, the mistake of the wall "
        "claimed after round {since}, reported there (R4.1)",
        "a game record whose claimed walls copy a misplaced tile from round to round",
        "A claimed wall repeats the mistake of an earlier claimed wall.",
    ),
    Code(
        "SC115",
        "score-above-wall-maximum",
        ERR,
        "R5, R8.1",
        "the score {when} is {score}, but the wall could have earned at most {most} in a legal "
        "game: {gap} more than even the best order of its tiles earns (R5, R8.1)",
        'score: 51 with wall "B Y R K W / . B . . . / . . B . . / . . W B . / . . . . ."',
        "A score is higher than its wall could have earned in any legal game.",
    ),
    # Grey wall (R9). R9.3's "everything else as on the coloured side" is inferred: the
    # sources (000, 004) state only R9.1 and R9.2.
    Code(
        "SC120",
        "grey-color-repeated",
        ERR,
        "R9.1",
        "{cell} of the grey wall holds {color}, but {color} already stands at {other} in the "
        "same {direction} (R9.1)",
        'variant: grey with wall row 1 "B . B . ."',
        "On the grey wall, a colour repeats in a row or column.",
    ),
    Code(
        "SC121",
        "grey-column-illegal",
        ERR,
        "R9.1",
        "the chosen column {column} for pattern line {line} ({color}) is not allowed: {reason} "
        "(R9.1); legal columns: {legal}",
        "columns: [null, 2, null, null, null] when row 2, column 2 is already taken",
        "The wall column chosen for a pattern line on the grey wall is not allowed.",
    ),
    Code(
        "SC122",
        "grey-column-missing",
        ERR,
        "R9.1",
        "pattern line {line} is full of {color}, but no wall column is chosen for it; "
        "legal columns, with the points each would score: {legal} (R9.1)",
        'variant: grey, lines[2] "RRR" and columns[2] null',
        "On the grey wall, a full pattern line has no wall column chosen.",
    ),
    Code(
        "SC123",
        "grey-column-unfull-line",
        WARN,
        "R4.1, R4.2",
        "column {column} is chosen for pattern line {line}, which is not full ({count} of "
        "{capacity}): nothing moves to the wall from it this round (R4.1, R4.2)",
        'columns: [null, null, null, 3, null] with lines[3] "RR"',
        "A wall column is chosen for a pattern line that is not full.",
    ),
    Code(
        "SC124",
        "grey-line-to-floor",
        INFO,
        "R9.2, R6",
        "pattern line {line} is full of {color}, but no free cell of wall row {line} may take "
        "{color}: the line's tiles ({count}) go to the floor (R9.2); {penalty} ({overflow} of "
        "them past the 7th slot, to the lid: R6.3)",
        'wall "....W / YBRK. / ..." with lines[1] "WW": white already stands in column 5',
        "On the grey wall, a full pattern line has no free cell for its colour: its tiles go to "
        "the floor.",
    ),
    Code(
        "SC125",
        "start-score-above-wall-maximum",
        WARN,
        "R5, R8.1",
        "the score before this round is {score}, but the wall the round starts with could "
        "have earned at most {most} in a legal game ({gap} less): the score track before this "
        "round cannot be right; this round is checked from the score as given (R5, R8.1)",
        "kind: round with score: 2 and a wall of one tile, which earned 1 at most",
        "The score before the round is higher than the wall the round starts with could have "
        "earned.",
    ),
    # Wrong claims.
    Code(
        "SC201",
        "claimed-points",
        ERR,
        "R5",
        "claimed {claimed} for the tile from line {line}; the replay gives {actual}{explanation} "
        "(R5)",
        "claimed: {points: [3]} for a tile that scores 2",
        "The points claimed for a tile placed on the wall are wrong.",
    ),
    Code(
        "SC202",
        "claimed-points-count",
        ERR,
        "R4.1",
        "claimed {points}, but {lines} (R4.1)",
        "claimed: {points: [2, 7, 1]} when two lines are full",
        "The claimed points are not one for each full pattern line.",
    ),
    Code(
        "SC203",
        "claimed-penalty",
        ERR,
        "R6.1",
        "claimed a floor penalty of {claimed}; {entries} cost {actual}{explanation} (R6.1)",
        'floor: "1 R R" with claimed: {penalty: 3}',
        "The claimed floor penalty is wrong.",
    ),
    Code(
        "SC204",
        "claimed-score",
        ERR,
        "R6.4",
        "claimed a score of {claimed} after the round; the replay gives {actual}: "
        "{explanation} (R6.4)",
        "claimed: {score: 19} when the replay gives 17",
        "The claimed score after the round is wrong.",
    ),
    Code(
        "SC205",
        "claimed-wall-unfull-line",
        ERR,
        "R4.1, R4.3",
        "the claimed wall gains a tile at {cell}, but pattern line {line} was not full "
        "(R4.1, R4.3)",
        "a claimed wall with a new tile in a row whose line held 2 of 4",
        "The claimed wall gains a tile from a pattern line that was not full.",
    ),
    Code(
        "SC206",
        "claimed-wall-two-in-row",
        ERR,
        "R4.3",
        "the claimed wall gains {count} tiles in row {row}; a row gains at most one tile a "
        "round (R4.3)",
        "a claimed wall with two new tiles in row 3",
        "The claimed wall gains more than one tile in a row in one round.",
    ),
    Code(
        "SC207",
        "claimed-wall-missing-tile",
        ERR,
        "R4.1",
        "the claimed wall lacks the {color} tile that full pattern line {line} places at "
        "{cell} (R4.1)",
        "a claimed wall that forgets the tile from a full line",
        "The claimed wall lacks the tile of a full pattern line.",
    ),
    Code(
        "SC208",
        "claimed-wall-differs",
        ERR,
        "R4.1",
        "the claimed wall has {found} at {cell}; the replay gives {expected} (R4.1)",
        "a claimed wall that puts the new tile in the wrong column",
        "The claimed wall differs from the replay.",
    ),
    Code(
        "SC209",
        "claimed-final",
        ERR,
        "R8.2",
        "claimed a final score of {claimed}; the replay gives {actual}: {explanation} (R8.2)",
        "claimed: {final: 60} when 38 + 21 = 59",
        "The claimed final score is wrong.",
    ),
    Code(
        "SC210",
        "claimed-winner",
        ERR,
        "R8.3, D4, D5",
        "claimed winner {claimed}; the replay gives {actual}: {reason} (R8.3)",
        "claimed: {winner: Boris} when Anna wins the tie-break on rows",
        "The claimed winner is wrong.",
    ),
    Code(
        "SC211",
        "claimed-end-too-early",
        ERR,
        "R8.1",
        "{what} is claimed, but the game does not end here: no horizontal wall row is "
        "complete (R8.1)",
        "claimed: {final: 40} on a round that completes no row",
        "A final score or winner is claimed, but the game has not ended.",
    ),
    Code(
        "SC212",
        "claimed-winner-unknown",
        ERR,
        "R8.3",
        "claimed winner {name} is not a player here{suggestion} (players: {players})",
        "claimed: {winner: Bob} when the players are Anna and Boris",
        "The claimed winner is not one of the players.",
    ),
    Code(
        "SC213",
        "claimed-winner-twice",
        WARN,
        "R8.3",
        "the claimed winners name {name} twice: each winner is named once",
        "claimed: {winner: [Anna, Anna, Boris]}",
        "The claimed winners name a player twice.",
    ),
    Code(
        "SC215",
        "claimed-final-above-maximum",
        ERR,
        "R5, R8.1, R8.2",
        "claimed a final score of {claimed}, but the wall could have earned at most {most} with "
        "its bonuses: {explanation}; {gap} more than any legal game allows (R5, R8.1, R8.2)",
        'claimed: {final: 60} with wall "B Y R K W / . . . . . / . . . . . / . . . . . / '
        '. . . . ."',
        "The claimed final score is higher than the wall and its bonuses could give.",
    ),
    # Whole-record problems: what a game record shows only when read as a whole (core/record.py).
    Code(
        "SC301",
        "record-player-count",
        ERR,
        "R1.2",
        "a game record is for 2 to 4 players (R1.2); this one names {count}",
        "players: [Anna]",
        "A game record names fewer than 2 or more than 4 players.",
    ),
    Code(
        "SC302",
        "line-shrank",
        ERR,
        "R4.2",
        "pattern line {line} held {before} after round {previous}, but {now} in round {round}: "
        "an incomplete line keeps its tiles into the next round (R4.2)",
        'round 1 lines[3] "RR", round 2 lines[3] "R"',
        "An incomplete pattern line lost tiles between rounds.",
    ),
    Code(
        "SC303",
        "line-changed-color",
        ERR,
        "R4.2, R3.4",
        "pattern line {line} kept {before} from round {previous}, but holds {now} in round "
        "{round}: an incomplete line keeps its tiles and its colour (R4.2, R3.4)",
        'round 1 lines[3] "RR", round 2 lines[3] "KKK"',
        "An incomplete pattern line changed colour between rounds.",
    ),
    Code(
        "SC304",
        "recorded-score-differs",
        ERR,
        "R5, R6.4",
        "the record gives a score of {recorded} after round {round}; the replay gives {actual}: "
        "{explanation}",
        "score: 19 in a round entry when the replay gives 17",
        "A score in the record differs from the replay.",
    ),
    Code(
        "SC305",
        "score-mistake-carried",
        WARN,
        "R5, R6.4",
        "{what} {recorded} after round {round} carries the mistake of round {since}: counted "
        "on from the record's {base} after round {base_round} it is right, but the replay "
        "gives {actual}",
        "a forgotten −2 in round 3 that every later score of that player still contains",
        "A recorded score follows rightly from the one before, but carries an earlier mistake.",
    ),
    Code(
        "SC306",
        "recorded-wall-differs",
        ERR,
        "R4.1",
        "the wall recorded after round {round} differs from the replay at {cells} (R4.1)",
        "wall: a row with the new tile in the wrong cell",
        "A wall in the record differs from the replay.",
    ),
    Code(
        "SC307",
        "wall-mistake-carried",
        WARN,
        "R4.1",
        "the wall recorded after round {round} repeats the mistake of round {since} at {cells}; "
        "it is otherwise right",
        "a misplaced tile copied into every later recorded wall",
        "A recorded wall repeats an earlier round's mistake and is otherwise right.",
    ),
    Code(
        "SC308",
        "rounds-after-end",
        ERR,
        "R8.1",
        "the game ended after round {ended}, when {who} (R8.1); the record goes on for "
        "{extra}: the final scores are those after round {ended}",
        "a round 7 after a round 6 that completed a wall row",
        "The record goes on after the round that ended the game.",
    ),
    Code(
        "SC309",
        "game-unfinished",
        WARN,
        "R8.1",
        "no wall row is complete after round {round}{declared}: the game has not ended (R8.1); "
        "the standings are given without bonuses",
        "a record of four rounds in which nobody completes a row",
        "The record stops before any row of a wall is complete: the game has not ended.",
    ),
    Code(
        "SC310",
        "game-unfinished-declared",
        INFO,
        "R8.1",
        "the record stops after round {round}, before any wall row is complete, as it says "
        "(finished: false): standings without bonuses (R8.1)",
        "finished: false on a record of three rounds",
        "The record stops before the end of the game, as its finished: false says.",
    ),
    Code(
        "SC311",
        "finished-false-but-ended",
        ERR,
        "R8.1",
        "the record says finished: false, but the game ended after round {ended}, when {who} "
        "(R8.1)",
        "finished: false on a record whose last round completes a wall row",
        "The record says finished: false, but the game has ended.",
    ),
    Code(
        "SC312",
        "tiles-exceed-factories",
        ERR,
        "R1.2",
        "{count} tiles come into play in round {round} (new in pattern lines, and on floors); "
        "the {factories} factories of a {players}-player game hold only {capacity} (R1.2)",
        "21 new tiles in one round of a 2-player game",
        "More tiles come into play in a round than the factories hold.",
    ),
    Code(
        "SC313",
        "color-exceeds-bag",
        ERR,
        "R1.1, R7.1, R7.2",
        "in round {round}, {came}, but at most {limit} could be drawn: {reason} (R7.1, R7.2)",
        "8 new red tiles in round 2 when 13 red are known to be in the lid",
        "More tiles of a colour come into play than the bag could still hold.",
    ),
    Code(
        "SC314",
        "tiles-missing",
        WARN,
        "R1.2, R7.1, R6.3",
        "in round {round}, {came}, but the factories held {expected} (R1.2, R7.1): "
        "{missing}; {why}",
        "a 2-player round whose lines and floors show 18 new tiles",
        "Fewer tiles come into play in a round than the factories held.",
    ),
    Code(
        "SC315",
        "marker-not-taken",
        WARN,
        "R3.2",
        "no floor holds the first-player marker in round {round}: the first player to take "
        "from the centre takes it (R3.2); it stays untaken only if nobody took from the centre",
        'no floor: "1" in a round',
        "No floor holds the first-player marker in a round.",
    ),
    Code(
        "SC316",
        "starter-not-marker-holder",
        ERR,
        "R6.5",
        "{name} is recorded as starting round {round}, but {holder} took the first-player "
        "marker in round {previous} and so starts round {round} (R6.5)",
        "starts: [Anna, Anna] when Boris's round-1 floor holds the marker",
        "The player recorded as starting a round did not take the first-player marker.",
    ),
    Code(
        "SC317",
        "starts-count",
        WARN,
        "",
        "starts names {players} for {rounds}: give one per round",
        "starts: [Anna, Boris] on a record of five rounds",
        "starts does not name one player for each round.",
    ),
)
