"""The input edge: turns YAML and JSON files into domain documents, or into located problems.

Valid documents take the fast path (fast.py); pydantic is imported only when the models must
decide or explain, because importing it costs more than checking a small file.
"""

from __future__ import annotations

import errno
import os
import stat
import sys
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, BinaryIO

from scorecheck.core.documents import KINDS, Document
from scorecheck.core.limits import DEFAULT_MAX_BYTES
from scorecheck.core.results import Report
from scorecheck.core.violations import Location, Phrase, Violation
from scorecheck.load.errors import NO_DOCUMENT, InputError
from scorecheck.load.fast import fast_document, fast_json_document
from scorecheck.load.jsonread import read_json
from scorecheck.load.locate import JsonSource
from scorecheck.load.positions import DocumentSource, Positions
from scorecheck.load.text import clean, decode, looks_like_json

if TYPE_CHECKING:
    from pydantic import TypeAdapter

__all__ = ["DEFAULT_MAX_BYTES", "load_bytes", "load_file", "load_json_line", "schema"]

STDIN_NAME = "<stdin>"  # standard input ('-'), as reports name it
_adapter: TypeAdapter[Any] | None = None


def document_adapter() -> TypeAdapter[Any]:
    """The pydantic adapter of the document models, made on first use (pydantic is slow)."""
    global _adapter
    if _adapter is None:
        from pydantic import TypeAdapter

        from scorecheck.load.models import DocumentModel

        _adapter = TypeAdapter(DocumentModel)
    return _adapter


def schema() -> dict[str, Any]:
    """The JSON Schema of round, final and game documents."""
    result = document_adapter().json_schema()
    result["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    result["title"] = "scorecheck document"
    return result


def failure(
    file: str,
    code: str,
    reason: Phrase,
    line: int | None = None,
    column: int | None = None,
    kind: str | None = None,
) -> Report:
    """A report for input that cannot be checked; the reason is translated where it is shown."""
    violation = Violation(code, {"reason": reason}, Location(file, line, column))
    return Report(file, kind, (), None, (violation,))


def load_file(path: str, max_bytes: int = DEFAULT_MAX_BYTES) -> Iterator[Document | Report]:
    """Every document in a file ('-' is standard input), or a report saying why it can't be read."""
    size = None
    try:
        if path == "-":
            data = sys.stdin.buffer.read(max_bytes + 1)
        else:
            with open_regular(path) as handle:
                # The real size, for the message when the file is too large.
                size = os.fstat(handle.fileno()).st_size or None
                data = handle.read(max_bytes + 1)
    except OSError as exc:
        yield failure(path, "SC001", os_reason(exc))
        return
    yield from load_bytes(STDIN_NAME if path == "-" else path, data, max_bytes, size)


# The system's own words for the usual failures to open a file, so that they can be translated.
_OS_ERRORS = {
    errno.ENOENT: Phrase("No such file or directory", domain="input"),
    errno.EACCES: Phrase("Permission denied", domain="input"),
    errno.EISDIR: Phrase("Is a directory", domain="input"),
    errno.ENOTDIR: Phrase("Not a directory", domain="input"),
    errno.ENAMETOOLONG: Phrase("File name too long", domain="input"),
}


class NotRegularFile(OSError):
    """A path that names a pipe, a device or a socket: reading it could wait forever."""

    def __init__(self, kind: Phrase) -> None:
        super().__init__(errno.EINVAL, str(kind))
        self.reason = Phrase(
            "it is {kind}, not a regular file; give a file, or '-' to read standard input",
            {"kind": kind},
            domain="input",
        )


_NOT_REGULAR = {
    stat.S_IFIFO: Phrase("a named pipe (FIFO)", domain="input"),
    stat.S_IFSOCK: Phrase("a socket", domain="input"),
}
_DEVICE = Phrase("a device", domain="input")  # character and block devices, and the like
# Opening a named pipe waits for a writer unless it is opened without blocking.
_NONBLOCK = getattr(os, "O_NONBLOCK", 0)


def open_regular(path: str) -> BinaryIO:
    """A regular file opened to read; NotRegularFile for anything else, at once."""
    try:
        descriptor = os.open(path, os.O_RDONLY | _NONBLOCK | getattr(os, "O_BINARY", 0))
    except OSError as exc:
        if exc.errno == errno.ENXIO:  # a socket cannot be opened at all
            _refuse_unless_regular(os.stat(path).st_mode)
        raise
    try:
        _refuse_unless_regular(os.fstat(descriptor).st_mode)
        if _NONBLOCK:
            os.set_blocking(descriptor, True)
        return os.fdopen(descriptor, "rb")
    except BaseException:
        os.close(descriptor)
        raise


def _refuse_unless_regular(mode: int) -> None:
    if stat.S_ISDIR(mode):  # as open() says it
        raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR))
    if not stat.S_ISREG(mode):
        raise NotRegularFile(_NOT_REGULAR.get(stat.S_IFMT(mode), _DEVICE))


