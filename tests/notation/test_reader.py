"""The reader: every line of the language read as the grammar says, lenient spellings read as
the canonical ones, mistakes refused where they are, lines placed into their turns, and
what the line cache keeps is what a line reads as anywhere."""

from __future__ import annotations

import copy
import dataclasses
import gc
import pickle
import random
import threading
import time
from pathlib import Path

import pytest

import notation
from notation import NotationError, REGISTRY, Record, Setup, Step, Vocabulary, parse, parse_one, reader, scan, write
from notation.records import NOWHERE, Comment, Span, Variation
from record_maker import VOCABULARY, records

EXAMPLES = sorted((Path(__file__).resolve().parents[2] / "examples").rglob("*.gtr"))
TABLE = '[Game "Glory to Rome"]\n[Players "Ann, Ben, Cid, Dee, Eve"]\n\n'


def statements(line: str, head: str = TABLE, vocabulary: Vocabulary | None = VOCABULARY) -> list[str]:
    """The canonical text of each statement ``line`` holds, read at the table of ``head``."""
    return [str(step.statement) for step in parse_one(head + line + "\n", vocabulary=vocabulary).steps]


def refused(text: str, vocabulary: Vocabulary | None = VOCABULARY) -> NotationError:
    with pytest.raises(NotationError) as caught:
        parse(text, vocabulary=vocabulary)
    return caught.value


def points_at_its_text(text: str, records: list[Record]) -> None:
    """Every step, turn and comment of canonical ``text`` says where its own text starts."""
    lines = text.split("\n")

    def at(span: Span, expected: str) -> None:
        assert lines[span.line - 1][span.column - 1:].startswith(expected), (span, expected)

    def note(item) -> None:
        if isinstance(item, Step):
            at(item.span, str(item.statement))
            for inner in item.notes:
                note(inner)
        elif isinstance(item, Comment):
            at(item.span, "{" if item.kind == "brace" else ";")
        elif isinstance(item, Variation):
            at(item.span, "(")
            for inner in item.items:
                note(inner)

    for record in records:
        for turn in record.turns:
            at(turn.span, f"turn {turn.number} {turn.leader}")
            for item in turn.items:
                note(item)


# Canonical lines


def test_every_statement_of_a_corpus_reads_back_as_itself():
    kinds = set()
    for record in records(seed=7, count=120):
        head = f'[Game "x"]\n[Players "{record.tag("Players")}"]\n\n'
        for step in record.steps:
            text = str(step.statement)
            assert statements("  " + text, head) == [text]
            kinds.add(step.statement.kind)
    assert kinds == set(REGISTRY)


@pytest.mark.parametrize("text", [
    "Ann leads Patron with Temple", "Ann follows with Jack, ?", "Ann thinks: refill [Bath, ?]",
    "Ann thinks: draw []", "Ann thinks: jack", "Ben hires [Road] from deck", "Ben sells Bath from vault",
    "Ann lays Statue on Brick out of town", "Ann lays Statue out of town", "Ann adds Road from pool to Ben's Archway",
    "Ann adds Circus Maximus to Circus", "Cid demands Brick, Stone showing Bath, Villa", "Ann gives Bath, Road to Cid",
    "Ann: Glory to Rome", "Ann passes", "Ann steals Ben's Gate", "Ann keeps Road, Jack",
    "Ann slays Ben's Road", "Ann tears down Ben's School", "Ann lays [Palisade] from deck",
    "Ann lays Statue from hand on Brick", "Ben gives Road from stockpile to Ann", "Ben gives Road, Bath from vault to Ann",
    "Ben, Cid, Dee, Eve surrender to Ann", "Ann discards Road, Bath",
    # the classic and Geek buildings' forms
    "Ann hires Road replacing Villa", "Ann hires Road from hand replacing Villa", "Ann hires [Road] from deck replacing Villa",
    "Ann hires Temple from Castra Praetoria", "Ann hires Temple from Castra Praetoria replacing Villa",
    "Ann gathers Temple from Villa", "Ann gathers ? from Villa", "Ann tears down Domus", "Ann triggers Ben's Prison",
    "Ann triggers Garden", "Ann steals Ben's Gate giving Brick, Concrete", "Ann sells Academy from clientele",
    "Ann demands Stone, Stone showing Villa, Ann's Scriptorium", "Ann demands Stone showing Ann's Watch Post",
])
def test_a_canonical_statement_reads_as_itself(text):
    assert statements("  " + text) == [text]


