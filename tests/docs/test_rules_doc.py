"""docs/rules.md states every rule, decision and worked example the code cites, and the rule
table of CONTRIBUTING.md names functions, codes and tests that exist."""

from __future__ import annotations

import importlib
import re
from pathlib import Path

from scorecheck.core.codes import CODES

ROOT = Path(__file__).resolve().parents[2]
RULES = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
CONTRIBUTING = (ROOT / "CONTRIBUTING.md").read_text(encoding="utf-8")
TABLE = [
    line.split("|")[1:-1]
    for line in CONTRIBUTING.split("## Rules in the code")[1]
    .split("### Adding a rule")[0]
    .splitlines()
    if re.match(r"\| [RD]\d", line)
]


def codes_in(text: str) -> set[str]:
    """'SC101, SC205–SC208' as the codes it names."""
    found = set(re.findall(r"SC\d{3}", text))
    for first, last in re.findall(r"SC(\d{3})–SC(\d{3})", text):
        found |= {f"SC{n}" for n in range(int(first), int(last) + 1)}
    return found


def test_every_rule_and_decision_is_written_out_and_in_the_table() -> None:
    rules = [f"R{n}" for n in range(1, 10)] + [f"D{n}" for n in range(1, 6)]
    for rule in rules:
        heading = f"## {rule} " if rule[0] == "R" else f"- **{rule} "
        assert heading in RULES, f"docs/rules.md does not state {rule}"
    assert {row[0].split()[0].split(".")[0] for row in TABLE} == set(rules)


def test_every_rule_is_cited_from_its_sources() -> None:
    for block in re.split(r"\n(?=- \*\*[RD]\d)", RULES.split("## R1 ")[1].split("## Worked")[0]):
        if block.startswith("- **"):
            assert re.search(r"\b00[0134]\b", block), f"no source cited: {block[:60]}"


def test_the_table_names_functions_that_exist() -> None:
    for row in TABLE:
        for name in re.findall(r"`(\w+)\.([\w.]+)`", row[1]):
            target: object = importlib.import_module(f"scorecheck.core.{name[0]}")
            for part in name[1].split("."):
                target = getattr(target, part)  # raises if the table names what is gone


def test_the_table_names_every_rule_code_and_only_real_ones() -> None:
    named = set().union(*(codes_in(row[2]) for row in TABLE))
    assert named <= set(CODES)
    with_a_rule = {code for code, info in CODES.items() if info.rule and code[2] != "0"}
    assert with_a_rule - named == set(), "codes missing from the rule table"


def test_the_table_names_tests_that_exist() -> None:
    for row in TABLE:
        for name in re.findall(r"test_\w+", row[3]):
            if any((ROOT / "tests").rglob(f"{name}.py")):
                continue
            bare = name.rstrip("_")  # test_d1_… names a test by its start
            assert any(
                bare in p.read_text(encoding="utf-8") for p in (ROOT / "tests").rglob("*.py")
            ), name


def test_every_worked_example_is_a_test() -> None:
    examples = (ROOT / "tests" / "core" / "test_worked_examples.py").read_text(encoding="utf-8")
    for number in range(1, 7):
        [line] = [line for line in RULES.splitlines() if line.startswith(f"- **E{number}**")]
        assert line, number
    named = re.findall(r"`(test_\w+)`", RULES.split("## Worked examples")[1])
    assert len(named) >= 8
    for name in named:
        assert f"def {name}(" in examples, name
