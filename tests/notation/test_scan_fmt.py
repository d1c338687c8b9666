"""Multi-record files, the header-only scan, the grammar's own checks, and fmt."""

import re

import pytest
from lark import Lark

from notation import NotationError, format_files, iter_headers, parse, write
from notation import REGISTRY, grammar, terminals
from record_maker import records

CORPUS = records(seed=11, count=40)


def test_iter_headers_matches_the_parsed_tags_and_lines():
    text = write(CORPUS)
    headers = list(iter_headers(text))
    parsed = parse(text)
    assert [h.tags for h in headers] == [tuple((t.name, t.value) for t in r.tags) for r in parsed]
    assert [h.line for h in headers] == [r.span.line for r in parsed]


def test_a_second_game_tag_starts_a_new_record_even_without_a_body():
    text = '[Game "a"]\n[Game "b"]\n[Event "c"]\n\n[Site "d"]\nAnn passes\n[Game "e"]\n'
    assert [h.get("Game") for h in iter_headers(text)] == ["a", "b", "e"]
    assert [r.tag("Game") for r in parse(text)] == ["a", "b", "e"]
    assert parse(text)[1].tag("Site") == "d"


def test_iter_headers_reads_paths_and_files(tmp_path):
    path = tmp_path / "games.gtr"
    path.write_text(write(CORPUS[:3]))
    assert len(list(iter_headers(path))) == 3
    with open(path) as handle:
        assert len(list(iter_headers(handle))) == 3


def test_grammar_is_conflict_free_in_strict_mode():
    pytest.importorskip("interegular")
    Lark.open(str(grammar.GRAMMAR), parser="lalr", strict=True, start=["start", "tag", "line"])


def test_every_statement_alias_has_a_class_and_every_verb_can_follow_a_semicolon():
    text = grammar.GRAMMAR.read_text()
    aliases = set(re.findall(r"->\s*(\w+)", text[text.index("?statement"):text.index("// Cards")]))
    assert aliases == set(REGISTRY) == set(terminals.FORMS)
    for form in terminals.FORMS.values():
        assert REGISTRY[next(a for a, f in terminals.FORMS.items() if f == form)].form == form
    for verb in grammar.VERB_WORDS:
        assert terminals.JOIN.match(f"; Ann {verb} x")
    assert set(grammar.VERB_WORDS) >= {"leads", "discards", "tears down", "surrender"}
    assert terminals.JOIN.match("; Ben: Glory to Rome")
    assert not terminals.JOIN.match("; one card per player: Bath is first, Cid leads")


def test_whole_record_rule_agrees_with_line_by_line_reading():
    text = write(CORPUS[0])
    tree = Lark.open(str(grammar.GRAMMAR), parser="lalr", start=["start", "tag", "line"]).parse(text, start="start")
    assert tree.data == "start"


@pytest.fixture
def games(tmp_path):
    good = tmp_path / "good.gtr"
    good.write_text(write(CORPUS[:2]))
    messy = tmp_path / "messy.gtr"
    messy.write_text(write(CORPUS[:2]).replace("\n", "\r\n"))
    bad = tmp_path / "bad.gtr"
    bad.write_text('[Game "x"]\n[Players "Ann, Ben"]\nAnn leeds Patron with Road\n')
    return good, messy, bad


def test_fmt_check_reports_without_writing(games):
    good, messy, bad = games
    before = messy.read_bytes()
    result = format_files([good, messy], check=True)
    assert result.status == 1 and result.changed == [str(messy)]
    assert messy.read_bytes() == before
    assert format_files([good], check=True).status == 0


def test_fmt_rewrites_in_place_and_is_idempotent(games):
    good, messy, bad = games
    assert format_files([messy]).status == 0
    assert messy.read_text() == good.read_text()
    assert format_files([messy], check=True).status == 0


def test_fmt_stdout_and_errors(games):
    good, messy, bad = games
    seen = []
    result = format_files([messy, bad], stdout=True, out=seen.append, err=seen.append)
    assert result.status == 1 and result.failed == [str(bad)]
    assert seen[0] == good.read_text()
    assert seen[1].startswith(f"{bad}:3:5: unexpected 'leeds'")
    assert "Traceback" not in seen[1]


def test_fmt_usage_errors(games, tmp_path):
    assert format_files([]).status == 2
    assert format_files([tmp_path / "missing.gtr"]).status == 2
    assert format_files([games[0]], check=True, stdout=True).status == 2


def test_parse_one_wants_exactly_one_record():
    with pytest.raises(NotationError):
        from notation import parse_one
        parse_one(write(CORPUS[:2]))


def test_readme_examples_are_canonical_records():
    from pathlib import Path

    from notation import format_text

    lines = (Path(grammar.__file__).with_name("README.md")).read_text().split("\n")
    blocks, inside, current = [], None, []
    for line in lines:
        if line.startswith("```"):
            if inside is not None:
                blocks.append((inside, "\n".join(current) + "\n"))
                inside = None
            else:
                inside, current = line[3:], []
        elif inside is not None:
            current.append(line)
    game, setup, position = [text for lang, text in blocks if not lang][:3]
    head = '[Game "x"]\n[Players "Ann, Ben, Cid"]\n'
    assert format_text(game) == game
    assert parse(head + "\n" + setup)[0].start.leader == "Cid"
    [record] = parse(head + '[Start "position"]\n\n' + position)
    assert record.start.turn == 12 and record.start.buildings("Ben")[0].stolen