@pytest.mark.parametrize("text,canonical", [
    ("  ann leads Patron with Temple", "Ann leads Patron with Temple"),
    ("ANN LEADS PATRON WITH TEMPLE", "Ann leads Patron with Temple"),
    ("Ann lead Patron with Temple", "Ann leads Patron with Temple"),
    ("Ann leads patron with temple", "Ann leads Patron with Temple"),
    ("Ann leads P with Circus M", "Ann leads Patron with Circus Maximus"),
    ("Ann leads Lg with Circus", "Ann leads Legionary with Circus"),
    ("Ann passes ", "Ann passes"), ("\tAnn  passes", "Ann passes"), ("Ann pass", "Ann passes"),
    ("Ann hires Road from deck", "Ann hires [Road] from deck"), ("Ann hires [ Road ]  from  deck", "Ann hires [Road] from deck"),
    ("Ann thinks:jack", "Ann thinks: jack"), ("Ann thinks : Jack", "Ann thinks: jack"),
    ("Ann thinks: draw [bath,road]", "Ann thinks: draw [Bath, Road]"),
    ("Ann: glory to Rome", "Ann: Glory to Rome"), ("Ann lays Palisade from deck", "Ann lays [Palisade] from deck"),
    ("Ben gives Road from Stockpile to Ann", "Ben gives Road from stockpile to Ann"),
    ("Ann lays Statue on c OUT  OF TOWN", "Ann lays Statue on Concrete out of town"),
    ("Ann demands cement , B showing Bath,Villa", "Ann demands Concrete, Brick showing Bath, Villa"),
    ("Ann adds Road to ben's Ludus Magnus", "Ann adds Road to Ben's Ludus Magna"),
    ("Ann TEARS  DOWN Ben's School", "Ann tears down Ben's School"),
    ("ben ,cid,dee , eve surrender to ANN", "Ben, Cid, Dee, Eve surrender to Ann"),
    ("Ann HIRE road  from hand  REPLACING villa", "Ann hires Road from hand replacing Villa"),
    ("Ann hires Temple from castra praetoria", "Ann hires Temple from Castra Praetoria"),
    ("Ann gathers temple FROM Villa", "Ann gathers Temple from Villa"),
    ("Ann tears down Ann's Domus", "Ann tears down Domus"), ("Ann triggers ann's garden", "Ann triggers Garden"),
    ("Ann TRIGGER ben's prison", "Ann triggers Ben's Prison"),
    ("Ann steals Ben's Gate GIVING b,concrete", "Ann steals Ben's Gate giving Brick, Concrete"),
    # a building shown goes after the cards, with the material it demands
    ("Ann demands Rubble, Stone showing Ann's Scriptorium, Road",
     "Ann demands Stone, Rubble showing Road, Ann's Scriptorium"),
])
def test_a_lenient_spelling_reads_as_the_canonical_statement(text, canonical):
    assert statements(text) == [canonical]


def test_joined_statements_glyphs_and_comments():
    line = "Ann passes !? $03 {why} ; Ben passes !  ; at last"
    [record] = parse(TABLE + line + "\n", vocabulary=VOCABULARY)
    first, second = record.steps
    assert (str(first.statement), first.glyphs, first.notes) == ("Ann passes", ("!?", "$3"), (Comment("why"),))
    assert (str(second.statement), second.glyphs, second.notes) == ("Ben passes", ("!",), (Comment("at last", "line"),))
    columns = [line.index(mark) + 1 for mark in ("Ann", "Ben", "{", "; at")]
    assert [first.span, second.span, first.notes[0].span, second.notes[0].span] == [(4, c) for c in columns]


@pytest.mark.parametrize("text,where,message", [
    ("Zed passes", (4, 1), "unknown player 'Zed'"),
    ("Cid demands Brick, Stone showing Bath", (4, 1), "2 material(s) demanded but 1 card(s) shown"),
    ("Ben, Cid surrender to Ann", (4, 1), "every player but Ann surrenders, not only Ben, Cid"),
    ("turn 0123456789 Ann", (4, 6), "a number of 10 digits"),
    ("Ann gives Bath to Zed", (4, 19), "unknown player 'Zed'"),
    ("Ann adds Road to Zed's Archway", (4, 18), "unknown player 'Zed'"),
    ("Ann lays Statue on Bricks", (4, 20), "unknown material 'Bricks'"),
    ("Ann leads Patrn with Road", (4, 11), "unknown role 'Patrn'"),
    ("Ann thinks: draw [Bath", (4, 23), "the line ends too soon"),
    ("Ann lays [Palisade] from hand", (4, 26), "a card in brackets comes from the deck, not the hand"),
    ("Ben gives Road from attic to Ann", (4, 21), "unexpected 'attic'"),
    ("Ben gives Road from to Ann", (4, 21), "unexpected 'to'"),
    ("Ben gives from stockpile to Ann", (4, 11), "unexpected 'from'"),  # no keyword starts a card
    ("Ann passes Ben", (4, 12), "unexpected 'Ben'"),
    ("Ann tears Ben's Gate", (4, 5), "unexpected 'tears'"),
    ("Ann keeps", (4, 10), "the line ends too soon"),
    ("Ann lays Bath {", (4, 15), "this comment is never closed"),
    ("Ann lays Bath (Ann lays Road", (4, 15), "this variation is never closed"),
    ("Ann leads Patron with Raod", (4, 23), "unknown card 'Raod'"),
    ("Anne leeds Patron with Road", (4, 6), "unexpected 'leeds'"),
    ("Ann hires Temple from Hnad", (4, 23), "unexpected 'Hnad'"),
    ("Ann gathers Road replacing Villa", (4, 18), "unexpected 'replacing'"),
    ("Ann hires Road replacing Villa from hand", (4, 32), "unexpected 'from'"),
    ("Ann hires Road replacing", (4, 25), "the line ends too soon"),
    ("Ann hires [Road] from Villa", (4, 23), "unexpected 'Villa'"),
    ("Cid demands Stone showing Ben's Scriptorium", (4, 1),
     "Cid shows Ben's Scriptorium: a demand shows the player's own buildings"),
    ("Cid demands Stone, Rubble showing Cid's Scriptorium", (4, 1), "2 material(s) demanded but 1 card(s) shown"),
    ("Ann steals Ben's Gate giving Brik", (4, 30), "unknown material 'Brik'"),
    ("Ann steals Ben's Gate giving", (4, 29), "the line ends too soon"),
    ("Ann triggers Zed's Garden", (4, 14), "unknown player 'Zed'"),
])
def test_a_mistake_is_refused_where_it_is(text, where, message):
    error = refused(TABLE + text + "\n")
    assert (error.line, error.column) == where and message in error.message


