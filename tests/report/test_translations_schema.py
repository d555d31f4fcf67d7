"""`scorecheck schema` in Russian and Japanese: every description and the root's title
translated, nothing else."""

from __future__ import annotations

import json
import re

import pytest
from click.testing import CliRunner

from scorecheck.cli import main
from scorecheck.i18n import catalogue
from scorecheck.report.schema import descriptions, translated
from tests.support.catalogues import missing_translations
from tests.support.examples import ROOT

ENGLISH = json.loads((ROOT / "scorecheck" / "schema.json").read_text(encoding="utf-8"))
# What a translated description keeps in Latin letters: the document's keys and values.
KEPT = re.compile(
    r"kind: (round|final|game)|B Y R K W|scorecheck|(?<![A-Za-z])(marker|null|x)(?![A-Za-z])"
)


def _printed(*args: str) -> object:
    result = CliRunner().invoke(main, list(args))
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def _without_descriptions(node: object) -> object:
    """The schema with each translated text replaced by a mark: what must not change."""
    assert isinstance(node, dict)
    text = json.dumps(node, ensure_ascii=False)
    for description in set(translated(node)):
        text = text.replace(json.dumps(description, ensure_ascii=False), '"…"')
    return json.loads(text)


def test_the_schema_has_descriptions_to_translate() -> None:
    assert len(set(descriptions(ENGLISH))) >= 13
    assert not missing_translations().get(("ru", "schema"))
    assert not missing_translations().get(("ja", "schema"))


@pytest.mark.parametrize("language", ["ru", "ja"])
def test_schema_gives_every_description_in_the_language_and_nothing_else(language: str) -> None:
    printed = _printed("schema", "--lang", language)
    assert printed == _printed("--lang", language, "schema")  # the group's --lang holds too
    assert isinstance(printed, dict)
    english, shown = translated(ENGLISH), translated(printed)
    assert len(shown) == len(english) == len(descriptions(ENGLISH)) + 1  # the title first
    words = catalogue(language, "schema")
    for source, text in zip(english, shown, strict=True):
        assert text == words.gettext(source) != source, source
        assert not re.search("[A-Za-z]{3}", KEPT.sub("", text)), text  # no English left
    assert _without_descriptions(printed) == _without_descriptions(ENGLISH)
    assert printed != ENGLISH


def test_english_schema_is_the_shipped_file_byte_for_byte() -> None:
    shipped = (ROOT / "scorecheck" / "schema.json").read_text(encoding="utf-8")
    assert CliRunner().invoke(main, ["schema", "--lang", "en"]).output == shipped


def test_japanese_descriptions_all_end_as_sentences_and_the_title_is_a_name() -> None:
    # The objects' descriptions ended with 「。」 and the fields' did not (ja review F19).
    printed = _printed("schema", "--lang", "ja")
    assert isinstance(printed, dict)
    assert printed["title"] == "scorecheckの記録ファイル"
    endings = {text[-1] for text in descriptions(printed)}
    assert endings == {"。"}, endings
