"""The quick reading of canonical lines agrees with the grammar's, line for line."""

import copy
import dataclasses
import pickle

import pytest

from notation import REGISTRY, Setup, Step, Vocabulary, parse_one, reader, write
from notation.fastpath import BLANK, BLOCK, GRAMMAR, STEP, TURN, Context, known_line, read_line, setup_line
from notation.grammar import Names
from notation.records import NOWHERE, Span
from record_maker import VOCABULARY, records

PLAYERS = ("Ann", "Ben", "Cid", "Dee", "Eve")


def grammar_reading(text: str, players=PLAYERS, vocabulary=VOCABULARY):
    reader._TRANSFORMER.names = Names(players, vocabulary)
    return reader.parser().parse(text + "\n", start="line")


def agree(text: str, context: Context, players=PLAYERS, vocabulary=VOCABULARY) -> str:
    """What the quick reading made of ``text``, checked against the grammar's value."""
    quick = read_line(context, text)
    if quick[0] == STEP:
        line = grammar_reading(text, players, vocabulary)
        (step,) = line.steps
        assert not line.comments and not step.glyphs and not step.notes
        assert type(quick[1]) is type(step.statement) and quick[1] == step.statement, text
        assert repr(quick[1]) == repr(step.statement)
        assert list(quick[1].__dict__.items()) == list(step.statement.__dict__.items())
        assert quick[2] == step.span.column
    elif quick[0] == TURN:
        header = grammar_reading(text, players, vocabulary)
        assert (quick[1], quick[2], quick[3]) == (header.number, header.leader, header.span.column)
    return quick[0]


def test_every_canonical_statement_of_a_corpus_is_read_alike():
    context = Context(PLAYERS, VOCABULARY)
    kinds, statements = {}, set()
    for record in records(seed=7, count=120):
        for line in write(record).split("\n"):
            if line.startswith("[") or "; " in line or "{" in line or "(" in line:
                continue
            kind = agree(line, context)
            kinds[kind] = kinds.get(kind, 0) + 1
            if kind == STEP:
                statements.add(read_line(context, line)[1].kind)
    assert kinds[STEP] > 500 and kinds[TURN] > 100 and kinds[BLANK] > 100
    assert statements == set(REGISTRY) - {"surrender"}  # the end of a game is left to the grammar


@pytest.mark.parametrize("text", [
    "  Ann leads Patron with Temple", "Ann follows with Jack, ?", "  Ann thinks: refill [Bath, ?]",
    "  Ann thinks: draw []", "  Ann thinks: jack", "Ben hires [Road] from deck", "Ben sells Bath from vault",
    "Ann lays Statue on Brick out of town", "Ann lays Statue out of town", "Ann adds Road from pool to Ben's Archway",
    "Ann adds Circus Maximus to Circus", "Cid demands Brick, Stone showing Bath, Villa", "Ann gives Bath, Road to Cid",
    "Ann: Glory to Rome", "Ann passes", "Ann steals Ben's Gate", "Ann keeps Road, Jack", "turn 12 Ben",
    "Ann slays Ben's Road", "Ann tears down Ben's School", "Ann lays [Palisade] from deck",
    "Ann lays Statue from hand on Brick", "Ben gives Road from stockpile to Ann", "Ben gives Road, Bath from vault to Ann",
    "\tturn 3 Cid", "Ann hires Road replacing Villa", "Ann hires Road from hand replacing Villa",
])
def test_canonical_lines_are_read_quickly(text):
    assert agree(text, Context(PLAYERS, VOCABULARY)) in (STEP, TURN)