def test_the_first_mistake_from_the_left_is_the_one_reported():
    """A line with several mistakes is refused at the first, reading from the left; a word in a
    verb's place that is no verb is that mistake, before the name in front of it."""
    assert refused(TABLE + "Cid leads leads Laborer with Road\n").message == "unknown role 'leads'"
    assert refused(TABLE + "Zed leads Patron with Raod\n").message == "unknown player 'Zed'"
    assert refused(TABLE + "Zed leeds Patron with Raod\n").message == "unexpected 'leeds'"


def test_names_the_grammar_reads_as_keywords():
    """A line-start keyword is never a statement's first word; any other keyword is a name
    wherever the rule being read accepts no keyword, except the keywords that end a card's name
    (on, to, from, giving, replacing, out of town): those are never words of a card's name."""
    vocabulary = Vocabulary(["Bath", "Turn Table", "Gate With Hinges", "Jack"])
    at_the_tag = refused('[Game "x"]\n[Players "Hand, Ann"]\n\nHand passes\n', vocabulary)
    assert at_the_tag.line == 2 and "a word a line starts with" in at_the_tag.message  # `hand` starts a block line
    head = '[Game "x"]\n[Players "Jack, Ann, To"]\n\n'
    assert statements("Jack passes", head, vocabulary) == ["Jack passes"]
    assert statements("Ann leads Patron with Turn Table, Jack", head, vocabulary) == [
        "Ann leads Patron with Turn Table, Jack"]
    assert statements("Ann lays Gate With Hinges", head, vocabulary) == ["Ann lays Gate With Hinges"]
    assert statements("Ann gives Bath to To", head, vocabulary) == ["Ann gives Bath to To"]  # a player's name


@pytest.mark.parametrize("text,column,expected", [
    ("Ann lays Circus giving", 17, "the end of the line"),
    ("Ann thinks: draw [Forum from Romanum]", 25, "']'"),
    ("Ann keeps Road to Rome", 16, "the end of the line"),
    ("Ann lays to", 10, "a card name"),
    ("Ann adds Road to Ben 's Gate replacing Bath", 30, "the end of the line"),
])
def test_a_keyword_that_ends_a_name_is_never_a_word_of_one(text, column, expected):
    """Without a vocabulary (``notation.parse(text)``) as with one, a card's name stops at the
    first keyword that may follow a name anywhere in a statement, and the grammar decides the
    line: ``Circus giving`` is no card's name."""
    for vocabulary in (None, VOCABULARY):
        error = refused(TABLE + text + "\n", vocabulary)
        assert (error.line, error.column) == (4, column) and expected in error.expected, (vocabulary, error)


@pytest.mark.parametrize("text,expected", [
    ("Ann lays Circus giving", "'from' or 'on' or 'out of town' or the end of the line"),
    ("Ann keeps Road to Rome", "',' or the end of the line"),
])
def test_a_syntax_error_names_only_what_this_line_could_take(text, expected):
    """LALR shares one state among the card names of every statement; the error still names
    only what may follow here (no 'to' after a lay's card, no ')' with no variation open)."""
    assert refused(TABLE + text + "\n").expected == expected


def test_a_vocabulary_refuses_a_name_no_record_could_write():
    with pytest.raises(ValueError, match="'To'"):
        Vocabulary(["Road To Rome"])
    assert Vocabulary(["On-site Works"]).card("on-site works") == "On-site Works"  # a keyword is a whole word


def test_without_a_vocabulary_or_players_names_are_kept_as_written():
    assert statements("Ann leads Patron with temple", vocabulary=None) == ["Ann leads Patron with temple"]
    assert statements("zed passes", head='[Game "x"]\n\n') == ["zed passes"]
    assert statements("ANN PASSES", head='[Game "x"]\n[Players "ann"]\n') == ["ann passes"]


_PALACE = '[Game "Glory to Rome"]\n[Ruleset "imperium"]\n[Players "Ann, Ben"]\n\nturn 1 Ben\n  Ben leads Legionary with Bath\n'


