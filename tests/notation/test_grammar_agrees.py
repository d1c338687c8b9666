"""gtr.lark owns the language, and the hand reader accepts and refuses the same lines as lark
does: every example line, and a bounded sample of mutations of each (benchmarks/grammar_sweep.py
runs the long sweep)."""

from __future__ import annotations

import pytest

from differential import Case, by_grammar, by_reader, compare, corpus, example_lines
from notation import grammar, terminals

SAMPLE = corpus(per_line=4, seed=35)


def test_every_example_line_is_in_the_language_for_both():
    lines = example_lines()
    assert len(lines) > 2000
    assert [c for c in lines if by_grammar(c).verdict != "accepted"] == []
    # read out of its block, a position's `pool:` line reads as a setup's leader draw: a name error
    assert [c for c in lines if by_reader(c).verdict == "refused"] == []


def test_the_reader_and_the_grammar_agree_on_every_mutated_line():
    differ = {case: why for case in SAMPLE if (why := compare(case)) is not None}
    assert differ == {}
    verdicts = {by_reader(case).verdict for case in SAMPLE}
    assert verdicts == {"accepted", "refused", "name"}  # the sample reaches every outcome
    assert len(SAMPLE) > 10_000


@pytest.mark.parametrize("text", [
    "Ann lays Circus giving",  # a card named "Circus giving", once
    "Ann thinks: draw [Forum from Romanum]",
    "hand Ann: Road ; Ann passes",  # a `;` after a block line is a comment, whatever follows
    "influence Ann: Rubble, Brick ; Ann passes",
    "( Ann passes ) ; Ann passes",  # a statement joined after a variation line
    "Ann triggers Ben 's Prison",  # `'s` apart from the name, as in a steal
    "Ann lays Road on-site",  # a keyword is a whole word
    "; Ann passes {a comment\nover two lines}",
])
def test_lines_on_which_they_once_differed(text):
    assert compare(Case(text, "line")) is None


def test_the_words_that_end_a_name_are_what_may_follow_one():
    """``CARD_WORD`` names the keywords a card's name never holds (``terminals.NAME_ENDS``, what
    the reader stops a name at); they are exactly the keywords lark's table lets follow a word of
    a name, in any statement."""
    table = grammar.parser().parser.parser._parse_table
    inside = {target for actions in table.states.values() for token, (action, target) in actions.items()
              if token == "CARD_WORD" and action.name == "Shift"}
    following = set().union(*(table.states[state].keys() for state in inside))
    assert set(terminals.NAME_ENDS) == following & set(terminals.KEYWORDS)
