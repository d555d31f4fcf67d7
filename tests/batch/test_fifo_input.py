"""Only regular files are read: a named pipe, a socket or a device is refused at once (SC001,
exit 2), alone or inside a folder, while standard input ('-') is read as before.

Each check runs as its own process with a deadline, so a read that blocks fails the test
instead of hanging the run.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.support.examples import EXAMPLES

E1 = EXAMPLES / "e1-round.yaml"
DEADLINE = 20.0  # seconds; a refused pipe takes as long as a checked file (well under 2 s)
PIPE_SAYS = "cannot read the file: it is a named pipe (FIFO), not a regular file"

pytestmark = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")


def scorecheck(*args: str, stdin: bytes = b"", cwd: Path | None = None) -> tuple[int, str]:
    """Exit code and output of a scorecheck process, killed at the deadline."""
    done = subprocess.run(
        [sys.executable, "-m", "scorecheck.cli", "--lang", "en", *args],
        input=stdin,
        capture_output=True,
        timeout=DEADLINE,
        cwd=cwd,
    )
    return done.returncode, done.stdout.decode() + done.stderr.decode()


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    """A folder with a round to check, a named pipe called b.yaml and one called c.jsonl."""
    (tmp_path / "a.yaml").write_bytes(E1.read_bytes())
    os.mkfifo(tmp_path / "b.yaml")
    os.mkfifo(tmp_path / "c.jsonl")
    return tmp_path


@pytest.mark.parametrize("name", ["b.yaml", "c.jsonl"])
def test_a_named_pipe_is_refused_at_once(folder: Path, name: str) -> None:
    code, out = scorecheck("check", name, cwd=folder)
    assert code == 2
    assert f"{name}: error SC001 {PIPE_SAYS}; give a file, or '-' to read standard input" in out


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_named_pipe_in_a_folder_is_refused_and_the_rest_checked(folder: Path, jobs: str) -> None:
    code, out = scorecheck("check", "--jobs", jobs, "--summary", ".", cwd=folder)
    assert code == 2
    assert "a.yaml — round\n  OK: 0 errors" in out  # the real file is still checked
    assert f"b.yaml: error SC001 {PIPE_SAYS}" in out
    assert f"c.jsonl: error SC001 {PIPE_SAYS}" in out


@pytest.mark.parametrize("command", ["explain", "next", "render"])
def test_every_command_that_reads_a_file_refuses_a_pipe(folder: Path, command: str) -> None:
    extra = ["-o", "out.svg"] if command == "render" else []
    code, out = scorecheck(command, "b.yaml", *extra, cwd=folder)
    assert code == 2
    assert PIPE_SAYS in out or "cannot be read" in out
    assert not (folder / "out.svg").exists()


@pytest.fixture
def unix_socket(tmp_path: Path) -> Iterator[Path]:
    path = tmp_path / "s.yaml"
    with socket.socket(socket.AF_UNIX) as listening:
        listening.bind(str(path))
        yield path


def test_a_socket_and_a_device_are_refused_and_named(unix_socket: Path) -> None:
    code, out = scorecheck("check", str(unix_socket), os.devnull)
    assert code == 2
    says = "error SC001 cannot read the file: it is {}, not a regular file"
    assert "s.yaml: " + says.format("a socket") in out
    assert f"{os.devnull}: " + says.format("a device") in out


def test_a_folder_given_to_next_is_still_a_directory(folder: Path) -> None:
    code, out = scorecheck("next", ".", cwd=folder)
    assert code == 2
    assert ".: error SC001 cannot read the file: Is a directory" in out


def test_standard_input_is_still_read() -> None:
    code, out = scorecheck("check", "-", stdin=E1.read_bytes())
    assert code == 0 and "<stdin> — round" in out
    line = b'{"kind": "round", "players": [{"name": "Anna", "lines": ["B", "", "", "", ""]}]}\n'
    code, out = scorecheck("check", "--jsonl", "-", stdin=line * 3)
    assert code == 0
    assert [n for n in (1, 2, 3, 4) if f"<stdin>:{n} — round" in out] == [1, 2, 3]


def test_a_pipe_with_a_writer_is_refused_all_the_same(folder: Path) -> None:
    # Someone writes a good round into the pipe: it is still no regular file.
    writer = subprocess.Popen(["sh", "-c", f"cat {E1} > b.yaml"], cwd=folder)
    try:
        code, out = scorecheck("check", "b.yaml", cwd=folder)
    finally:
        writer.kill()
        writer.wait(timeout=DEADLINE)
    assert code == 2 and PIPE_SAYS in out