@pytest.mark.parametrize("line,outcome", [
    ("Ann follows with Bath, Road + Latrine", "Ann follows with Bath, Road + Latrine"),
    ("Ann follows with Road + Latrine", "Ann follows with Road + Latrine"),
    ("Ann follows with Bath,Road+Latrine", "Ann follows with Bath, Road + Latrine"),
    ("Ann follows with Road + Latrine, Bath + Bath, Jack", "Ann follows with Road + Latrine, Bath + Bath, Jack"),
    ("Ann follows with Bath +", "the line ends too soon"), ("Ann follows with + Road", "unexpected '+'"),
    ("Ann follows with Road + + Latrine", "unexpected '+'"),
    ("Ann keeps Ben's Jack", "Ann keeps Ben's Jack"), ("Ann keeps Ben's Jack, Jack", "Ann keeps Ben's Jack, Jack"),
    ("Ann keeps Ben's Jack, Ann's Jack", "Ann keeps Ben's Jack, Ann's Jack"),
    ("Ann keeps Zed's Jack", "unknown player 'Zed'"), ("Ann keeps Ben's", "the line ends too soon"),
    ("Ann keeps ben's jack", "Ann keeps Ben's Jack"), ("Ann keeps Ben's Jack,Ben's Jack", "Ann keeps Ben's Jack, Ben's Jack"),
])
def test_petition_groups_and_owners(line, outcome):
    """A play's petitions joined by ``+`` (Palace, AMB-26) and whose card a keep takes (Senate,
    B-SENATE-1), in canonical and other spellings; the canonical text reads back the same."""
    try:
        records = parse(_PALACE + "  " + line + "\n", vocabulary=VOCABULARY)
    except NotationError as error:
        assert outcome in error.message and error.line == 7
        return
    said = records[0].turns[0].steps[-1].statement
    assert str(said) == outcome
    canonical = write(records)
    assert parse(canonical, vocabulary=VOCABULARY) == records and canonical.splitlines()[-1] == "  " + outcome
    if "+" in outcome:
        assert said.groups and sum(said.groups) == len(said.cards)
    if "'s" in outcome:
        assert len(said.owners) == len(said.cards)


# The line cache


def test_a_line_read_at_one_table_is_taken_at_another_only_where_it_reads_the_same():
    five, two = TABLE, '[Game "Glory to Rome"]\n[Players "Ann, Ben"]\n\n'
    lines = ["  Ann gives Bath, Road to Ben", "  Ann gives Bath to Cid", "  Cid steals Ann's Gate",
             "  Ben adds Road from pool to Ann's Archway", "  Ann thinks: refill [Bath, ?]"]
    for cold in (True, False):
        if cold:
            reader._caches.clear()
        read_five = [statements(line, five) for line in lines]
        assert [s for s in read_five] == [[line.strip()] for line in lines]
        for line in lines:
            if "Cid" in line:
                assert "unknown player 'Cid'" in refused(two + line + "\n").message
            else:
                assert statements(line, two) == [line.strip()]
    at_five, at_two = parse_one(five + lines[0] + "\n", vocabulary=VOCABULARY), parse_one(two + lines[0] + "\n", vocabulary=VOCABULARY)
    assert at_five.steps[0].statement is at_two.steps[0].statement  # one reading, shared
    reader._caches.clear()
    assert statements("ann passes", '[Game "x"]\n[Players "ann, Ben"]\n') == ["ann passes"]
    assert statements("ann passes", '[Game "x"]\n[Players "Ann, Ben"]\n') == ["Ann passes"]
    assert statements("Ann passes", '[Game "x"]\n[Players "ANN, Ben"]\n') == ["ANN passes"]


def test_a_surrender_is_checked_at_each_table():
    line = "Ben, Cid surrender to Ann"
    assert statements(line, '[Game "x"]\n[Players "Ann, Ben, Cid"]\n') == [line]
    assert "every player but Ann" in refused(TABLE + line + "\n").message


def test_steps_say_where_they_are_and_share_their_statement():
    text = '[Game "Glory to Rome"]\n[Players "Ann, Ben"]\n\nturn 1 Ann\n  Ann leads Patron with Bath\n' \
           '  Ben thinks: jack\n  Ann passes\n\nturn 2 Ben\n  Ben leads Patron with Bath\n  Ann thinks: jack\n' \
           '  Ann passes\n'
    record = parse_one(text, vocabulary=VOCABULARY)
    first, second = record.turns
    assert [s.span for s in first.steps] == [(5, 3), (6, 3), (7, 3)]
    assert [s.span for s in second.steps] == [(10, 3), (11, 3), (12, 3)]
    assert first.steps[2].statement is second.steps[2].statement
    assert first.steps[2].statement.span == NOWHERE
    assert (first.span, second.span) == ((4, 1), (9, 1))


def test_a_step_and_a_turn_keep_their_place_through_copies_but_compare_without_it():
    text = '[Game "Glory to Rome"]\n[Players "Ann, Ben"]\n\nturn 1 Ann\n    Ann leads Patron with Bath\n'
    record = parse_one(text, vocabulary=VOCABULARY)
    moved = parse_one("\n\n" + text, vocabulary=VOCABULARY)
    for value, span in ((record.steps[0], (5, 5)), (record.turns[0], (4, 1))):
        for copied in (value, pickle.loads(pickle.dumps(value)), copy.deepcopy(value), dataclasses.replace(value)):
            assert type(copied.span) is Span and copied.span == span and copied == value
            assert hash(copied) == hash(value)
    assert record == moved and record.steps[0].span != moved.steps[0].span
    assert Step(record.steps[0].statement).span == NOWHERE
    assert repr(record.steps[0]) == ("Step(statement=Lead(player='Ann', role=Role.PATRON, cards=('Bath',), groups=()), "
                                     "glyphs=(), notes=())")


def test_the_line_cache_keeps_only_what_reads_the_same_on_any_line():
    """A line read again gives the same value at its own place, whether it was cached or not."""
    text = write(records(seed=4, count=30))
    reader._caches.clear()
    cold = parse(text, vocabulary=VOCABULARY)
    warm = parse(text, vocabulary=VOCABULARY)
    assert warm == cold and repr(warm) == repr(cold)
    points_at_its_text(text, warm)
    points_at_its_text(text, cold)


# Setup and position lines


