"""Each broken record in tests/data/notation/invalid has one mistake, reported where it is."""

from pathlib import Path

import pytest

from notation import NotationError, Vocabulary, parse

INVALID = Path(__file__).parents[1] / "data" / "notation" / "invalid"

# file: (line, column, words the message holds, words the hint holds or None)
EXPECTED = {
    "ambiguous_card_prefix": (11, 20, "ambiguous card 'Ca'", "'Castra'"),
    "ambiguous_role": (10, 13, "ambiguous role 'L'", "'Laborer' or 'Legionary'"),
    "brackets_not_from_deck": (13, 25, "a card in brackets comes from the deck", "'Bath from hand'"),
    "demand_count": (13, 3, "2 material(s) demanded but 1 card(s) shown", None),
    "glory_misspelt": (15, 8, "unexpected 'Glory'", None),
    "indented_tag": (2, 3, "a tag line starts in the first column", "remove the spaces"),
    "joined_statement_unknown_card": (11, 44, "unknown card 'Atrum'", "'Atrium'"),
    "missing_with": (10, 21, "unexpected 'Road'", None),
    "no_tags": (1, 1, "a record starts with its tags", None),
    "no_break_space": (12, 14, "a no-break space (U+00A0) is not a space the notation reads", "ordinary space"),
    "out_of_town_misspelt": (13, 12, "unknown card 'Temple out of tow'", None),
    "pool_draw_without_card": (6, 9, "a leader draw names the player, then the card", None),
    "position_without_start_tag": (5, 1, "a position block in a record that starts from the setup",
                                   '[Start "position"]'),
    "second_setup": (16, 1, "a second block", None),
    "setup_line_after_turns": (15, 3, "belongs in the setup or position block", None),
    "site_unknown_material": (8, 12, "unknown material 'Rubbel'", "'Rubble'"),
    "site_material_twice": (8, 30, "Rubble is given twice on this 'in town:' line", "'Rubble N'"),
    "statement_ends_too_soon": (10, 25, "the line ends too soon", None),
    "steal_missing_possessive": (15, 18, "unexpected 'Gate'", None),
    "surrender_not_everyone": (15, 3, "every player but Ann surrenders", None),
    "tag_value_unquoted": (2, 10, "unexpected 'republic'", None),
    "think_missing_colon": (12, 14, "unexpected 'draw'", None),
    "turn_header_unknown_player": (9, 8, "unknown player 'Cyd'", "'Cid'"),
    "turn_leader_mismatch": (10, 3, "the header of turn 1 (line 9) names Ann as its leader, but Cid decides first", None),
    "turn_out_of_order": (9, 6, "turn 2 out of order", None),
    "unclosed_comment": (14, 24, "this comment is never closed", None),
    "unclosed_variation": (15, 3, "this variation is never closed", None),
    "unclosed_variation_before_a_turn": (15, 3, "this variation is never closed", "close it with ')' where it ends"),
    "unknown_card": (11, 20, "unknown card 'Raod'", "'Road'"),
    "unknown_material": (13, 22, "unknown material 'Brik'", "'Brick'"),
    "unknown_player": (11, 3, "unknown player 'Anne'", "'Ann'"),
    "unknown_role": (10, 13, "unknown role 'Laborr'", "'Laborer'"),
    "unknown_think_kind": (12, 15, "unexpected 'refil'", None),
    "unknown_verb": (10, 7, "unexpected 'leeds'", "'leads'"),
    "unknown_zone": (13, 28, "unexpected 'attic'", None),
    "variation_without_statement": (10, 3, "a variation must follow the statement it replaces", None),
}

EXPECTED_WORDS = {
    "missing_with": "'with'",
    "unknown_role": "a role: Patron, Laborer, Architect, Craftsman, Legionary, Merchant",
    "unknown_verb": "a verb: ",
    "unknown_think_kind": "jack, refill or draw",
    "unknown_zone": "a zone: hand, pool, deck",
    "think_missing_colon": "':'",
    "tag_value_unquoted": "double quotes",
    "statement_ends_too_soon": "a card name",
    "turn_out_of_order": "turn 1",
    "steal_missing_possessive": "'s",
}


def test_every_file_has_an_expectation():
    assert sorted(p.stem for p in INVALID.glob("*.gtr")) == sorted(EXPECTED)
    assert len(EXPECTED) >= 25


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_error_is_located_and_explained(name):
    line, column, message, hint = EXPECTED[name]
    text = (INVALID / f"{name}.gtr").read_text()
    with pytest.raises(NotationError) as caught:
        parse(text, source=f"{name}.gtr", vocabulary=Vocabulary.default())
    error = caught.value
    assert (error.line, error.column) == (line, column)
    assert message in error.message
    if hint is not None:
        assert hint in error.hint
    if name in EXPECTED_WORDS:
        assert EXPECTED_WORDS[name] in error.expected
    shown = str(error).splitlines()
    assert shown[0].startswith(f"{name}.gtr:{line}:{column}: ")
    assert shown[1] == "  " + text.splitlines()[line - 1]
    assert shown[2] == "  " + " " * (column - 1) + "^" * len(shown[2].strip())


def test_error_without_source_is_named_text():
    with pytest.raises(NotationError) as caught:
        parse('[Game "x"]\n[Players "Ann, Ben"]\nAnn leads Patrn with Road\n')
    assert str(caught.value).startswith("<text>:3:11: unknown role 'Patrn'")
