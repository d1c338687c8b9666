"""The header scan: tags and lines of every record, from a text or a file read record by record."""

from notation import iter_headers, parse, write
from record_maker import records

CORPUS = records(seed=5, count=30)


def test_lines_asked_in_any_order_are_those_of_the_records():
    text = write(CORPUS)
    lines = [r.span.line for r in parse(text)]
    headers = list(iter_headers(text))
    assert [h.line for h in reversed(headers)] == lines[::-1]
    assert [h.line for h in iter_headers(text)] == lines


def test_a_file_gives_the_headers_of_its_text(tmp_path):
    text = "; a comment before the first record\n\n" + write(CORPUS)
    path = tmp_path / "games.gtr"
    path.write_text(text.replace("\n", "\r\n"), encoding="utf-8")
    from_file = list(iter_headers(path))
    assert from_file == list(iter_headers(text))
    assert [h.line for h in from_file] == [r.span.line for r in parse(text)]
    assert repr(from_file[0]).startswith("Header(line=3, tags=(('Game',")


def test_a_second_game_tag_in_a_run_of_tags_starts_a_record_on_its_line():
    text = '[Game "a"]\n[Site "x"]\n[Game "b"]\n[Game "c"]\n\nturn 1 Ann\n  Ann passes\n'
    assert [(h.line, h.get("Game"), h.get("Site")) for h in iter_headers(text)] == [
        (1, "a", "x"), (3, "b", None), (4, "c", None)]
