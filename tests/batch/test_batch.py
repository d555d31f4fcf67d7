"""Many inputs in one run: directories, JSON Lines archives, --jobs, --summary."""

from __future__ import annotations

import functools
import gc
import json
import os
import shutil
import signal
import struct
import subprocess
import sys
import threading
import time
import warnings
import weakref
from pathlib import Path
from typing import Any

import pytest
import yaml
from click.testing import CliRunner

from scorecheck import batch, chunks, inputs, plainrounds, pool
from scorecheck.api import check_files
from scorecheck.cli import main
from scorecheck.core.maximum import shapes
from scorecheck.load import fast
from tests.support.checking import codes
from tests.support.examples import EXAMPLES
from tests.support.fresh import in_fresh_process
from tests.support.workload import workload

# The documents under examples/: each YAML example, and each again in examples/archive.jsonl.
EXAMPLE_DOCUMENTS = 2 * len(list(EXAMPLES.glob("*.yaml")))


def run_check(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, ["check", *args])
    return result.exit_code, result.output


def example_line(name: str, **changes: object) -> str:
    """An example document as one JSON line, with some top-level keys changed."""
    document = yaml.safe_load((EXAMPLES / name).read_text(encoding="utf-8"))
    document.update(changes)
    return json.dumps(document)


@functools.cache  # the same few lines, many times over
def wrong_score(n: int) -> str:
    """e1-round with Anna's claimed score off by n (n = 0: correct)."""
    document = yaml.safe_load((EXAMPLES / "e1-round.yaml").read_text(encoding="utf-8"))
    document["players"][0]["claimed"]["score"] += n
    return json.dumps(document)


# --- Directories ------------------------------------------------------------------------------


def test_a_directory_is_searched_recursively_in_sorted_order(tmp_path: Path) -> None:
    (tmp_path / "b").mkdir()
    (tmp_path / "b" / "inner").mkdir()
    (tmp_path / ".hidden").mkdir()
    shutil.copy(EXAMPLES / "final.yaml", tmp_path / "b" / "z.yml")
    shutil.copy(EXAMPLES / "final.yaml", tmp_path / "b" / "inner" / "a.yaml")
    shutil.copy(EXAMPLES / "final.yaml", tmp_path / "a.yaml")
    shutil.copy(EXAMPLES / "final.yaml", tmp_path / ".hidden" / "skipped.yaml")
    shutil.copy(EXAMPLES / "final.yaml", tmp_path / "notes.txt")
    (tmp_path / "c.json").write_text(example_line("e1-round.yaml"), encoding="utf-8")
    (tmp_path / "d.jsonl").write_text(wrong_score(0) + "\n", encoding="utf-8")

    files = [r.file for r in check_files([str(tmp_path)])]

    assert files == [
        str(tmp_path / "a.yaml"),
        str(tmp_path / "b" / "inner" / "a.yaml"),
        str(tmp_path / "b" / "z.yml"),
        str(tmp_path / "c.json"),
        str(tmp_path / "d.jsonl"),
    ]


def test_a_directory_without_documents_is_reported(tmp_path: Path) -> None:
    (tmp_path / "notes.txt").write_text("kind: round\n", encoding="utf-8")
    [report] = check_files([str(tmp_path)])
    assert codes(report) == ["SC001"]
    assert "no .yaml, .yml, .json or .jsonl files" in report.violations[0].message


def test_files_and_directories_mix_in_the_order_given(tmp_path: Path) -> None:
    shutil.copy(EXAMPLES / "final.yaml", tmp_path / "x.yaml")
    given = [str(EXAMPLES / "e1-round.yaml"), str(tmp_path), str(EXAMPLES / "final.yaml")]
    assert [r.file for r in check_files(given)] == [
        given[0],
        str(tmp_path / "x.yaml"),
        given[2],
    ]


# --- JSON Lines ---------------------------------------------------------------------------------


