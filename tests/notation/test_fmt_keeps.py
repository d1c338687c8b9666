"""`gtr fmt` never loses what a file holds: it writes a file only when what it wrote reads back
as the same records and formats to itself; otherwise it refuses, located, and leaves the file
as it was. The four shapes the fuzzer found are kept in tests/data/notation/fmt/."""

from __future__ import annotations

import hashlib
import random
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

import notation
from notation import NotationError, format_files, scan, write
from notation.fmt import canonical_text, check_same
from notation.records import LINE, Comment

from gtr_replay.replay.replayer import replay
from gtr_replay.vocabulary import card_vocabulary
from hostile import corpus, mutate

FOUND = Path(__file__).resolve().parents[1] / "data" / "notation" / "fmt"
TEXTS = corpus(short=True)


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _records(path: Path) -> list | str:
    """What the reader makes of a file: its records, or the refusal's words."""
    try:
        return list(notation.read_records(path, vocabulary=card_vocabulary()))
    except NotationError as error:
        return error.message


def _game(record) -> list:
    """What replaying a record gives: each statement's place and words, then how it stopped."""
    seen = []
    try:
        for snapshot in replay(record, lenient=True):
            seen.append((snapshot.seq, snapshot.path, snapshot.turn, snapshot.player, snapshot.kind, snapshot.text))
    except Exception as error:  # a record the rules refuse: refused the same way, written either way
        seen.append(type(error).__name__)
    return seen


def assert_kept_or_refused(path: Path) -> str:
    """Format ``path`` in place: either it is refused with a located message and left byte for
    byte, or it is rewritten to the same records and game, and a second fmt leaves it alone."""
    before_bytes, before = path.read_bytes(), _records(path)
    messages: list[str] = []
    result = format_files([path], err=messages.append)
    if result.failed:
        assert path.read_bytes() == before_bytes, "a refused file was changed"
        assert any(message.startswith(f"{path}:") for message in messages), messages
        return "refused"
    after = _records(path)
    assert after == before, "fmt changed what the file holds"
    if isinstance(before, list):
        assert [_game(r) for r in after] == [_game(r) for r in before]
    text = path.read_text(encoding="utf-8")
    again = format_files([path])
    assert not again.changed and not again.failed, again.messages
    assert path.read_text(encoding="utf-8") == text, "fmt is not a fixed point"
    return "written"


@pytest.mark.parametrize("name", ["fmt-deletes.gtr", "fmt-double-bom.gtr", "fmt-tags-move.gtr",
                                  "fmt-unreadable.gtr"])
def test_the_shapes_the_fuzzer_found_are_kept_or_refused(tmp_path, name):
    path = tmp_path / name
    path.write_bytes((FOUND / name).read_bytes())
    assert_kept_or_refused(path)


def test_a_brace_in_a_block_lines_comment_opens_nothing(tmp_path):
    """``leader: Ann ; Cid leads {`` is a comment to the line's end, as on any block line: the
    ``}`` line after it is a line of its own, refused by check and fmt alike (it was taken into
    the comment and then dropped by fmt)."""
    path = tmp_path / "deletes.gtr"
    path.write_bytes((FOUND / "fmt-deletes.gtr").read_bytes())
    digest = _digest(path)
    messages: list[str] = []
    assert format_files([path], err=messages.append).status == 1
    assert _digest(path) == digest
    assert messages[0].startswith(f"{path}:14:1: unexpected '}}'")
    assert _records(path) == "unexpected '}'"


def test_a_second_byte_order_mark_is_refused_by_the_reader_and_fmt_alike(tmp_path):
    path = tmp_path / "boms.gtr"
    path.write_bytes((FOUND / "fmt-double-bom.gtr").read_bytes())
    digest = _digest(path)
    messages: list[str] = []
    assert format_files([path], err=messages.append).status == 1
    assert messages[0].startswith(f"{path}:1:1: a second byte-order mark")
    assert _digest(path) == digest
    assert _records(path).startswith("a second byte-order mark")
    with pytest.raises(NotationError, match="second byte-order mark") as raised:
        notation.parse(path.read_text(encoding="utf-8"))
    assert (raised.value.line, raised.value.column) == (1, 1)


def test_one_byte_order_mark_is_read_past_in_a_file_and_in_text(tmp_path):
    text = (FOUND / "fmt-double-bom.gtr").read_text(encoding="utf-8")[1:]
    path = tmp_path / "bom.gtr"
    path.write_text(text, encoding="utf-8")
    assert [r.tags for r in notation.read_records(path)] == [r.tags for r in notation.parse(text)]
    assert [r.tags for r in scan_records(path, block=1)] == [r.tags for r in notation.parse(text)]


def scan_records(path: Path, block: int) -> list:
    return [r for line, piece in scan.file_pieces(path, block=block)
            for r in notation.parse(piece, first_line=line)]


def test_records_merged_by_writing_are_refused_where_they_start(tmp_path):
    path = tmp_path / "tags.gtr"
    path.write_bytes((FOUND / "fmt-tags-move.gtr").read_bytes())
    digest = _digest(path)
    messages: list[str] = []
    assert format_files([path], err=messages.append).status == 1
    assert messages[0].startswith(f"{path}:1:2: written canonically, this record would not read back")
    assert _digest(path) == digest