def test_every_canonical_setup_line_of_a_corpus_reads_back_as_itself():
    seen = 0
    for record in records(seed=11, count=120):
        if isinstance(record.start, Setup):
            again = parse_one(write(record), vocabulary=VOCABULARY)
            assert again.start == record.start
            assert [line.text() for line in again.start.lines if not isinstance(line, Comment)] == [
                line.text() for line in record.start.lines if not isinstance(line, Comment)]
            seen += 1
    assert seen > 20


@pytest.mark.parametrize("line,outcome", [
    ("  Pool: ann Bath, BEN circus m", "pool: Ann Bath, Ben Circus Maximus"),
    ("  hand Ann:", "hand Ann:"), ("  hand Ann: Bath,Road", "hand Ann: Bath, Road"), ("  Leader Ann", "leader: Ann"),
    ("  pool: Ann ?", "unexpected '?'"), ("  pool: Ann", "a leader draw names the player, then the card"),
    ("  hand Zed: Bath", "unknown player 'Zed'"), ("  leader: Zed", "unknown player 'Zed'"),
    ("  hand: Bath", "unexpected ':'"), ("  redeal Ann: Bath", "unexpected 'Ann'"),
    ("  deck: 3", "no such line in a setup block"),
])
def test_setup_lines(line, outcome):
    text = TABLE + "setup\n" + line + "\n"
    try:
        [record] = parse(text, vocabulary=VOCABULARY)
    except NotationError as error:
        assert outcome in error.message
    else:
        assert record.start.lines[0].text() == outcome


# Turns and blocks: where each line goes (notation/README.md, Turns)

_HEAD = '[Game "Glory to Rome"]\n[Ruleset "classic"]\n[Players "Ann, Ben"]\n\n'
_POSITION = _HEAD.replace('"classic"]', '"classic"]\n[Start "position"]')
_OPENING = "turn 1 Ann\n  Ann leads Architect with Bath\n  Ben thinks: jack\n  Ann lays Bath\n"


def placed(text: str) -> list | str:
    """The turns of ``text`` as (number, leader, statements), or the error as (line, column, message)."""
    try:
        return [(t.number, t.leader, len(t.steps)) for t in parse_one(text).turns]
    except NotationError as error:
        return f"{error.line}:{error.column} {error.message}"


@pytest.mark.parametrize("body,turns", [
    # turns without headers, before or after written ones
    (_OPENING.replace("turn 1 Ann\n", "") + "  Ben leads Laborer with Road\n", [(1, "Ann", 3), (2, "Ben", 1)]),
    (_OPENING + "  Ben leads Laborer with Road\n", [(1, "Ann", 3), (2, "Ben", 1)]),
    # a think by the player who leads next, after the actions: their turn, or a power's in this one
    (_OPENING + "  Ben thinks: refill\n", [(1, "Ann", 4)]),
    (_OPENING + "  Ben thinks: refill\n\nturn 2 Ben\n  Ben thinks: jack\n", [(1, "Ann", 4), (2, "Ben", 1)]),
    (_OPENING + "  Ben thinks: refill\n  Ann lays Road\n", [(1, "Ann", 5)]),
    (_OPENING + "  Ben thinks: refill\n  Ben leads Laborer with Road\n", [(1, "Ann", 3), (2, "Ben", 1), (3, "Ben", 1)]),
    # thinks that wait for the lines after them: a lead or the end opens their turns, an action keeps them
    ("  Ann thinks: jack\n  Ben thinks: jack\n  Ann thinks: jack\n  Ben thinks: refill\n",
     [(1, "Ann", 1), (2, "Ben", 1), (3, "Ann", 1), (4, "Ben", 1)]),
    ("  Ann thinks: jack\n  Ben thinks: jack\n  Ann thinks: jack\n  Ben leads Laborer with Road\n",
     [(1, "Ann", 1), (2, "Ben", 1), (3, "Ann", 1), (4, "Ben", 1)]),
    ("  Ann thinks: jack\n  Ben thinks: jack\n  Ann thinks: jack\n  Ben gathers Road\n", [(1, "Ann", 4)]),
    (_OPENING + "  Ben thinks: refill\n  Ann thinks: jack\n  Ben thinks: jack; Ann gathers Road\n",
     [(1, "Ann", 5), (2, "Ben", 2)]),
    (_OPENING + "  Ben thinks: refill\n  Ben discards Road; Ann thinks: jack\n  Ben leads Laborer with Road\n",
     [(1, "Ann", 3), (2, "Ben", 2), (3, "Ann", 1), (4, "Ben", 1)]),
    (_OPENING + "  Ben thinks: refill\n  Ann thinks: jack\n  Ben leads Laborer with Road; Ann thinks: jack\n",
     [(1, "Ann", 3), (2, "Ben", 1), (3, "Ann", 1), (4, "Ben", 2)]),
    (_OPENING + "  Ben thinks: refill\n  Ann thinks: jack {why}\n  ( Ann thinks: refill )\n\nturn 2 Ben\n",
     [(1, "Ann", 5), (2, "Ben", 0)]),
    # a think that opened a turn, then the header of that same turn (School, Academy)
    (_OPENING + "  Ben thinks: refill\n  Ben leads Laborer with Road\n  Ann thinks: jack\n  Ben gathers Road\n"
     "  Ann thinks: refill\n\nturn 2 Ben\n", "15:6 turn 2 out of order"),
    # headers and leaders that do not fit
    ("turn 2 Ann\n  Ann leads Architect with Bath\n", "5:6 turn 2 out of order"),
    ("turn 1 Ann\n  Ben leads Architect with Bath\n", "6:3 the header of turn 1 (line 5) names Ann as its leader, but Ben decides first"),
    ("turn 1 Ann\n  Ann leads Architect with Bath\nturn 3 Ben\n", "7:6 turn 3 out of order"),
    ("turn 1 Ann\n  Ben thinks: jack\n", "6:3 the header of turn 1 (line 5) names Ann as its leader, but Ben decides first"),
    ("turn 1 Ann\nturn 2 Ben\n  Ann thinks: jack\n", "7:3 the header of turn 2 (line 6) names Ben as its leader, but Ann decides first"),
    # blocks where they may and may not be
    ("setup\n  leader: Ann\n\nturn 1 Ann\n  Ann thinks: jack\n", [(1, "Ann", 1)]),
    ("turn 1 Ann\n  Ann thinks: jack\nsetup\n  leader: Ann\n", "7:1 a second block: 'setup' comes once, before the first turn"),
    ("setup\n  leader: Ann\nsetup\n", "7:1 a second block: 'setup' comes once, before the first turn"),
    ("setup\n  leader: Ann\n\nturn 1 Ann\n  leader: Ann\n",
     "9:3 this line belongs in the setup or position block, before the first turn"),
    ("setup\n  hand Ann: Bath\n  pool: Ann Bath, Ben Road ; a tie\n  leader: Ann\n", []),
])
def test_turns_and_blocks_are_placed(body, turns):
    assert placed(_HEAD + body) == turns