@pytest.mark.parametrize("text", [
    "  ann leads Patron with Temple", "Ann lead Patron with Temple", "Ann leads patron with Temple",
    "Ann leads Patron with temple", "Ann leads Patron with Circus M", "Ann passes ", "Ann  passes",
    "Ann hires Road from deck", "Ann thinks:jack", "Ann thinks: Jack", "Zed passes",
    "Cid demands Brick, Stone showing Bath", "Ben, Cid, Dee, Eve surrender to Ann", "Ann passes; Ben passes",
    "Ann passes !", "Ann passes {why}", "turn 1 ann", "Turn 1 Ann", "turn 0123456789 Ann",
    "Ann adds Brick to Zed's Archway", "Ann gives Bath to Zed", "Ann lays Statue on Bricks",
    "hand Ann: Bath", "Ann thinks: draw [Bath", "Ann: glory to Rome", "Ann lays Palisade from deck",
    "Ann lays [Palisade] from hand", "Ben gives Road from Stockpile to Ann", "Ben gives Road from attic to Ann",
    "Ben gives Road from to Ann", "Ben gives from stockpile to Ann", "Ann hires Road replacing villa",
    "Ann hires Road replacing", "Ann hires Road replacing Villa from hand",
])
def test_other_spellings_and_mistakes_go_to_the_grammar(text):
    assert read_line(Context(PLAYERS, VOCABULARY), text)[0] == GRAMMAR


def test_names_the_grammar_reads_as_keywords_are_left_to_it():
    players = ("Hand", "Jack", "Ann")
    vocabulary = Vocabulary(["Bath", "Turn Table", "Gate On Hinges", "Jack"])
    context = Context(players, vocabulary)
    assert read_line(context, "Hand passes")[0] == GRAMMAR
    assert read_line(context, "Jack passes")[0] == GRAMMAR
    assert read_line(context, "Ann lays Gate On Hinges")[0] == GRAMMAR
    assert read_line(context, "Ann leads Patron with Turn Table")[0] == GRAMMAR
    assert agree("Ann leads Patron with Jack, Bath", context, players, vocabulary) == STEP


def test_without_a_vocabulary_or_players_every_line_goes_to_the_grammar():
    assert read_line(Context(PLAYERS, None), "Ann passes")[0] == GRAMMAR
    assert read_line(Context((), VOCABULARY), "Ann passes")[0] == GRAMMAR


def test_a_reading_made_at_another_table_is_taken_only_where_its_players_sit():
    shared = {}
    five, two = Context(PLAYERS, VOCABULARY, shared), Context(("Ann", "Ben"), VOCABULARY, shared)
    lines = ["  Ann gives Bath, Road to Ben", "  Ann gives Bath to Cid", "  Cid steals Ann's Gate", "turn 4 Eve",
             "  Ben adds Road from pool to Ann's Archway", "  Ann thinks: refill [Bath, ?]"]
    for text in lines:
        assert known_line(five, text)[0] in (STEP, TURN)
    for text in lines:
        taken = known_line(two, text)
        assert taken == read_line(Context(("Ann", "Ben"), VOCABULARY), text)
        if taken[0] != GRAMMAR:
            agree(text, two, ("Ann", "Ben"))
    assert [known_line(two, text)[0] for text in lines] == [STEP, GRAMMAR, GRAMMAR, GRAMMAR, STEP, STEP]
    assert known_line(two, lines[0]) is known_line(five, lines[0])  # the same reading, not a new one


def test_steps_say_where_they_are_and_share_their_statement():
    text = '[Game "Glory to Rome"]\n[Players "Ann, Ben"]\n\nturn 1 Ann\n  Ann leads Patron with Bath\n' \
           '  Ben thinks: jack\n  Ann passes\n\nturn 2 Ben\n  Ben leads Patron with Bath\n  Ann thinks: jack\n' \
           '  Ann passes\n'
    record = parse_one(text, vocabulary=VOCABULARY)
    first, second = record.turns
    assert [s.span for s in first.steps] == [(5, 3), (6, 3), (7, 3)]
    assert [s.span for s in second.steps] == [(10, 3), (11, 3), (12, 3)]
    assert first.steps[2].statement is second.steps[2].statement
    assert (first.span, second.span) == ((4, 1), (9, 1))


