"""format_json writes exactly json.dumps(report_dict(report)), though orjson writes it, and
the same bytes where orjson is not installed."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

from scorecheck.api import check_files, check_text
from scorecheck.core.check import check
from scorecheck.core.documents import RoundDocument, RoundPlayer
from scorecheck.core.results import Report
from scorecheck.core.tiles import Board
from scorecheck.report.jsonfmt import format_json, format_json_bytes, report_dict
from tests.support.examples import EXAMPLES
from tests.support.simulator import play

BAD = Path(__file__).resolve().parents[1] / "bad"
ROOT = Path(__file__).resolve().parents[2]


def reference(report: Report) -> str:
    return json.dumps(report_dict(report), ensure_ascii=False, separators=(",", ":"))


def random_round(rng: random.Random) -> str:
    """A round document with random walls, lines, floors and claims, often wrong."""
    players = []
    for i in range(rng.randint(1, 4)):
        rows = [
            "".join(rng.choice(".....BYRKWx") for _ in range(5)) for _ in range(5)
        ]  # colours off their cells, full rows: all kinds of findings
        players.append(
            {
                "name": rng.choice(["Anna", "Boris", "Чиё", "千代", "Emi"]) + str(i),
                "score": rng.randint(0, 90),
                "wall": rows,
                "lines": ["".join(rng.choice("BYR") * rng.randint(0, 5)) for _ in range(5)],
                "floor": " ".join(rng.choice("1BYRKW") for _ in range(rng.randint(0, 9))),
                "claimed": {"points": [rng.randint(0, 9)], "score": rng.randint(0, 90)},
            }
        )
    document: dict[str, object] = {"kind": "round", "players": players}
    if rng.random() < 0.5:
        document["claimed"] = {"winner": players[0]["name"]}
    return json.dumps(document, ensure_ascii=False)


def every_report() -> list[Report]:
    reports = list(check_files([str(EXAMPLES), str(BAD)]))
    rng = random.Random(3)
    for _ in range(150):
        reports += check_text("random.json", random_round(rng))
    for seed in range(4):
        reports += check_text("game.json", json.dumps(play(2 + seed % 3, seed).record))
    return reports


def test_the_writer_gives_what_json_dumps_gives() -> None:
    reports = every_report()
    kinds = {r.kind for r in reports}
    assert kinds == {"round", "final", "game", None}
    assert sum(len(t.forfeits) for r in reports for rr in r.rounds for t in rr.tilings) > 0
    for report in reports:
        assert format_json(report) == reference(report)


def test_text_orjson_refuses_is_written_by_json() -> None:
    # A file name with undecodable bytes arrives with surrogates (os.fsdecode); orjson refuses it.
    name = b"partie-\xe9.json".decode("utf-8", "surrogateescape")
    name_text = 'Émilie \u2028 "Q" \\ 千代\x7f'
    board = Board.parse(name_text, 3, "B....//.....//.....//.....//.....", ["Y"] * 5)
    report = replace(check(RoundDocument((RoundPlayer(board),))), file=name)
    assert json.loads(format_json(report)) == json.loads(reference(report))
    assert json.loads(format_json(report))["file"] == name
    assert "\\udce9" in format_json(report)  # the JSON escape, in valid UTF-8


WITHOUT_ORJSON = """
import sys
sys.modules["orjson"] = None  # `import orjson` fails, as where it has no wheel (Pyodide)
from scorecheck.report import jsonfmt
from tests.test_json_writer import every_report
assert "orjson" not in vars(jsonfmt) or jsonfmt.orjson is None
for report in every_report():
    sys.stdout.buffer.write(jsonfmt.format_json_bytes(report) + b"\\n")
"""


def test_without_orjson_the_writer_writes_the_same_bytes() -> None:
    assert "orjson" in sys.modules  # here orjson writes them
    written = b"".join(format_json_bytes(report) + b"\n" for report in every_report())
    run = subprocess.run(
        [sys.executable, "-c", WITHOUT_ORJSON], cwd=ROOT, capture_output=True, check=True
    )
    assert written.count(b"\n") > 150
    assert run.stdout == written
