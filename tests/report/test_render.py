"""`scorecheck render`: SVG boards and the self-contained HTML report."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from click.testing import CliRunner

from scorecheck.api import check_files
from scorecheck.cli import main
from scorecheck.core import RoundDocument, RoundPlayer, Variant
from scorecheck.core.check import check
from scorecheck.core.results import Report
from scorecheck.core.tiles import Board, printed_color
from scorecheck.report.html import format_html
from scorecheck.report.svg import format_svg
from scorecheck.report.svgdraw import CELL, FAINT_FILL, GREY_EMPTY
from tests.support.checking import check_yaml
from tests.support.examples import EXAMPLES

SVG = "{http://www.w3.org/2000/svg}"


def reports(name: str) -> list[Report]:
    return list(check_files([str(EXAMPLES / name)]))


def svg_of(name: str) -> ET.Element:
    return ET.fromstring(format_svg(reports(name)).encode())


def by_role(root: ET.Element, role: str) -> list[ET.Element]:
    return root.findall(f".//*[@data-role='{role}']")


def cell(e: ET.Element) -> tuple[int, int]:
    return int(e.attrib["data-row"]), int(e.attrib["data-col"])


def board(root: ET.Element, player: str) -> ET.Element:
    [found] = root.findall(f".//{SVG}g[@data-player='{player}']")
    return found


def html_svgs(html: str) -> list[ET.Element]:
    """Every inline SVG of an HTML page, parsed as XML."""
    return [ET.fromstring(m) for m in re.findall(r"<svg .*?</svg>", html, re.S)]


@pytest.mark.parametrize("example", sorted(p.name for p in EXAMPLES.glob("*.yaml")))
def test_every_example_gives_well_formed_svg_and_html_pictures(example: str) -> None:
    root = svg_of(example)
    assert root.tag == f"{SVG}svg"
    for b in root.iter(f"{SVG}g"):
        if "data-player" in b.attrib:
            assert len(b.findall(".//*[@data-row][@data-col]")) >= 25
    for picture in html_svgs(format_html(reports(example))):
        assert picture.tag == f"{SVG}svg"


def test_e1_board_after_the_round() -> None:
    anna = board(svg_of("e1-round.yaml"), "Anna")
    assert anna.attrib["id"] == "board-1"
    new = {(*cell(e), e.attrib["data-color"]) for e in by_role(anna, "new-tile")}
    assert new == {(2, 3, "Y"), (3, 3, "B")}
    old = {(*cell(e), e.attrib["data-color"]) for e in by_role(anna, "tile")}
    assert old == {(2, 2, "B"), (3, 1, "K"), (3, 2, "W"), (3, 4, "Y"), (4, 3, "W")}
    empty = by_role(anna, "empty")
    assert len(empty) == 25 - 7
    for e in empty:  # the printed colour shows, faint (R2)
        row, column = cell(e)
        printed = printed_color(row - 1, column - 1)
        assert e.attrib["data-printed"] == printed.letter
        assert e.attrib["fill"] == FAINT_FILL[printed]
    # Tiled lines 2 and 3 are empty after the round; line 4 keeps its two yellow (R4.2).
    line_tiles = [
        (e.attrib["data-line"], e.attrib["data-slot"], e.attrib.get("data-color"))
        for e in by_role(anna, "line-slot")
        if e.tag == f"{SVG}rect"
    ]
    assert len(line_tiles) == 15
    assert [t for t in line_tiles if t[2]] == [("4", "1", "Y"), ("4", "2", "Y")]
    [score] = by_role(anna, "score")
    assert score.text == "Score 8 + 9 − 0 = 17 · claimed 17 ✓"  # the claim beside its board


def test_floor_slots_items_and_costs() -> None:
    boris = board(svg_of("disputed-round.yaml"), "Boris")
    slots = [e for e in by_role(boris, "floor-slot") if e.tag == f"{SVG}rect"]
    assert [e.attrib.get("data-item", "") for e in slots] == ["1", "R", "R", "R", "R", "", ""]
    assert [e.text for e in by_role(boris, "floor-cost")] == [
        "−1",
        "−1",
        "−2",
        "−2",
        "−2",
        "−3",
        "−3",
    ]
    [penalty] = by_role(boris, "floor-penalty")
    assert penalty.text == "Floor −1 −1 −2 −2 −2 = −8"


def test_cells_tiles_and_marker_differ_by_more_than_colour() -> None:
    anna = board(svg_of("e1-round.yaml"), "Anna")
    wall = anna.find(f".//{SVG}g[@data-role='wall-group']")
    assert wall is not None
    tiles = [e for e in wall if e.attrib.get("data-role") in ("tile", "new-tile")]
    assert tiles and all(e.attrib["stroke"] == "#262626" for e in tiles)  # placed: outlined
    empty = [e for e in wall if e.attrib.get("data-role") == "empty"]
    assert empty and all("stroke" not in e.attrib for e in empty)
    # Each empty cell carries its printed letter, faint: colour is not the only cue.
    letters = [e.text for e in wall if e.tag == f"{SVG}text" and e.attrib["fill"] == "#00000047"]
    assert letters == [e.attrib["data-printed"] for e in empty]
    # The first-player marker is a dark disc with a light "1", unlike an empty slot.
    floor = board(svg_of("disputed-round.yaml"), "Boris").find(f".//{SVG}g[@data-role='floor']")
    assert floor is not None
    [disc] = floor.findall(f"{SVG}circle")
    assert disc.attrib["fill"] == "#262626"
    [slot] = [e for e in floor.findall(f"{SVG}rect") if e.attrib.get("data-item") == "1"]
    assert (float(disc.attrib["cx"]) - CELL / 2, float(disc.attrib["cy"]) - CELL / 2) == (
        float(slot.attrib["x"]),
        float(slot.attrib["y"]),
    )


def test_final_walls_mark_what_earns_each_bonus() -> None:
    anna = board(svg_of("final.yaml"), "Anna")
    assert sorted(int(e.attrib["data-row"]) for e in by_role(anna, "bonus-row")) == [1, 2]
    assert [int(e.attrib["data-col"]) for e in by_role(anna, "bonus-column")] == [1]
    blue = {cell(e) for e in by_role(anna, "bonus-color")}
    assert blue == {(1, 1), (2, 2), (3, 3), (4, 4), (5, 5)}
    boris = board(svg_of("final.yaml"), "Boris")
    assert by_role(boris, "bonus-column") == [] and by_role(boris, "bonus-color") == []


def test_html_step_pictures_frame_the_new_tile_and_its_runs() -> None:
    pictures = {p.attrib.get("id"): p for p in html_svgs(format_html(reports("e1-round.yaml")))}
    step = pictures["r1-p1-s2"]
    [after] = step.findall(f"{SVG}g[@data-role='after']")
    [new] = by_role(after, "new-tile")
    assert (*cell(new), new.attrib["data-color"]) == (3, 3, "B")
    runs = {
        (e.attrib["data-direction"], *cell(e), int(e.attrib["data-length"]))
        for e in by_role(after, "run")
    }
    assert runs == {("across", 3, 1, 4), ("down", 2, 3, 3)}
    for run in by_role(after, "run"):  # dashed, unlike the new tile's solid double frame
        assert run.attrib["stroke-dasharray"]
    assert len(by_role(after, "new-frame")) == 1
    lone = pictures["r1-p1-s1"]
    assert len(by_role(lone, "run")) == 1  # the yellow joins one run only


def test_html_is_self_contained_and_prints_on_a4() -> None:
    html = format_html(reports("disputed-round.yaml"))
    assert html.startswith("<!DOCTYPE html>")
    for outside in ("<script", "<link", "src=", "url(", "@import", "@font-face"):
        assert outside not in html
    assert re.findall(r'href="([^#][^"]*)"', html) == []  # links only inside the page
    assert "@page { size: A4;" in html
    assert "@media print" in html
    for code in ("SC201", "SC203", "SC204"):
        assert code in html  # the violations are listed
    assert '<p class="verdict bad">NOT OK: 3 errors' in html
    assert html.index('class="verdict bad"') < html.index('class="boards"')


def test_names_are_escaped() -> None:
    report = check_yaml("kind: round\nplayers: [{name: '<b>&\"x', lines: ['B', '', '', '', '']}]\n")
    html = format_html([report])
    assert "<b>&" not in html
    assert "&lt;b&gt;&amp;" in html
    root = ET.fromstring(format_svg([report]).encode())
    assert board(root, '<b>&"x') is not None


def test_grey_wall_draws_no_printed_colours() -> None:
    lines = ["B", "", "", "", ""]
    columns = (2, None, None, None, None)
    grey = Board.parse("A", 0, ". . . . . / " * 4 + ". . . . .", lines, "", columns)
    report = check(RoundDocument((RoundPlayer(grey),), Variant.GREY))
    root = ET.fromstring(format_svg([report]).encode())
    [new] = by_role(root, "new-tile")
    assert cell(new) == (1, 3)  # the chosen column, not the printed one (R9.1)
    for e in by_role(root, "empty"):
        assert "data-printed" not in e.attrib
        assert e.attrib["fill"] == GREY_EMPTY


def test_several_documents_one_under_another(tmp_path: Path) -> None:
    both = check_files([str(EXAMPLES / "e1-round.yaml"), str(EXAMPLES / "final.yaml")])
    root = ET.fromstring(format_svg(list(both)).encode())
    ids = [e.attrib["id"] for e in root.findall(f"{SVG}svg")]
    assert ids == ["d1-boards", "d2-boards"]
    first, second = root.findall(f"{SVG}svg")
    # Each document below the one before, never on top of it.
    assert int(second.attrib["y"]) >= int(first.attrib.get("y", 0)) + int(first.attrib["height"])
    assert int(root.attrib["height"]) == int(second.attrib["y"]) + int(second.attrib["height"])


def test_svg_stands_alone_with_background_legend_and_winner() -> None:
    root = svg_of("game-forgotten-penalty.yaml")
    [background] = by_role(root, "background")
    assert background.attrib["fill"] == "#ffffff"
    assert background.attrib["height"] == root.attrib["height"]
    captions = [e.text for e in by_role(root, "caption")]
    assert "After the bonuses: Boris 47, Anna 46" in captions
    assert "Winner: Boris" in captions
    assert "double frame: tile placed this round" in captions
    assert "light green: complete row, column or colour (bonus)" in captions


# --- The command ---------------------------------------------------------------------------------


def render(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, ["render", *args])
    return result.exit_code, result.output


def test_cli_writes_svg_and_html(tmp_path: Path) -> None:
    svg, html = tmp_path / "e1.svg", tmp_path / "e1.html"
    assert render(str(EXAMPLES / "e1-round.yaml"), "-o", str(svg))[0] == 0
    assert render(str(EXAMPLES / "e1-round.yaml"), "-o", str(html))[0] == 0
    assert ET.parse(svg).getroot().tag == f"{SVG}svg"
    assert html.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")
    code, _ = render(str(EXAMPLES / "disputed-round.yaml"), "-o", str(tmp_path / "d.svg"))
    assert code == 1  # written, and the exit code says a claim is wrong, as check does
    assert (tmp_path / "d.svg").exists()


def test_cli_refuses_to_overwrite_unless_forced(tmp_path: Path) -> None:
    out = tmp_path / "out.svg"
    out.write_text("mine")
    code, output = render(str(EXAMPLES / "e1-round.yaml"), "-o", str(out))
    assert code == 2
    assert "exists; use --force" in output
    assert out.read_text() == "mine"
    assert render(str(EXAMPLES / "e1-round.yaml"), "-o", str(out), "--force")[0] == 0
    assert out.read_text().startswith("<?xml")


def test_cli_never_overwrites_its_input(tmp_path: Path) -> None:
    document = tmp_path / "round.html"  # a YAML document with an unlucky name
    document.write_bytes((EXAMPLES / "e1-round.yaml").read_bytes())
    code, output = render(str(document), "-o", str(document), "--force")
    assert code == 2
    assert "is the input" in output
    assert document.read_bytes() == (EXAMPLES / "e1-round.yaml").read_bytes()


def test_cli_rejects_unknown_suffix_and_unusable_input(tmp_path: Path) -> None:
    code, output = render(str(EXAMPLES / "e1-round.yaml"), "-o", str(tmp_path / "e1.png"))
    assert code == 2 and "must end in .svg or .html" in output
    bad = tmp_path / "bad.yaml"
    bad.write_text("kind: round\nplayers: []\n")
    code, output = render(str(bad), "-o", str(tmp_path / "bad.svg"))
    assert code == 2 and "SC003" in output
    assert not (tmp_path / "bad.svg").exists()


def test_cli_picks_player_and_round(tmp_path: Path) -> None:
    out = tmp_path / "r2.svg"
    game = str(EXAMPLES / "game-short.yaml")
    assert render(game, "-o", str(out), "--round", "2", "--player", "Anna")[0] == 0
    root = ET.parse(out).getroot()
    assert [g.attrib["data-player"] for g in root.iter(f"{SVG}g") if "data-player" in g.attrib] == [
        "Anna"
    ]
    tiles = {
        (*cell(e), e.attrib["data-color"])
        for e in root.iter()
        if e.attrib.get("data-role") in ("tile", "new-tile")
    }
    assert tiles == {(1, 1, "B"), (2, 2, "B"), (1, 2, "Y")}  # the wall after round 2
    assert render(game, "-o", str(tmp_path / "x.svg"), "--round", "7")[0] == 2
    assert render(game, "-o", str(tmp_path / "x.svg"), "--player", "Eve")[0] == 2
    assert not (tmp_path / "x.svg").exists()
