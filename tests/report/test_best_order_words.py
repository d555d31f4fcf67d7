"""The best order's sentence agrees in number with the points it names, in every language."""

from __future__ import annotations

import pytest

from scorecheck.core.tiles import Variant, Wall
from scorecheck.i18n import using
from scorecheck.report.best import best_order_blocks

ONE_TILE = Wall.parse("B.... / ..... / ..... / ..... / .....")


@pytest.mark.parametrize(
    ("language", "one_point"),
    [("en", "earns 1 placement point,"), ("ru", "самое большее 1 очко"), ("ja", "合計1点")],
)
def test_a_wall_of_one_tile_earns_one_point_in_the_singular(language: str, one_point: str) -> None:
    with using(language):
        blocks = best_order_blocks(ONE_TILE, Variant.COLORED)
    assert blocks is not None
    assert one_point in blocks[0], blocks[0]
