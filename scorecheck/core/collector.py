"""ViolationCollector: the violations of one document, and the claims checked, as found."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from scorecheck.core.claimcheck import ClaimCheck
from scorecheck.core.violations import Finding, Path, SourceMap, Violation, locate


class ViolationCollector:
    """Collects violations for one document, locating each path in the source; and, when
    given a list for them, each claim checked (the plain-round path writes its report without)."""

    __slots__ = ("claims", "items", "source")

    def __init__(self, source: SourceMap, claims: list[ClaimCheck] | None = None) -> None:
        self.source = source
        self.items: list[Violation] = []
        self.claims = claims

    def add(
        self,
        code: str,
        path: Path,
        player: str | None = None,
        round_number: int | None = None,
        **args: object,
    ) -> None:
        """A violation at a path of the document."""
        self.items.append(Violation(code, args, locate(self.source, path), player, round_number))

    def claim(
        self,
        what: str,
        player: str,
        round_number: int | None,
        claimed: int,
        replayed: int | None,
        code: str | None,
        path: Path,
        args_of: Callable[..., dict[str, object]],
        *inputs: Any,
        index: int = 0,
        line: int | None = None,
    ) -> None:
        """A claim checked against the replay: kept as a ClaimCheck for Report.claims (when
        claims are collected) and, when wrong (a code), the violation at a path of the
        document, with the arguments args_of(*inputs) gives. Both are made only when asked
        for: the plain-round path checks claims without collecting them."""
        if self.claims is not None:
            self.claims.append(
                ClaimCheck(what, player, round_number, claimed, replayed, code, index, line)
            )
        if code is not None:
            self.add(code, path, player, round_number, **args_of(*inputs))

    def add_findings(
        self,
        findings: Iterable[Finding],
        origin: Path,
        name: str | None,
        round_number: int | None,
    ) -> None:
        """Each finding located below origin (a board's, the document's); SC006, a wall typed
        from the grey side, is said once for the document."""
        for f in findings:  # most often none
            if f.code == "SC006" and any(v.code == "SC006" for v in self.items):
                continue
            self.add(f.code, origin + f.path, name, round_number, **f.args)