def test_thinks_waiting_for_the_same_line_are_placed_in_one_pass():
    """Thinks without headers, each by the player who leads next, all wait for the first line
    after them that says whether they open turns: that line is read once for all of them, so
    a long run of them takes time linear in its length."""
    body = "".join(f"  {player} thinks: jack\n" for _ in range(10_000) for player in ("Ann", "Ben"))
    started = time.process_time()
    assert placed(_HEAD + body) == [(n, "Ann" if n % 2 else "Ben", 1) for n in range(1, 20_001)]
    assert time.process_time() - started < 5  # a read of the lines after each think took minutes


def test_a_setup_block_is_refused_where_a_position_is_wanted():
    assert placed(_POSITION + "setup\n  leader: Ann\n") == "6:1 a setup block in a record that starts from a position"


@pytest.mark.parametrize("line,outcome", [
    ("  Ann leads Patron with Temple, Temple, Temple", [(1, "Ann", 2), (2, "Ann", 1)]),
    ("  Ann thinks: refill [", "8:23 the line ends too soon"),
    ("  Ann thinks: refill []", [(1, "Ann", 3)]),
    ("  Ann gives Bath to Ann's", "8:24 unexpected \"'s\""),
    ("  Ann adds Road from deck to Archway", [(1, "Ann", 3)]),
    ("  Ann demands Brick showing Bath, Road", "8:3 1 material(s) demanded but 2 card(s) shown"),
    ("turn 99 Ann", "8:6 turn 99 out of order"),
    ("turn 1 Ben", "8:6 turn 1 out of order"),
    ("  Ann: Glory to Rome", [(1, "Ann", 3)]),
    ("  hand Ann: Bath", "8:3 this line belongs in the setup or position block, before the first turn"),
    ("  Ann discards Bath,Road", [(1, "Ann", 3)]),
    ("  Ann hires [Road] from pool", "8:25 a card in brackets comes from the deck, not the pool"),
    ("  Ann follows with", "8:19 the line ends too soon"),
])
def test_a_line_after_a_turn_s_first_statements(line, outcome):
    assert placed(_HEAD + "turn 1 Ann\n  Ann leads Architect with Bath\n  Ben thinks: jack\n" + line + "\n") == outcome


# Whole records


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_every_example_reads_and_says_where_each_value_is(path):
    text = path.read_text(encoding="utf-8")
    read = parse(text, vocabulary=VOCABULARY)
    assert parse(write(read), vocabulary=VOCABULARY) == read
    canonical = notation.format_text(text)
    points_at_its_text(canonical, parse(canonical, vocabulary=VOCABULARY))


def _spoilt(lines: list[str], rng: random.Random) -> list[str]:
    """``lines`` with one line spoilt: a word dropped, doubled, misspelt or swapped, a name
    that is no one's, a number out of order, a comment or variation left open..."""
    body = [i for i, line in enumerate(lines) if line.strip() and not line.startswith("[")]
    index = rng.choice(body)
    words = lines[index].split(" ")
    spoil = rng.randrange(8)
    if spoil == 0 and len(words) > 1:
        del words[rng.randrange(len(words))]
    elif spoil == 1:
        at = rng.randrange(len(words))
        words.insert(at, words[at])
    elif spoil == 2:
        at = rng.randrange(len(words))
        words[at] = words[at][:-1] or "x"
    elif spoil == 3 and len(words) > 2:
        a, b = rng.sample(range(len(words)), 2)
        words[a], words[b] = words[b], words[a]
    elif spoil == 4:
        words = [w.replace("Ann", "Zed").replace("Ben", "Ann") for w in words]
    elif spoil == 5:
        words = [str(int(w) + rng.choice((-1, 1, 7))) if w.isdigit() else w for w in words]
    elif spoil == 6:
        words.append(rng.choice(["{open", "(Ann passes", "!?", "; why", "{[%clock 1]}", "$3"]))
    else:
        words = [w.lower() if rng.random() < 0.5 else w for w in words]
    return lines[:index] + [" ".join(words)] + lines[index + 1:]