def test_each_line_is_a_document_located_by_its_line(tmp_path: Path) -> None:
    archive = tmp_path / "games.jsonl"
    archive.write_text(
        "\n".join([wrong_score(0), "", wrong_score(3), "   ", wrong_score(0)]) + "\n",
        encoding="utf-8",
    )
    reports = list(check_files([str(archive)]))

    assert [r.line for r in reports] == [1, 3, 5]  # blank lines are skipped, still counted
    assert [codes(r) for r in reports] == [[], ["SC204"], []]
    location = reports[1].violations[0].location
    line_text = archive.read_text(encoding="utf-8").splitlines()[2]
    assert (location.file, location.line) == (str(archive), 3)
    assert location.column is not None
    assert line_text[location.column - 1 :].startswith("20")  # the claimed score, 17 + 3


def test_positions_inside_a_line_match_the_same_document_alone(tmp_path: Path) -> None:
    alone = tmp_path / "one.json"
    alone.write_text(wrong_score(3), encoding="utf-8")
    archive = tmp_path / "many.jsonl"
    archive.write_text(wrong_score(0) + "\n" + wrong_score(0) + "\n" + wrong_score(3) + "\n")

    [single] = check_files([str(alone)])
    [*_, third] = check_files([str(archive)])

    line = single.violations[0].location.line
    assert line is not None and third.violations[0].location.line == line + 2
    assert third.violations[0].location.column == single.violations[0].location.column
    assert third.violations[0].message == single.violations[0].message


def test_syntax_and_contract_errors_are_located_on_their_line(tmp_path: Path) -> None:
    archive = tmp_path / "bad.jsonl"
    archive.write_text(
        wrong_score(0) + "\n" + '{"kind": "round", "players": [{"score": -1}]}\n{"kind": \n'
    )
    reports = list(check_files([str(archive)]))

    assert [codes(r) for r in reports] == [[], ["SC003"], ["SC002"]]
    contract, syntax = reports[1].violations[0], reports[2].violations[0]
    assert (contract.location.line, contract.location.column) == (2, 41)
    assert contract.message == "score must be at least 0, got the number -1"
    assert syntax.location.line == 3
    assert [r.line for r in reports] == [1, 2, 3]


def test_max_bytes_limits_each_line_of_an_archive(tmp_path: Path) -> None:
    short, long = wrong_score(0), example_line("game-short.yaml")
    archive = tmp_path / "a.jsonl"
    archive.write_text(f"{short}\n{long}\n{short}")  # no newline at the end
    limit = len(short.encode())

    reports = list(check_files([str(archive)], max_bytes=limit))

    assert [codes(r) for r in reports] == [[], ["SC001"], []]
    assert reports[1].violations[0].location.line == 2
    assert f"over the limit of {limit:,} bytes" in reports[1].violations[0].message


@pytest.mark.parametrize("range_bytes", [1, 7, 30, 1 << 20])
@pytest.mark.parametrize("ending", [b"", b"\n", b"\r\n"])
def test_ranges_read_at_once_give_the_lines_read_one_by_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, range_bytes: int, ending: bytes
) -> None:
    archive = tmp_path / "a.jsonl"
    lines = [b"x" * 9, b"", b"   ", b"y" * 10, b"z" * 11 + b"\r", b"\r", b"w" * 30, b"v"]
    archive.write_bytes(b"\n".join(lines) + ending)
    monkeypatch.setattr(inputs, "RANGE_BYTES", range_bytes)

    def listed() -> list[tuple[object, ...]]:
        found: list[tuple[object, ...]] = []
        for unit in inputs.units([str(archive)], 10):
            assert isinstance(unit, inputs.RangeUnit)
            found += inputs.archive_units(unit.path, 10, unit.start, unit.end, unit.number)
        return [(type(u).__name__, *u[1:3]) if u[1:] else (u,) for u in found]

    at_once = listed()
    monkeypatch.setattr(inputs, "_WHOLE_RANGE", 0)
    assert listed() == at_once
    assert [u[:2] for u in at_once] == [
        ("LineUnit", 1),
        ("LineUnit", 4),
        ("ProblemUnit", "SC001"),
        ("ProblemUnit", "SC001"),
        ("LineUnit", 8),
    ]


def test_an_archive_that_cannot_be_opened_is_reported(tmp_path: Path) -> None:
    [report] = check_files([str(tmp_path / "missing.jsonl")])
    assert codes(report) == ["SC001"]


