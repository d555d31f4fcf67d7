"""The most points a wall could have earned in a legal game (R4.3, R4.4, R5, R8.1).

A wall's placement points depend on the order its tiles came in; the most it could have
earned is the greatest sum over every order legal in a game. docs/maximum.md explains the
method: an exact search split into the wall's groups, with a bound that a constructive order
usually reaches at once. The modules, each a step of it: `grid` (masks, groups, runs,
matchings), `search` (branch and bound), `shapes` (groups by shape, cached), `groups` (a free
group seen first), `walls` (the wall), `order` (one best order, cut into rounds).
"""

from __future__ import annotations

from scorecheck.core.maximum.grid import components, largest_matching, runs
from scorecheck.core.maximum.groups import greedy_points, runs_form_a_tree
from scorecheck.core.maximum.order import BestOrder, best_order, clear_caches, rounds_of
from scorecheck.core.maximum.search import bound
from scorecheck.core.maximum.shapes import shape
from scorecheck.core.maximum.walls import most_wall_points, start_wall_points

__all__ = [
    "BestOrder",
    "best_order",
    "bound",
    "clear_caches",
    "components",
    "greedy_points",
    "largest_matching",
    "most_wall_points",
    "rounds_of",
    "runs",
    "runs_form_a_tree",
    "shape",
    "start_wall_points",
]
