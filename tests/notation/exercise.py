"""One input through the library paths behind `gtr check`, `gtr fmt` and `gtr import`.

Anything but a result or a located error is a crash: the exception goes up to the caller
(the fuzzing test, benchmarks/fuzz.py)."""

from __future__ import annotations

import notation
from notation import NotationError

from gtr_replay.replay.diagnostics import Diagnostic
from gtr_replay.replay.files import NotationProblem, _check_piece, record_pieces
from gtr_replay.store import importer
from gtr_replay.vocabulary import card_vocabulary

SOURCE = "fuzz.gtr"


class Unlocated(AssertionError):
    """An error that does not say where the problem is."""


def exercise(text: str, *, store: bool = True) -> str:
    """Run ``text`` through check (strict and lenient), fmt and import (the rows, not written).

    Returns a word for what happened: ``ok`` (all legal), ``notation`` (a located notation
    error), ``rules`` (a located replay diagnostic).
    """
    outcome = "ok"
    pieces = list(record_pieces(text))
    for _, line, piece in pieces:
        for lenient in (False, True):
            _, _, _, problems, _ = _check_piece((SOURCE, line, piece, lenient, None))
            for problem in problems:
                outcome = max(outcome, _located(problem), key=_RANK.index)
    vocabulary = card_vocabulary()
    try:
        records = notation.parse(text, source=SOURCE, vocabulary=vocabulary)
        canonical = notation.format_text(text, source=SOURCE, vocabulary=vocabulary)
    except NotationError as error:
        _located(error)
    else:
        again = notation.parse(canonical, vocabulary=vocabulary)
        if again != records:
            raise AssertionError("fmt changed the record")
        if notation.write(again) != canonical:
            raise AssertionError("fmt is not idempotent")
    if store:
        importer._start_worker({})
        for number, line, piece in pieces:
            _, _, rows = importer._work((SOURCE, number, line, piece, None))
            if isinstance(rows, str) and not rows.startswith(SOURCE + ":"):
                raise Unlocated(rows)
    return outcome


_RANK = ["ok", "rules", "notation"]


def _located(problem) -> str:
    if isinstance(problem, NotationError):
        if problem.line < 1 or problem.column < 1 or problem.source != SOURCE:
            raise Unlocated(repr(problem))
        return "notation"
    if isinstance(problem, NotationProblem):
        if not problem.text.startswith(SOURCE + ":"):
            raise Unlocated(problem.text)
        return "notation"
    if isinstance(problem, Diagnostic):
        if problem.line < 1 or problem.source != SOURCE:
            raise Unlocated(str(problem))
        return "rules"
    raise AssertionError(f"unexpected problem {problem!r}")
