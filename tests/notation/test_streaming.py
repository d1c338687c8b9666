"""A file read a block at a time is cut into the same records as the whole text."""

from pathlib import Path

import pytest

from notation import parse, read_records, scan, write
from record_maker import VOCABULARY, records

ROOT = Path(__file__).parents[2]
TEXTS = [
    write(records(seed=3, count=12)),
    "", "\n\n", "\n\n\n; a note\n\n[Game \"x\"]\n",
    '; before\n[Game "x"]\nAnn passes\n', 'Ann passes\n[Game "x"]\n',
    '[Game "a"]\n[Game "b"]\n\n', '[A "1"]\n;x\n[B "2"]\nAnn passes\n\n\n[C "3"]',
    '\ufeff[Game "x"]\r\nAnn passes\r\n\r\n[Game "y"]\rBen passes',
    *(p.read_text(encoding="utf-8") for p in sorted((ROOT / "tests" / "data" / "notation").rglob("*.gtr"))),
]


@pytest.mark.parametrize("index", range(len(TEXTS)))
def test_file_pieces_match_the_whole_text(tmp_path, index):
    path = tmp_path / "records.gtr"
    path.write_bytes(TEXTS[index].encode("utf-8"))
    whole = list(scan.pieces(scan.normalize(TEXTS[index])))
    for block in (3, 64, 1000, scan.BLOCK):
        assert list(scan.file_pieces(path, block)) == whole


def test_read_records_gives_what_parse_gives(tmp_path):
    path = tmp_path / "records.gtr"
    path.write_text(TEXTS[0], encoding="utf-8")
    streamed = list(read_records(path, vocabulary=VOCABULARY))
    assert streamed == parse(TEXTS[0], vocabulary=VOCABULARY)
    assert [r.span for r in streamed] == [r.span for r in parse(TEXTS[0], vocabulary=VOCABULARY)]


def test_a_file_that_is_not_utf8_is_refused_whole(tmp_path):
    path = tmp_path / "bad.gtr"
    path.write_bytes(b'[Game "x"]\nAnn passes\n' + b"\xff")
    with pytest.raises(UnicodeDecodeError):
        scan.check_decodes(path)
