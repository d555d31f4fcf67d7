"""The translation machinery: language choice, .po/.mo round trip, catalogues in the wheel."""

from __future__ import annotations

import gettext
import io
import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from scorecheck.i18n import DOMAINS, LANGUAGES, resolve_language
from scorecheck.po import Entry, compile_mo, format_po, parse_po
from scorecheck.textwidth import display_width, pad
from tests.support.examples import ROOT


@pytest.mark.parametrize(
    ("option", "env", "expected"),
    [
        ("ja", {"LANG": "ru_RU.UTF-8"}, "ja"),
        (None, {"LC_ALL": "ru_RU.UTF-8", "LANG": "ja_JP.UTF-8"}, "ru"),
        (None, {"LC_MESSAGES": "ja_JP.UTF-8", "LANG": "ru_RU"}, "ja"),
        (None, {"LANG": "ru_RU.UTF-8"}, "ru"),
        (None, {"LANG": "de_DE.UTF-8"}, "en"),
        (None, {"LANG": "C"}, "en"),
        (None, {}, "en"),
    ],
)
def test_language_comes_from_the_option_then_the_environment(
    option: str | None, env: dict[str, str], expected: str
) -> None:
    assert resolve_language(option, env) == expected


def test_po_round_trip_and_plural_forms() -> None:
    text = format_po(
        [
            Entry(
                "",
                msgstr=[
                    "Language: ru\nContent-Type: text/plain; charset=UTF-8\n"
                    "Plural-Forms: nplurals=3; plural=(n%10==1 && "
                    "n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || "
                    "n%100>=20) ? 1 : 2);\n"
                ],
            ),
            Entry(
                "{count} point",
                "{count} points",
                msgstr=["{count} очко", "{count} очка", "{count} очков"],
            ),
            Entry('say "hi"\\n', msgstr=["скажи «привет»"]),
            Entry("untranslated", msgstr=[""]),
        ]
    )
    entries = parse_po(text)
    assert [e.msgid for e in entries] == ["", "{count} point", 'say "hi"\\n', "untranslated"]
    translations = gettext.GNUTranslations(io.BytesIO(compile_mo(entries)))
    forms = {
        n: translations.ngettext("{count} point", "{count} points", n).format(count=n)
        for n in (1, 2, 5, 11, 21, 22, 25)
    }
    assert forms == {
        1: "1 очко",
        2: "2 очка",
        5: "5 очков",
        11: "11 очков",
        21: "21 очко",
        22: "22 очка",
        25: "25 очков",
    }
    assert translations.gettext('say "hi"\\n') == "скажи «привет»"
    assert translations.gettext("untranslated") == "untranslated"  # left out of the .mo


def test_display_width_counts_wide_characters_twice() -> None:
    assert display_width("Anna") == 4
    assert display_width("アンナ") == 6
    assert pad("アンナ", 8) == "アンナ  "
    assert pad("7点", 5, ">") == "  7点"


@pytest.mark.skipif(os.environ.get("SCORECHECK_SKIP_WHEEL") == "1", reason="asked to skip")
def test_the_built_wheel_carries_every_compiled_catalogue(tmp_path: Path) -> None:
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--quiet",
            "--no-deps",
            "-w",
            str(tmp_path),
            str(ROOT),
        ],
        check=True,
    )
    [wheel] = tmp_path.glob("scorecheck-*.whl")
    site = tmp_path / "site"
    with zipfile.ZipFile(wheel) as archive:  # a pure wheel installs as it unpacks (PEP 427)
        [metadata] = [n for n in archive.namelist() if n.endswith(".dist-info/WHEEL")]
        assert "Root-Is-Purelib: true" in archive.read(metadata).decode()
        archive.extractall(site)
    probe = (
        "import gettext, scorecheck.i18n as i\n"
        "for lang in i.LANGUAGES[1:]:\n"
        "    for domain in i.DOMAINS:\n"
        "        gettext.translation(domain, str(i.LOCALE_DIR), [lang], fallback=False)\n"
        "        i.catalogue(lang, domain, compiled_only=True)\n"
        "print(i.__file__)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe],
        cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": str(site)},
        capture_output=True,
        text=True,
        check=True,
    )
    assert done.stdout.strip().startswith(str(site))
    mo_files = sorted(p.relative_to(site).as_posix() for p in site.rglob("*.mo"))
    assert mo_files == sorted(
        f"scorecheck/locale/{lang}/LC_MESSAGES/{domain}.mo"
        for lang in LANGUAGES[1:]
        for domain in DOMAINS
    )