@pytest.mark.parametrize("end", ["", "\n"])
def test_the_last_line_reads_the_same_with_or_without_its_line_end(end):
    text = (FOUND / "fmt-unreadable.gtr").read_text(encoding="utf-8").rstrip("\n") + end
    assert notation.parse(text) == notation.parse(text.rstrip("\n"))
    canonical = notation.format_text(text)
    assert notation.parse(canonical) == notation.parse(text)
    assert notation.format_text(canonical) == canonical
    for shape in ("Ann passes ( Ben passes", "Ann passes {open"):  # still open at the end: refused alike
        body = "[Game \"x\"]\n\nturn 1 Ann\n  " + shape
        with pytest.raises(NotationError) as without:
            notation.parse(body)
        with pytest.raises(NotationError) as with_end:
            notation.parse(body + "\n\n")
        assert without.value.message == with_end.value.message


def test_a_line_comment_holding_a_line_end_is_written_closed():
    record = notation.parse_one('[Game "x"]\n\nturn 1 Ann\n  Ann passes\n')
    step = record.turns[0].items[0]
    noted = type(step)(step.statement, step.glyphs, (Comment("two\nlines", LINE),))
    turn = record.turns[0]
    record = type(record)(record.tags, record.start, (type(turn)(turn.number, turn.leader, (noted,)),))
    text = write(record)
    assert "{two\nlines}" in text
    assert notation.parse_one(text).turns[0].items[0].comments[0].text == "two\nlines"


def test_canonical_text_refuses_what_would_not_read_back():
    record = notation.parse_one('[Game "x"]\n\nturn 1 Ann\n  Ann passes\n')
    step = record.turns[0].items[0]
    noted = type(step)(step.statement, step.glyphs, (Comment("a } inside"),))
    turn = record.turns[0]
    broken = type(record)(record.tags, record.start, (type(turn)(turn.number, turn.leader, (noted,)),))
    assert canonical_text([record]) == write(record)
    with pytest.raises(NotationError, match="would not read back"):
        canonical_text([broken], source="r.gtr")
    with pytest.raises(NotationError, match="2 or more records"):
        check_same(iter([record]), iter([record, record]))


@settings(max_examples=40, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(base=st.sampled_from(TEXTS), steps=st.integers(1, 3), rng=st.randoms(use_true_random=False))
@example(base=TEXTS[-1], steps=3, rng=random.Random(23))
def test_fmt_of_a_mutated_record_refuses_or_keeps_the_game(base, steps, rng):
    text, _ = mutate(base, rng, TEXTS, steps)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "mutated.gtr"
        path.write_bytes(text.encode("utf-8", "surrogatepass"))
        assert_kept_or_refused(path)


@settings(max_examples=30, deadline=None, derandomize=True, database=None)
@given(base=st.sampled_from(TEXTS), junk=st.text(min_size=1, max_size=40), at=st.integers(0, 10**6))
@example(base=TEXTS[-1], junk="\ufeff", at=0)  # a second byte-order mark
@example(base=TEXTS[-1], junk=" ; Cid leads next turn {\n}", at=10**6)  # a brace in a line comment
@example(base=TEXTS[-1], junk="\r   {\r} {}\r[Date \"x\"]", at=0)  # CR ends, a comment between tags
def test_fmt_of_text_inserted_anywhere_refuses_or_keeps_the_game(base, junk, at):
    at %= len(base) + 1
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "inserted.gtr"
        path.write_bytes((base[:at] + junk + base[at:]).encode("utf-8", "surrogatepass"))
        assert_kept_or_refused(path)


def test_comments_before_the_first_tag_stay_with_the_first_record(tmp_path):
    """A file may open with comments ('{Thursday club}', '; written by Dee'): they are the first
    record's comments, as those between its tags are, wherever the file is cut into blocks to
    be read, and fmt keeps them (under the tags, where a record's comments are written)."""
    game = (Path(__file__).resolve().parents[2] / "examples" / "games" / "republic-2p.gtr").read_text("utf-8")
    path = tmp_path / "club.gtr"
    path.write_text("{Thursday club: scores checked by Dee}\n\n; written by Dee\n" + game + "\n" + game,
                    encoding="utf-8")
    first, second = notation.read_records(path, vocabulary=card_vocabulary())
    opening = [c.text for c in first.comments]
    assert opening[:2] == ["Thursday club: scores checked by Dee", "written by Dee"]
    assert first.span.line == 4 and [c.text for c in second.comments] == opening[2:]
    lines = game.count("\n") + 1
    assert second.span.line == 4 + lines
    blocks = [(line, piece[:12]) for line, piece in scan.file_pieces(path, block=64)]
    assert blocks == [(1, "{Thursday cl"), (4 + lines, game[:12])]
    assert assert_kept_or_refused(path) == "written"
    text = path.read_text(encoding="utf-8")
    assert "{Thursday club: scores checked by Dee}" in text and "; written by Dee" in text