@pytest.mark.parametrize("seed", range(4))
def test_a_spoilt_record_reads_or_is_refused_on_a_line_of_it(seed):
    rng = random.Random(seed)
    sources = [path.read_text(encoding="utf-8") for path in EXAMPLES]
    refused_count = 0
    for _ in range(40):
        text = rng.choice(sources)
        pieces = [piece for _, piece in scan.pieces(scan.normalize(text))]
        lines = rng.choice(pieces).split("\n")
        if not any(line.strip() and not line.startswith("[") for line in lines):
            continue
        spoilt = "\n".join(_spoilt(lines, rng))
        try:
            read = parse(spoilt, source="spoilt.gtr", vocabulary=VOCABULARY)
        except NotationError as error:
            refused_count += 1
            assert 1 <= error.line <= len(lines) and error.column >= 1
            assert str(error).startswith(f"spoilt.gtr:{error.line}:{error.column}: ")
            assert str(error).splitlines()[1] == "  " + spoilt.split("\n")[error.line - 1]
        else:
            assert parse(write(read), vocabulary=VOCABULARY) == read
    assert refused_count >= 5


# Reading and the rest of the program


def test_reading_from_several_threads_at_once_gives_the_same_records():
    texts = [write(records(seed=seed, count=10)) for seed in range(4)]
    expected = [parse(text, vocabulary=VOCABULARY) for text in texts]
    results: dict[int, list] = {}

    def read(index: int) -> None:
        for _ in range(5):
            reader._caches.clear()
            results[index] = parse(texts[index % 4], vocabulary=VOCABULARY)

    threads = [threading.Thread(target=read, args=(i,)) for i in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert all(results[i] == expected[i % 4] for i in range(8))


def test_reading_leaves_the_collector_as_it_found_it_and_makes_no_garbage_cycle():
    text = write(records(seed=5, count=3))
    assert gc.isenabled()
    parse(text)
    assert gc.isenabled()
    gc.disable()
    try:
        parse(text)
        assert not gc.isenabled()
    finally:
        gc.enable()
    # a record dropped is freed by reference counting at once: nothing reading made holds its steps
    gc.collect()
    gc.set_debug(gc.DEBUG_SAVEALL)
    try:
        parse(text)
        gc.collect()
        assert [o for o in gc.garbage if type(o).__module__.startswith("notation")] == []
    finally:
        gc.set_debug(0)
        gc.garbage.clear()


def test_records_held_by_garbage_cycles_do_not_pile_up():
    text = write(records(seed=3, count=1))
    holder = None
    for _ in range(3000):
        # a cycle holding the record, alive while the next record is read (as a replay is),
        # then garbage: the collector frees it
        holder = [parse_one(text), holder]
        holder[1] = holder
    assert sum(type(o) is Record for o in gc.get_objects()) < 1500


def test_a_comment_left_open_before_another_is_refused_at_its_opening_not_read_over_statements():
    """A forgotten '}' let the comment run on to the next comment's '}', swallowing the
    statements between (Cid's gather was lost, and the record read as legal): comments do not
    nest, so a '{' inside one is refused, at the one left open."""
    text = TABLE + "Ann leads Laborer with Road\nBen follows with Road {nice\nCid follows with Road {ok}\n"
    error = refused(text)
    assert (error.line, error.column) == (5, 23) and "not closed before another '{' at line 6" in error.message
    kept = TABLE + "Ann leads Laborer with Road {one comment\nover two lines} {and another}\nBen follows with Road\n"
    assert statements("Ann leads Laborer with Road {a} {b}") == ["Ann leads Laborer with Road"]
    assert [str(s.statement) for s in parse_one(kept, vocabulary=VOCABULARY).steps] == [
        "Ann leads Laborer with Road", "Ben follows with Road"]


@pytest.mark.parametrize("text, where, words", [
    ('[Game "x"]\n[Ruleset "republic"]\n[Players "Ann, Ben"]\n[Ruleset "classic"]\n\nAnn thinks: jack\n', (4, 2),
     "a second Ruleset tag, 'classic': line 2 gives 'republic'"),
    ('[Game "x"]\n[Players "Ann, Ben"]\n[Players "Ben, Ann"]\n\nAnn thinks: jack\n', (3, 2),
     "a second Players tag, 'Ben, Ann': line 2 gives 'Ann, Ben'"),
    ('[Game "x"]\n[Players "Ann, Ben"]\n\nsetup\n  pool: Ann Bath, Ben Road\n  leader: Ann\n  leader: Ben\n', (7, 3),
     "a second 'leader:' line: the setup block gives it at line 6"),
    ('[Game "x"]\n[Players "Ann, Ben"]\n\nsetup\n  pool: Ann Bath, Ben Road\n  hand Ann: Road\n  hand Ben: Bath\n'
     '  hand Ann: Dock\n', (8, 3), "a second 'hand Ann:' line: the setup block gives it at line 6"),
    ('[Game "x"]\n[Players "Ann, Ben"]\n[Start "position"]\n\nposition\n  leader: Ann\n  deck: 30\n  deck: 20\n',
     (8, 3), "a second 'deck:' line: the position block gives it at line 7"),
])
def test_a_record_that_says_one_thing_twice_two_ways_is_refused_at_the_second(text, where, words):
    """The first of two Ruleset tags or hands was kept and the second dropped unread: a record
    that contradicts itself is refused where it does."""
    error = refused(text)
    assert (error.line, error.column) == where and words in error.message


def test_lines_a_block_may_give_again_and_a_tag_repeated_alike_are_kept():
    text = ('[Game "x"]\n[Players "Ann, Ben, Cid"]\n[Players "Ann, Ben, Cid"]\n\nsetup\n'
            '  pool: Ann Bath, Ben Bath, Cid Road\n  redeal: Ann Road, Ben Bar\n  hand Ann: Road\n')
    assert parse_one(text, vocabulary=VOCABULARY).start.draws[1][1].card == "Bar"


def test_a_phone_s_curly_apostrophe_and_quotes_read_as_straight_ones():
    """Phone keyboards type ’ and “ ”: 'Ann steals Ben’s Gate' and '[Ruleset “republic”]' were
    refused with an apostrophe that looks the same as the one expected."""
    record = parse_one('[Game "x"]\n[Ruleset \u201crepublic\u201d]\n[Players "Ann, Ben"]\n\n'
                       "Ann thinks: jack\nAnn steals Ben\u2019s Gate\n", vocabulary=VOCABULARY)
    assert record.tag("Ruleset") == "republic"
    assert [str(s.statement) for s in record.steps][-1] == "Ann steals Ben's Gate"


@pytest.mark.parametrize("line, hint", [("jack: 3", "'jacks:', not 'jack:'"),
                                        ("out-of-town: Rubble 3", "'out of town:', not 'out-of-town:'"),
                                        ("stockpiles Ann: Road", "'stockpile:', not 'stockpiles:'")])
def test_a_misspelt_block_line_is_named_with_the_word_it_lacks(line, hint):
    text = f'[Game "x"]\n[Players "Ann, Ben"]\n[Start "position"]\n\nposition\n  leader: Ann\n  {line}\n'
    assert hint in refused(text).hint


@pytest.mark.parametrize("line", ["Ann thinks: jack ; Ben passes next, he had nothing",
                                  "Ann thinks: jack ; Ann thinks Villa is strong",
                                  "Ann thinks: jack ; Jack passes to Ben"])
def test_a_comment_read_as_a_joined_statement_says_to_write_it_in_braces(line):
    """notation/README.md: a ';' comment that reads as a statement is read as one, and fails:
    the error says so, and how to write the comment."""
    error = refused(f'[Game "x"]\n[Players "Ann, Ben"]\n\n{line}\n')
    assert error.hint == "the ';' at column 18 joins a statement, as a name and a verb follow it; write a " \
                         "comment there as {...}"


def test_a_line_refused_before_its_joining_semicolon_gets_no_such_hint():
    error = refused('[Game "x"]\n[Players "Ann, Ben"]\n\nAnn thinkz: jack ; Ben thinks: jack\n')
    assert "joins a statement" not in (error.hint or "")


@pytest.mark.parametrize("tag", ['[Event "Thursday club, example game]', '[Players "Ann, B'])
def test_a_tag_value_without_its_closing_quote_is_named_so(tag):
    """The value is in double quotes, its closing quote missing: the error says that, rather
    than asking for a value in double quotes."""
    error = refused(f'[Game "x"]\n{tag}\n\nAnn thinks: jack\n')
    assert (error.message, error.line, error.column) == ("the tag's value has no closing quote", 2, tag.index('"') + 1)
    assert error.hint == 'end the value with " before the ]'


def test_a_turn_header_written_with_a_colon_is_shown_its_form():
    error = refused('[Game "x"]\n[Players "Ann, Ben"]\n\nTurn 9: Ben\n  Ben thinks: jack\n')
    assert error.hint == "a turn header is written 'turn 9 Ben', without ':'"


def test_a_letter_written_with_a_combining_mark_is_named_with_its_whole_form():
    """A decomposed 'ë' (e + U+0308) looks like one letter: the error names the mark and the
    letter to type, in a tag and in a statement."""
    error = refused('[Game "x"]\n[Players "Zoe\u0308, Ben"]\n\nBen thinks: jack\n')
    assert "holds a combining mark, combining diaeresis (U+0308), after 'e'" in error.message
    assert error.hint.startswith("type '\u00eb' as one letter") and error.column == 14
    error = refused('[Game "x"]\n[Players "Zo\u00eb, Ben"]\n\nZoe\u0308 thinks: jack\n')
    assert error.message.startswith("a combining mark, combining diaeresis (U+0308), after 'e'")
    assert (error.line, error.column) == (4, 4)


def test_a_thinks_drawn_cards_in_parentheses_are_shown_their_brackets():
    error = refused('[Game "x"]\n[Players "Ann, Ben"]\n\nAnn thinks: refill (Road, Bath)\n')
    assert error.hint.startswith("a think's drawn cards are listed in [ ]")


def test_a_turn_header_inside_a_variation_is_named_so():
    error = refused('[Game "x"]\n[Players "Ann, Ben"]\n\nAnn thinks: jack\n( Ann thinks: refill\nturn 2 Ben\n'
                    '  Ben thinks: jack )\n')
    assert (error.line, error.hint) == (6, "a variation holds no turn headers: its statements go on into the "
                                           "turns after by themselves; remove the header")
