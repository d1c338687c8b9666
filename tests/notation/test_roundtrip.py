"""parse(write(r)) == r, and write(parse(text)) is byte-stable, over generated records."""

from pathlib import Path

import pytest

import notation
from notation import Vocabulary, format_text, parse, parse_one, write
from record_maker import VOCABULARY, records

DATA = Path(__file__).parents[1] / "data" / "notation"
CORPUS = records(seed=2026, count=300)


@pytest.mark.parametrize("seed", range(6))
def test_generated_records_read_back_equal(seed):
    for record in records(seed=seed, count=50):
        text = write(record)
        again = parse_one(text, vocabulary=VOCABULARY)
        assert again == record
        assert write(again) == text


def test_corpus_as_one_file_reads_back_equal():
    text = write(CORPUS)
    assert parse(text, vocabulary=VOCABULARY) == CORPUS
    assert format_text(text) == text


def test_without_a_vocabulary_names_are_kept_as_written():
    text = write(CORPUS[:40])
    assert parse(text) == CORPUS[:40]


def test_every_statement_kind_is_generated():
    kinds = {type(step.statement).kind for r in CORPUS for step in r.steps}
    assert kinds == set(notation.REGISTRY)


def test_normative_example_parses_and_formats_stably():
    text = (DATA / "valid" / "normative_example.gtr").read_text()
    [record] = parse(text, vocabulary=Vocabulary.default())
    assert record.players == ("Ann", "Ben", "Cid")
    assert [t.number for t in record.turns] == [1, 2, 3]
    assert record.start.draws[0][2] == notation.Draw("Cid", "Bath")
    players_tag = record.tags[4]
    assert players_tag.comment.text == "seating order, clockwise"
    assert record.start.lines[0].comments[0].text == "one card per player: Bath is first, Cid leads"
    laid = record.turns[1].steps[4]
    assert laid.statement == notation.Lay("Ben", "Academy")
    [variation] = laid.variations
    assert variation.steps[0].statement == notation.Lay("Ben", "Gate")
    assert laid.comments[0].text == "a variation: replaces the statement before it"
    canonical = format_text(text)
    assert format_text(canonical) == canonical
    assert parse(canonical, vocabulary=Vocabulary.default()) == [record]


def test_spans_point_at_the_text_but_do_not_count_in_equality():
    text = (DATA / "valid" / "normative_example.gtr").read_text()
    [record] = parse(text)
    step = record.turns[0].steps[4]
    assert step.span == (21, 3)
    assert step.notes[0].span == (21, 24)
    assert record.tags[4].span == (5, 2)
    moved = parse("\n\n" + text)[0]
    assert moved == record and moved.turns[0].steps[4].span == (23, 3)


def test_repr_evaluates_back():
    namespace = {name: getattr(notation, name) for name in notation.__all__}
    for record in CORPUS[:20]:
        assert eval(repr(record), namespace) == record


def test_comments_keep_embedded_commands():
    [record] = parse('[Game "x"]\nAnn passes {[%clock 0:12:03] [%source disputed] maybe not}\n')
    [comment] = record.steps[0].comments
    assert comment.commands == (notation.Command("clock", "0:12:03"), notation.Command("source", "disputed"))
    assert comment.remark == "maybe not"