def test_json_reports_carry_the_line(tmp_path: Path) -> None:
    archive = tmp_path / "a.jsonl"
    archive.write_text("\n" + wrong_score(1) + "\n")
    status, output = run_check("--format", "json", str(archive))
    [line] = output.splitlines()
    data = json.loads(line)
    assert (status, data["file"], data["line"]) == (1, str(archive), 2)
    assert data["violations"][0]["line"] == 2


def test_text_reports_name_the_line(tmp_path: Path) -> None:
    archive = tmp_path / "a.jsonl"
    archive.write_text(wrong_score(0) + "\n" + wrong_score(0) + "\n")
    status, output = run_check(str(archive))
    headers = [line for line in output.splitlines() if " — " in line]
    assert status == 0
    assert headers == [f"{archive}:1 — round", f"{archive}:2 — round"]


# --- Memory in the calling process ---------------------------------------------------------------


class _Cycle:
    """An object that refers to itself: only the cyclic garbage collector frees it."""

    def __init__(self) -> None:
        self.itself = self


def test_a_run_in_the_calling_process_frees_cyclic_garbage_though_the_collector_is_off(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """batch.run keeps the automatic collector off; its own passes free what it leaves, so
    a program that makes cycles while it checks does not grow without bound."""
    archive = tmp_path / "a.jsonl"
    archive.write_text(wrong_score(0) + "\n", encoding="utf-8")
    monkeypatch.setattr(chunks, "COLLECT_EVERY", 1)
    gc.disable()  # the cycle stays until a pass of the run frees it
    try:
        cycle = _Cycle()
        gone = weakref.ref(cycle)
        del cycle
        results = list(batch.run([str(archive)], chunks.Options(fmt="json")))
        freed = gone() is None
    finally:
        gc.enable()
    assert len(results) == 1
    assert freed


def test_a_run_in_the_calling_process_leaves_no_cyclic_garbage(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """What outlives a chunk forms no reference cycles, so the caller's passes over the young
    generations alone (checked) leave none behind: lines of the plain-round path and of the general
    path, YAML files, and every cache emptied again and again."""
    archive = workload().write_archive(tmp_path / "a.jsonl", 300, broken_every=3)
    monkeypatch.setattr(chunks, "COLLECT_EVERY", 1)
    monkeypatch.setattr(fast, "CACHE_LIMIT", 50)
    monkeypatch.setattr(plainrounds.ROWS_AND_LINES, "limit", 50)
    monkeypatch.setattr(shapes, "GROUP_CACHE_LIMIT", 50)
    gc.collect()
    gc.disable()
    try:
        for fmt in ("json", "text"):
            for _ in batch.run([str(archive), str(EXAMPLES)], chunks.Options(fmt=fmt)):
                pass
        left = gc.collect()
    finally:
        gc.enable()
    assert left == 0


# --- Parallel checking ----------------------------------------------------------------------------


def make_chunks_small(patch: pytest.MonkeyPatch) -> None:
    """Chunks of a few lines, so that a short archive spreads over the worker processes."""
    patch.setattr(chunks, "CHUNK_COST", 3)
    patch.setattr(inputs, "RANGE_BYTES", 150)


@pytest.fixture
def small_chunks(monkeypatch: pytest.MonkeyPatch) -> None:
    make_chunks_small(monkeypatch)


def mixed_inputs(tmp_path: Path) -> list[str]:
    archive = tmp_path / "mixed.jsonl"
    archive.write_text(
        "\n".join(wrong_score(n % 3) if n % 7 else "{broken" for n in range(40)) + "\n"
    )
    return [str(archive), str(EXAMPLES), str(archive)]


@pytest.mark.usefixtures("small_chunks")
@pytest.mark.parametrize("fmt", ["json", "text"])
def test_jobs_keep_the_output_of_one_job(tmp_path: Path, fmt: str) -> None:
    inputs = mixed_inputs(tmp_path)
    one = run_check("--jobs", "1", "--format", fmt, "--summary", *inputs)
    three = run_check("--jobs", "3", "--format", fmt, "--summary", *inputs)
    assert one == three
    assert one[0] == 2  # the broken lines
    documents = 80 + EXAMPLE_DOCUMENTS
    assert (f"{documents} documents" in one[1]) or (f'"documents":{documents}' in one[1])


@pytest.mark.usefixtures("small_chunks")
def test_parallel_chunks_really_run_elsewhere(tmp_path: Path) -> None:
    results = list(batch.run(mixed_inputs(tmp_path), chunks.Options(fmt="json"), jobs=2))
    assert len(results) > 2
    lines = [line for r in results if isinstance(r.output, list) for line in r.output]
    assert len(lines) == 80 + EXAMPLE_DOCUMENTS


class _NotSendable(Exception):
    def __init__(self, reason: str, detail: str) -> None:  # pickle cannot rebuild it
        super().__init__(reason)


def _boom(chunk: list[inputs.Unit], options: chunks.Options) -> chunks.ChunkResult:
    raise ValueError("boom")


def _odd(chunk: list[inputs.Unit], options: chunks.Options) -> chunks.ChunkResult:
    raise _NotSendable("odd", "detail")


def _exits(chunk: list[inputs.Unit], options: chunks.Options) -> chunks.ChunkResult:
    os._exit(9)


def _dies_half_way_through_a_message(
    tasks: object, results: Any, inboxes: object, turn: object
) -> None:
    # A length that promises a megabyte, ten bytes of it, and the end (OOM killer, SIGKILL).
    os.write(results.fileno(), struct.pack("!i", 1_000_000) + b"x" * 10)
    os._exit(9)


def with_workers(name: str, replacement: object, paths: list[str], cli: bool) -> tuple[int, str]:
    """pool's `name` replaced, in a fresh process of one thread (in_fresh_process), so that its
    workers are forked with the replacement: the CLI's exit code and output with --jobs 2 and
    JSON, or batch.run to the end (raising what it raises)."""
    with pytest.MonkeyPatch.context() as patch:
        make_chunks_small(patch)
        patch.setattr(pool, name, replacement)
        if cli:
            return run_check("--jobs", "2", "--format", "json", *paths)
        results = list(batch.run(paths, chunks.Options(fmt="json"), jobs=2))
        return 0, f"{len(results)} chunks"


def test_an_error_in_a_worker_stops_the_check_with_its_reason(tmp_path: Path) -> None:
    paths = mixed_inputs(tmp_path)
    code, output = in_fresh_process(with_workers, "checked", _boom, paths, True)
    assert code == 3
    assert "scorecheck failed" in output and "boom" in output
    with pytest.raises(ValueError, match="boom"):  # the worker's own exception
        in_fresh_process(with_workers, "checked", _boom, paths, False)


def test_an_error_that_cannot_cross_processes_is_described(tmp_path: Path) -> None:
    with pytest.raises(RuntimeError, match="_NotSendable: odd"):
        in_fresh_process(with_workers, "checked", _odd, mixed_inputs(tmp_path), False)


def test_a_worker_that_dies_stops_the_check_instead_of_hanging(tmp_path: Path) -> None:
    paths = mixed_inputs(tmp_path)
    with pytest.raises(RuntimeError, match="exit code 9"):
        in_fresh_process(with_workers, "checked", _exits, paths, False)
    code, output = in_fresh_process(with_workers, "checked", _exits, paths, True)
    assert code == 3 and "worker process stopped" in output


def test_a_worker_that_dies_mid_message_stops_the_check_instead_of_hanging(
    tmp_path: Path,
) -> None:
    worker = _dies_half_way_through_a_message
    with pytest.raises(RuntimeError, match="exit code 9"):
        in_fresh_process(with_workers, "_work", worker, mixed_inputs(tmp_path), False)


@pytest.mark.skipif(sys.platform != "linux", reason="fork is the pool's choice on Linux only")
def test_the_pool_forks_only_in_a_process_of_one_thread(tmp_path: Path, small_chunks: None) -> None:
    """A child forked beside another thread may deadlock on a lock that thread held (Python
    3.12 and later warn of it): a program with threads of its own gets the same reports from
    workers that are not forked, and its output is left to it, as only a forked worker holds
    the parent's output."""
    assert in_fresh_process(pool.start_method) == "fork"
    paths = mixed_inputs(tmp_path)
    alone = [line for r in batch.run(paths, chunks.Options(fmt="json")) for line in r.output]
    stop = threading.Event()
    other = threading.Thread(target=stop.wait)
    other.start()
    try:
        with warnings.catch_warnings(record=True) as caught, (tmp_path / "out").open("wb") as out:
            warnings.simplefilter("always")
            method = pool.start_method()
            results = list(batch.run(paths, chunks.Options(fmt="json"), 2, out.fileno()))
    finally:
        stop.set()
        other.join()
    assert method == "forkserver"
    assert not any(r.written for r in results) and (tmp_path / "out").read_bytes() == b""
    assert [line for r in results for line in r.output] == alone
    assert [str(w.message) for w in caught if "fork()" in str(w.message)] == []


def test_standard_input_is_read_in_order_with_jobs(
    tmp_path: Path, small_chunks: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    inputs = mixed_inputs(tmp_path)
    stdin = (EXAMPLES / "final.yaml").read_text(encoding="utf-8")
    result = CliRunner().invoke(
        main, ["check", "--jobs", "2", "--format", "json", inputs[0], "-", inputs[0]], input=stdin
    )
    files = [json.loads(line)["file"] for line in result.output.splitlines()]
    assert files == [inputs[0]] * 40 + ["<stdin>"] + [inputs[0]] * 40


def scorecheck(
    *args: str, stdin: bytes = b"", timeout: float | None = None
) -> subprocess.CompletedProcess[bytes]:
    """The command in a process of its own: its standard output is a real pipe."""
    command = [sys.executable, "-m", "scorecheck.cli", *args]
    return subprocess.run(command, input=stdin, capture_output=True, check=False, timeout=timeout)


@pytest.fixture(scope="module")
def long_archive(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Round documents enough for several ranges of RANGE_BYTES, some wrong, one broken."""
    lines = [wrong_score(n % 3) for n in range(3 * inputs.RANGE_BYTES // 200)]
    lines[100] = "{broken"
    path = tmp_path_factory.mktemp("long") / "long.jsonl"
    path.write_text("\n".join(lines) + "\n")
    return path


def test_workers_write_in_input_order_to_a_real_output(long_archive: Path) -> None:
    # Workers write JSON reports straight to standard output when it is a file or pipe.
    stdin = (EXAMPLES / "final.yaml").read_bytes()
    args = ["check", "--format", "json", "--summary", str(long_archive), "-", str(long_archive)]
    one = scorecheck(*args, "--jobs", "1", stdin=stdin)
    two = scorecheck(*args, "--jobs", "2", stdin=stdin)
    # Asserted apart, so that a failure says which differs (it failed once in a full suite,
    # and not in 584 runs alone under load since).
    assert two.stderr == b"", two.stderr.decode(errors="replace")
    assert two.returncode == one.returncode, (one.stderr, two.stderr)
    reports = one.stdout.splitlines()
    assert two.stdout == one.stdout, _first_difference(reports, two.stdout.splitlines())
    count = len(long_archive.read_text().splitlines())
    assert len(reports) == 2 * count + 2  # two archives, standard input, the summary
    assert json.loads(reports[count])["file"] == "<stdin>"
    assert [json.loads(r)["line"] for r in reports[:count]] == list(range(1, count + 1))
    assert one.returncode == 2  # the broken line


def _first_difference(want: list[bytes], got: list[bytes]) -> str:
    """Where two outputs part: the line number, and both lines (or which one ended)."""
    for number, (a, b) in enumerate(zip(want, got, strict=False), 1):
        if a != b:
            return f"line {number}: want {a[:200]!r}, got {b[:200]!r}"
    return f"want {len(want)} lines, got {len(got)}"


@pytest.mark.parametrize("count", [0, 1, 511, 512, 1500])
def test_lines_are_written_whole_in_any_number(tmp_path: Path, count: int) -> None:
    # A writev takes at most 1024 buffers: 512 lines with their line ends.
    lines = [f'{{"n":{n}}}'.encode() * (n % 7 + 1) for n in range(count)]
    path = tmp_path / "out.jsonl"
    with path.open("wb") as out:
        chunks.write_lines(out.fileno(), lines)
    assert path.read_bytes() == b"".join(line + b"\n" for line in lines)


def test_a_reader_that_stops_early_stops_the_check_quietly(long_archive: Path) -> None:
    command = [sys.executable, "-m", "scorecheck.cli", "check", "--format", "json", "--jobs", "2"]
    with subprocess.Popen(
        [*command, str(long_archive)], stdout=subprocess.PIPE, stderr=subprocess.PIPE
    ) as process:
        assert process.stdout is not None and process.stderr is not None
        first = process.stdout.readline()
        process.stdout.close()  # as `| head -1` does
        error = process.stderr.read()
        status = process.wait(timeout=60)
    assert json.loads(first)["line"] == 1
    assert (status, error) == (1, b"")  # click's way to stop for a closed output


def test_many_jobs_and_long_tasks_do_not_deadlock(tmp_path: Path) -> None:
    # 600 files under a long path: chunks of ten paths, 24 workers, so the chunks in flight
    # overfill the task pipe while the workers wait to send their results back.
    deep = tmp_path.joinpath("d" * 60, "e" * 60)
    deep.mkdir(parents=True)
    for n in range(600):
        shutil.copy(EXAMPLES / "grey-round.yaml", deep / f"round-{n:03}.yaml")
    many = scorecheck("check", "--jobs", "24", str(tmp_path), timeout=120)
    one = scorecheck("check", "--jobs", "1", str(tmp_path), timeout=120)
    assert (many.returncode, many.stdout, many.stderr) == (one.returncode, one.stdout, b"")
    assert b"round-000.yaml" in one.stdout and b"round-599.yaml" in one.stdout


def _children(pid: int) -> list[int]:
    with open(f"/proc/{pid}/task/{pid}/children") as listing:
        return [int(child) for child in listing.read().split()]


def _running(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"
    except FileNotFoundError:
        return False


@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="reads /proc (Linux)")
def test_workers_stop_when_the_parent_is_killed(tmp_path: Path) -> None:
    archive = tmp_path / "big.jsonl"  # long enough to be killed half-way through (~2 s of work)
    archive.write_text("\n".join(wrong_score(n % 3) for n in range(40_000)) + "\n")
    command = [sys.executable, "-m", "scorecheck.cli", "check", "--format", "json", "--jobs", "2"]
    with (tmp_path / "out.jsonl").open("wb") as out:
        process = subprocess.Popen([*command, str(archive)], stdout=out)
    deadline = time.monotonic() + 30
    while len(workers := _children(process.pid)) < 2 and time.monotonic() < deadline:
        time.sleep(0.01)
    process.kill()  # mid-run, no clean-up at all: the workers must notice it and stop
    assert process.wait(timeout=30) == -signal.SIGKILL  # killed, not finished
    assert len(workers) == 2
    while any(map(_running, workers)) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not any(map(_running, workers))


# --- Summary --------------------------------------------------------------------------------------


def test_summary_counts_documents_severities_and_codes(tmp_path: Path) -> None:
    archive = tmp_path / "a.jsonl"
    archive.write_text("\n".join([wrong_score(0), wrong_score(2), wrong_score(5), "[]"]) + "\n")
    status, output = run_check("--summary", str(archive), str(EXAMPLES / "e1-round.yaml"))
    assert status == 2
    assert output.splitlines()[-4:] == [  # each code's summary for people; its name is JSON's
        "Summary: 5 documents (3 not OK): 3 errors, 0 warnings, 0 notes",
        "  code   times  what it means",
        "  SC003      1  The document does not follow the format scorecheck reads (a missing key, "
        "a wrong value).",
        "  SC204      2  The claimed score after the round is wrong.",
    ]
    status, output = run_check("--summary", str(EXAMPLES / "e1-round.yaml"))
    assert output.splitlines()[-1] == (
        "Summary: 1 document, none with errors: 0 errors, 0 warnings, 0 notes"
    )


def test_summary_in_json_is_the_last_line(tmp_path: Path) -> None:
    archive = tmp_path / "a.jsonl"
    archive.write_text("\n".join([wrong_score(0), wrong_score(2)]) + "\n")
    status, output = run_check("--format", "json", "--summary", str(archive))
    *reports, last = [json.loads(line) for line in output.splitlines()]
    assert status == 1
    assert len(reports) == 2
    assert last == {
        "schema": 1,
        "summary": {
            "documents": 2,
            "not_ok": 1,
            "errors": 1,
            "warnings": 0,
            "infos": 0,
            "codes": {"SC204": 1},
        },
    }


def test_no_summary_without_the_flag(tmp_path: Path) -> None:
    status, output = run_check(str(EXAMPLES / "e1-round.yaml"))
    assert status == 0
    assert "Summary" not in output


def test_summary_and_archive_messages_speak_the_chosen_language(tmp_path: Path) -> None:
    archive = tmp_path / "a.jsonl"
    archive.write_text(wrong_score(0) + "\n" + wrong_score(2) + "\n")
    status, output = run_check("--lang", "ru", "--summary", str(archive))
    assert output.splitlines()[-3:] == [
        "Итого 2 документа, из них 1 с ошибками: 1 ошибка, 0 предупреждений, 0 замечаний",
        "  код    сколько раз  что это значит",
        "  SC204            1  Неверно записан счёт после раунда.",
    ]
    status, output = run_check("--lang", "ja", "--summary", str(EXAMPLES / "e1-round.yaml"))
    assert output.splitlines()[-1] == (
        "合計1件の記録（エラーのある記録はありません）、エラー0件、警告0件、情報0件"
    )
    empty = tmp_path / "empty"
    empty.mkdir()
    status, output = run_check("--lang", "ja", "--format", "json", "--max-bytes", "10", str(empty))
    [message] = [v["message"] for v in json.loads(output)["violations"]]
    assert (status, message.endswith("ファイルがありません")) == (2, True)


# --- Standard input as JSON Lines, hidden files (issue 18 items 20 and 24) -------------------


def test_standard_input_can_be_json_lines() -> None:
    lines = [wrong_score(0), "", wrong_score(2), '{"kind": "round"']
    for fmt in ("text", "json"):
        result = CliRunner().invoke(
            main, ["check", "--jsonl", "--format", fmt, "-"], input="\n".join(lines) + "\n"
        )
        assert result.exit_code == 2, result.output  # the cut-off line 4
        if fmt == "json":
            reports = [json.loads(line) for line in result.output.splitlines()]
            assert [(r["file"], r["line"], r["ok"]) for r in reports] == [
                ("<stdin>", 1, True),
                ("<stdin>", 3, False),
                ("<stdin>", 4, False),
            ]
        else:
            assert "<stdin>:3 — round" in result.output
            assert "<stdin>:4:17: error SC002" in result.output


def test_several_json_documents_one_a_line_are_named_json_lines(tmp_path: Path) -> None:
    two = wrong_score(0) + "\n" + wrong_score(1) + "\n"
    (tmp_path / "two.json").write_text(two, encoding="utf-8")
    for args, text in ((["-"], two), ([str(tmp_path / "two.json")], None)):
        result = CliRunner().invoke(main, ["check", *args], input=text)
        assert result.exit_code == 2
        assert ":2:1: error SC002 several JSON documents, one a line (JSON Lines)" in result.output
        assert "--jsonl" in result.output
    # A near miss: two documents on one line are not JSON Lines, and get the usual message.
    (tmp_path / "one.json").write_text(wrong_score(0) + " " + wrong_score(1), encoding="utf-8")
    [report] = check_files([str(tmp_path / "one.json")])
    assert "more text after the end of the document" in report.violations[0].message


def test_hidden_files_and_folders_are_skipped_in_a_directory_and_help_says_so(
    tmp_path: Path,
) -> None:
    (tmp_path / ".git").mkdir()
    shutil.copy(EXAMPLES / "final.yaml", tmp_path / ".git" / "a.yaml")
    shutil.copy(EXAMPLES / "final.yaml", tmp_path / ".draft.yaml")
    shutil.copy(EXAMPLES / "final.yaml", tmp_path / "b.yaml")
    assert [r.file for r in check_files([str(tmp_path)])] == [str(tmp_path / "b.yaml")]
    named = check_files([str(tmp_path / ".draft.yaml")])  # named on its own, it is checked
    assert [r.kind for r in named] == ["final"]
    usage = CliRunner().invoke(main, ["check", "--help"]).output
    assert "hidden files and folders, whose names start with '.', are skipped" in " ".join(
        usage.split()
    )
