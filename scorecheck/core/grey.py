"""Grey-wall checks (R9): repeated colours, chosen wall columns, lines sent to the floor.

R9.1 and R9.2 come from sources 000 and 004. R9.3 (points, floor, end and bonuses as on the
coloured side; a colour bonus is five tiles anywhere) is inferred: no source states it.
"""

from __future__ import annotations

from scorecheck.core.replay import GreyOption, Tiling, grey_options
from scorecheck.core.tiles import SIZE, Color, Wall
from scorecheck.core.violations import Finding, Phrase, cell_phrase, series


def _minus(points: int) -> str:
    return f"−{points}" if points else "0"


def _penalty_change(before: int, after: int) -> Phrase:
    """How tiles sent to the floor change its penalty; past the 7th slot they cost nothing."""
    if before == after:
        return Phrase(
            "the floor penalty stays {after}: no slot past the 7th is penalised",
            {"after": _minus(after)},
        )
    return Phrase(
        "the floor penalty goes from {before} to {after}",
        {"before": _minus(before), "after": _minus(after)},
    )


def describe_options(options: tuple[GreyOption, ...]) -> object:
    """'column 2 (+3), column 4 (+1)', or 'none', as translatable phrases."""
    if not options:
        return Phrase("none")
    return series(
        [
            Phrase(
                "column {column} (+{points})", {"column": o.column + 1, "points": o.score.points}
            )
            for o in options
        ]
    )


def wall_repeats(wall: Wall) -> tuple[Finding, ...]:
    """Every tile whose colour already stands earlier in its row or in its column (R9.1)."""
    repeats = []
    for row, column, color in wall.tiles():
        in_row = next((c for c in range(column) if wall.at(row, c) is color), None)
        if in_row is not None:
            repeats.append(_repeat(row, column, color, Phrase("row"), cell_phrase(row, in_row)))
        in_column = next((r for r in range(row) if wall.at(r, column) is color), None)
        if in_column is not None:
            other = cell_phrase(in_column, column)
            repeats.append(_repeat(row, column, color, Phrase("column"), other))
    return tuple(repeats)


def _repeat(row: int, column: int, color: Color, direction: Phrase, other: Phrase) -> Finding:
    return Finding(
        "SC120",
        ("wall", row, column),
        {
            "cell": cell_phrase(row, column),
            "color": color,
            "other": other,
            "direction": direction,
        },
    )


def _why_illegal(wall: Wall, row: int, column: int, color: Color) -> Phrase:
    if wall.at(row, column) is not None:
        return Phrase("{cell} is already taken", {"cell": cell_phrase(row, column)})
    above = next((r for r in range(SIZE) if wall.at(r, column) is color), None)
    if above is None:
        return Phrase("{color} already stands in row {row}", {"color": color, "row": row + 1})
    return Phrase(
        "{color} already stands in column {column} (row {row})",
        {"color": color, "column": column + 1, "row": above + 1},
    )


def line_findings(tiling: Tiling) -> tuple[Finding, ...]:
    """What a grey-wall tiling reports about chosen columns and forfeited lines (R9.1, R9.2)."""
    board = tiling.board
    placed = {p.line: p for p in tiling.placements}
    forfeited = {f.line: f for f in tiling.forfeits}
    found: list[Finding] = []
    wall = board.wall  # the wall as line after line is tiled (R4.4)
    for line in board.lines:
        i = line.index
        chosen = board.columns[i]
        color = line.color
        if not line.is_full:
            if chosen is not None:
                found.append(
                    Finding(
                        "SC123",
                        ("columns", i),
                        {
                            "column": chosen + 1,
                            "line": i + 1,
                            "count": len(line.tiles),
                            "capacity": line.capacity,
                        },
                    )
                )
        elif color is None or color in wall.row(i):
            pass  # mixed colours or a colour already in the row: SC102, SC103
        elif i in forfeited:
            if chosen is not None:
                found.append(_illegal(wall, i, chosen, color, ()))
            forfeit = forfeited[i]
            found.append(
                Finding(
                    "SC124",
                    ("lines", i),
                    {
                        "line": i + 1,
                        "color": color,
                        "count": forfeit.count,
                        "penalty": _penalty_change(
                            forfeit.floor_before.penalty, forfeit.floor_after.penalty
                        ),
                        "overflow": forfeit.overflow,
                    },
                )
            )
        elif i not in placed:
            options = grey_options(wall, i, color)
            if chosen is None:
                found.append(
                    Finding(
                        "SC122",
                        ("lines", i),
                        {"line": i + 1, "color": color, "legal": describe_options(options)},
                    )
                )
            else:
                found.append(_illegal(wall, i, chosen, color, options))
        if i in placed:
            wall = placed[i].wall_after
    return tuple(found)


def _illegal(
    wall: Wall, row: int, chosen: int, color: Color, options: tuple[GreyOption, ...]
) -> Finding:
    return Finding(
        "SC121",
        ("columns", row),
        {
            "column": chosen + 1,
            "line": row + 1,
            "color": color,
            "reason": _why_illegal(wall, row, chosen, color),
            "legal": describe_options(options),
        },
    )
