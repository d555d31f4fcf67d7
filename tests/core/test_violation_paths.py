"""A violation keeps the path of the part it concerns, so a page can mark that part."""

from __future__ import annotations

from tests.support.checking import check_yaml
from tests.support.examples import EXAMPLES


def test_violations_carry_the_path_of_the_part_they_concern() -> None:
    report = check_yaml((EXAMPLES / "disputed-round.yaml").read_text())
    assert [v.location.path for v in report.violations] == [
        ("players", 1, "claimed", "points", 0),
        ("players", 1, "claimed", "penalty"),
        ("players", 1, "claimed", "score"),
    ]
    wall = check_yaml(
        'kind: round\nplayers: [{wall: [".....", ".....", "B....", ".....", "....."]}]'
    )
    assert [v.location.path for v in wall.violations] == [("players", 0, "wall", 2, 0)]
    unusable = check_yaml("kind: round\nplayers: [{score: -1}]\n")
    assert [v.location.path for v in unusable.violations] == [("players", 0, "score")]


def test_the_path_is_not_part_of_a_locations_identity() -> None:
    from scorecheck.core.violations import Location

    assert Location("f", 1, 2, ("players", 0)) == Location("f", 1, 2)
