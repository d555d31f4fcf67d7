"""The YAML writer: what it writes loads back as the same document and checks the same."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from scorecheck.api import report_of
from scorecheck.core.check import check
from scorecheck.core.documents import (
    Claims,
    Document,
    FinalDocument,
    FinalPlayer,
    GameDocument,
    GameEntry,
    RoundDocument,
    RoundPlayer,
)
from scorecheck.core.tiles import COLORS, SIZE, Board, Marker, PatternLine, Variant, Wall
from scorecheck.load import load_bytes
from scorecheck.load.yamlread import read_yaml
from scorecheck.report.jsonfmt import report_dict
from scorecheck.report.yamlfmt import document_data, format_yaml, quote
from tests.support.examples import EXAMPLES

# Names a table might type, and the characters that would break a careless writer: YAML's
# indicators, quotes, backslashes, a line separator, non-Latin scripts.
NAME_CHARS = st.sampled_from(list("Anabor ЁёЖжあ名-#:'\"\\{}[],&*!|>%@`?\u2028\u00a0é"))
names = st.text(NAME_CHARS, min_size=1, max_size=12).filter(
    lambda n: n.strip() != "" and not (len(n) > 1 and n[0] in "'\"" and n[-1] in "'\"")
)
colors = st.sampled_from(COLORS)
cells = st.lists(st.one_of(st.none(), colors), min_size=SIZE * SIZE, max_size=SIZE * SIZE)
walls = cells.map(lambda c: Wall(tuple(c)))
floors = st.lists(st.one_of(colors, st.just(Marker.FIRST_PLAYER)), max_size=9).map(tuple)
columns = st.lists(st.one_of(st.none(), st.integers(0, 4)), min_size=SIZE, max_size=SIZE)


@st.composite
def lines(draw: Any) -> tuple[PatternLine, ...]:
    """Five lines, each up to one tile more than it holds, colours mixed now and then."""
    return tuple(PatternLine(i, tuple(draw(st.lists(colors, max_size=i + 2)))) for i in range(SIZE))


claims = st.builds(
    Claims,
    points=st.none() | st.lists(st.integers(0, 50), max_size=5).map(tuple),
    penalty=st.none() | st.integers(-14, 14),
    score=st.none() | st.integers(0, 300),
    wall=st.none() | walls,
    final=st.none() | st.integers(0, 300),
)
unique_names = st.lists(names, min_size=1, max_size=4, unique=True)
winners = st.none() | st.lists(names, min_size=1, max_size=2).map(tuple)
variants = st.sampled_from(Variant)


@st.composite
def round_documents(draw: Any) -> RoundDocument:
    variant = draw(variants)
    players = tuple(
        RoundPlayer(
            Board(
                name,
                draw(st.integers(0, 300)),
                draw(walls),
                draw(lines()),
                draw(floors),
                tuple(draw(columns)) if variant is Variant.GREY else (None,) * SIZE,
            ),
            draw(claims),
            ("players", i),
        )
        for i, name in enumerate(draw(unique_names))
    )
    return RoundDocument(players, variant, draw(winners))


@st.composite
def final_documents(draw: Any) -> FinalDocument:
    players = tuple(
        FinalPlayer(
            name,
            draw(walls),
            draw(st.integers(0, 300)),
            draw(st.none() | st.integers(0, 300)),
            ("players", i),
        )
        for i, name in enumerate(draw(unique_names))
    )
    return FinalDocument(players, draw(variants), draw(winners))


@st.composite
def game_documents(draw: Any) -> GameDocument:
    variant = draw(variants)
    players = tuple(draw(unique_names))
    rounds = tuple(
        tuple(
            GameEntry(
                draw(lines()),
                draw(floors),
                draw(claims.map(lambda c: Claims(c.points, c.penalty, c.score, c.wall))),
                tuple(draw(columns)) if variant is Variant.GREY else (None,) * SIZE,
                draw(st.none() | walls),
                draw(st.none() | st.integers(0, 300)),
                ("rounds", r, name),
            )
            for name in players
        )
        for r in range(
            draw(st.integers(1, 3))
        )  # a record of no rounds is refused (issue 18, item 12)
    )
    finals = tuple((name, draw(st.integers(0, 300))) for name in players if draw(st.booleans()))
    return GameDocument(
        players,
        rounds,
        variant,
        finals,
        draw(winners),
        draw(st.none() | st.booleans()),
        draw(st.none() | st.lists(st.sampled_from(players), max_size=3).map(tuple)),
        all_tiles=draw(st.booleans()),
    )


def located_apart(report: dict[str, Any]) -> dict[str, Any]:
    """A JSON report without where things are in a file (a document built in memory has no
    file): everything the check found, and nothing else."""
    result = {k: v for k, v in report.items() if k != "file"}
    result["violations"] = [
        {k: v for k, v in x.items() if k not in ("file", "line", "column")}
        for x in report["violations"]
    ]
    return result


def assert_round_trip(document: Document) -> None:
    text = format_yaml(document, comments=True, header=["a header"])
    [(data, _)] = list(read_yaml(text))
    assert data == document_data(document), text  # the page's data is what check reads
    [loaded] = list(load_bytes("saved.yaml", text))
    assert loaded == document, text
    assert located_apart(report_dict(report_of(loaded))) == located_apart(
        report_dict(check(document))
    )


@settings(max_examples=150, deadline=None)
@given(round_documents())
def test_round_documents_load_back_and_check_the_same(document: RoundDocument) -> None:
    assert_round_trip(document)


@settings(max_examples=80, deadline=None)
@given(final_documents())
def test_final_documents_load_back_and_check_the_same(document: FinalDocument) -> None:
    assert_round_trip(document)


@settings(max_examples=80, deadline=None)
@given(game_documents())
def test_game_documents_load_back_and_check_the_same(document: GameDocument) -> None:
    assert_round_trip(document)


def test_every_example_loads_back_and_checks_the_same() -> None:
    paths = sorted(EXAMPLES.glob("*.yaml"))
    assert len(paths) >= 8
    for path in paths:
        for document in load_bytes(path.name, path.read_bytes()):
            assert not hasattr(document, "violations"), path
            assert_round_trip(document)


def test_quote_escapes_what_yaml_would_fold() -> None:
    assert quote("a\u2028b") == '"a\\u2028b"'
    assert quote('Ann "the" \\') == '"Ann \\"the\\" \\\\"'