def os_reason(exc: OSError) -> Phrase:
    """Why a file could not be opened, in the system's words (translated when they are known)."""
    if isinstance(exc, NotRegularFile):
        return exc.reason
    text = exc.strerror or str(exc)
    known = _OS_ERRORS.get(exc.errno or 0)
    if known is not None and str(known) == text:
        return known
    return Phrase("{error}", {"error": text}, domain="input")


def load_bytes(
    name: str, data: bytes | str, max_bytes: int = DEFAULT_MAX_BYTES, size: int | None = None
) -> Iterator[Document | Report]:
    """Every document in some YAML or JSON bytes, or a report of what makes them unusable."""
    any_document = False
    try:
        text = clean(data) if isinstance(data, str) else decode(data, max_bytes, size)
        if looks_like_json(os.path.basename(name), text):
            if text.strip():
                any_document = True
                yield _json_document(text, JsonSource(name, text))
        else:
            # Here, not at the top: JSON files and archives skip importing PyYAML.
            from scorecheck.load.yamlread import read_yaml

            for value, positions in read_yaml(text):
                any_document = True
                yield _validate(value, DocumentSource(name, _given(positions)))
    except InputError as exc:
        yield failure(name, exc.code, exc.message, exc.line, exc.column)
        return
    if not any_document:
        reason = (
            Phrase("the file is empty: {advice}", {"advice": NO_DOCUMENT}, domain="input")
            if not text.strip()
            else Phrase(
                "the file has only comments: {advice}", {"advice": NO_DOCUMENT}, domain="input"
            )
        )
        yield failure(name, "SC003", reason, 1, 1)


def load_json_line(name: str, number: int, data: bytes | str) -> Document | Report:
    """The document on line `number` of a JSON Lines file, located by lines of the whole file."""
    try:
        text = clean(data) if isinstance(data, str) else decode(data, len(data))
        return _json_document(text, JsonSource(name, text, number))
    except InputError as exc:
        line = None if exc.line is None else exc.line + number - 1
        return failure(name, exc.code, exc.message, line, exc.column)


def _json_document(text: str, source: JsonSource) -> Document | Report:
    """A JSON document: straight to the fast path if it takes it, else read_json (which
    refuses duplicate keys, NaN and the like, located) and the models."""
    return fast_json_document(text, source) or _validate(read_json(text), source)


def _given(positions: Positions) -> Any:
    return lambda: positions


def _validate(value: object, source: DocumentSource | JsonSource) -> Document | Report:
    return fast_document(value, source) or _validate_with_models(value, source)


def _validate_with_models(value: object, source: DocumentSource | JsonSource) -> Document | Report:
    # pydantic and the models, only for a document the fast path does not take (see above)
    from pydantic import ValidationError

    from scorecheck.load.convert import ContractError, to_document
    from scorecheck.load.messages import Problem, error_problem
    from scorecheck.load.notes import input_notes

    kind = value.get("kind") if isinstance(value, dict) else None
    kind = kind if kind in KINDS else None
    problems: list[Problem]
    if value is None:
        # An empty document: a file of '---' only, or a '---' with nothing after it.
        empty = Phrase("this document is empty: {advice}", {"advice": NO_DOCUMENT}, domain="input")
        problems = [(empty, (), False)]
    elif isinstance(value, list):  # said as what the reader sees: '[ ]', or lines of '- '
        listed = (
            Phrase(
                "this file is a list in '[ ]': {advice}", {"advice": NO_DOCUMENT}, domain="input"
            )
            if isinstance(source, JsonSource)
            else Phrase(
                "this file is a list of lines that start with '- ': {advice}; remove the '- ' "
                "before kind and move the other lines two spaces to the left",
                {"advice": NO_DOCUMENT},
                domain="input",
            )
        )
        problems = [(listed, (), False)]
    else:
        try:
            model = document_adapter().validate_python(value)
            return to_document(model, source, input_notes(value, source))
        except ValidationError as exc:
            problems = [error_problem(e, value) for e in exc.errors()]
        except ContractError as exc:
            problems = exc.problems
    violations = []
    for message, path, at_key in problems:
        line, column = source.locate_key(path) if at_key else source.locate(path)
        violations.append(
            Violation("SC003", {"reason": message}, Location(source.file, line, column, path))
        )
    return Report(source.file, kind, (), None, tuple(violations))