def test_a_step_read_quickly_keeps_its_span_through_copies_as_the_grammars_does():
    text = '[Game "Glory to Rome"]\n[Players "Ann, Ben"]\n\nturn 1 Ann\n    Ann leads Patron with Bath\n'
    quick = parse_one(text, vocabulary=VOCABULARY).steps[0]
    slow = parse_one(text).steps[0]  # without a vocabulary: the grammar's step
    for step in (quick, pickle.loads(pickle.dumps(quick)), copy.deepcopy(quick), dataclasses.replace(quick)):
        assert step == slow and step.span == slow.span == (5, 5)
        assert dataclasses.asdict(step)["span"] == (5, 5)
    assert quick.moved(3).span == (8, 5)
    assert Step(quick.statement).span == NOWHERE


def test_a_step_and_a_turn_placed_quickly_keep_their_span_through_copies_and_stay_frozen():
    text = '[Game "Glory to Rome"]\n[Players "Ann, Ben"]\n\nturn 1 Ann\n  Ann leads Patron with Bath\n'
    quick, slow = parse_one(text, vocabulary=VOCABULARY), parse_one(text)  # slow: the grammar's
    assert type(quick.steps[0]) is Step and quick.steps[0] == slow.steps[0]
    assert hash(quick.steps[0]) == hash(slow.steps[0]) and quick.turns == slow.turns
    for value, span in ((quick.steps[0], (5, 3)), (quick.turns[0], (4, 1))):
        for copied in (value, pickle.loads(pickle.dumps(value)), copy.deepcopy(value), dataclasses.replace(value)):
            assert type(copied.span) is Span and copied.span == span
            assert dataclasses.asdict(copied)["span"] == span
        assert value.span is value.span  # a turn's, made when first asked for, is made once
        with pytest.raises(dataclasses.FrozenInstanceError):
            value.span = Span(1, 1)
    with pytest.raises(dataclasses.FrozenInstanceError):
        quick.steps[0].glyphs = ("!",)


def setup_agrees(text: str, context: Context) -> bool:
    """Whether the quick reading took ``text`` as a setup line, checked against the grammar's value."""
    quick = setup_line(context, text)
    if quick is not None:
        names = Names(PLAYERS, VOCABULARY)
        names.block = "setup"
        reader._TRANSFORMER.names = names
        line = reader.parser().parse(text + "\n", start="line")
        assert type(quick[0]) is type(line) and quick[0] == line and repr(quick[0]) == repr(line), text
        assert quick[1] == line.span.column
    return quick is not None


def test_every_canonical_setup_line_of_a_corpus_is_read_alike():
    context = Context(PLAYERS, VOCABULARY)
    quick = total = 0
    for record in records(seed=11, count=120):
        if not isinstance(record.start, Setup):
            continue
        lines = write(record).split("\n")
        start = next(i for i, line in enumerate(lines) if line.startswith("setup"))
        end = lines.index("", start)
        assert (read_line(context, lines[start]) == (BLOCK, "setup", 1)) == (lines[start] == "setup")
        for line in lines[start + 1:end]:
            total += 1
            quick += setup_agrees(line, context)
    assert total > 100 and quick > total / 2


@pytest.mark.parametrize("text", [
    "  pool: Ann Bath, Ben Circus Maximus", "pool: Ann Bath", "  redeal: Cid Road, Dee Jack",
    "  hand Ann: Dock, ?, Jack", "  leader: Eve",
])
def test_canonical_setup_lines_are_read_quickly(text):
    assert setup_agrees(text, Context(PLAYERS, VOCABULARY))


@pytest.mark.parametrize("text", [
    "  pool: Ann ?", "  pool: ann Bath", "  pool: Ann Bath ; a tie", "  Pool: Ann Bath", "  pool: Ann",
    "  hand Zed: Bath", "  hand Ann:", "  hand Ann: Circus M", "  hand Ann: Bath,Road", "  leader: Zed",
    "  leader Ann: Bath", "  hand: Bath", "  redeal Ann: Bath", "  pool: Ann Bath {why}", "  deck: 3",
])
def test_other_setup_lines_go_to_the_grammar(text):
    assert setup_line(Context(PLAYERS, VOCABULARY), text) is None
