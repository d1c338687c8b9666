"""The Expansion tag: which of the optional Geek cards a game holds (R-VER-2, 000 Appendix III:
'Use any cards from this expansion you like, leaving out the ones you don't'). The same value
in a record, in ``new_game``, self-play, ``gtr record`` and ``gtr cards``; a Geek card a game
leaves out is refused with a hint naming the tag."""

from __future__ import annotations

import json
from collections import Counter

import notation
import pytest
from typer.testing import CliRunner

from gtr_replay.data.cards import cards_for
from gtr_replay.cli import app
from gtr_replay.engine.setup import new_game
from gtr_replay.engine.invariants import check_invariants
from gtr_replay.enums import Material, Ruleset
from gtr_replay.errors import UnknownNameError, UsageError
from gtr_replay.data.expansions import expansion_cards, expansion_tag, geek_cards
from gtr_replay.replay.recorder import Recording
from gtr_replay.replay.replayer import Replayer
from gtr_replay.play.selfplay import play_one
from gtr_replay.store.rows import game_id
from gtr_replay.vocabulary import card_vocabulary
from gtr_replay.replay.visitors import KeepStates, Refusal

runner = CliRunner()


def test_the_tag_names_all_the_geek_cards_or_some():
    assert len(geek_cards()) == 10 and expansion_cards("geek", "republic") == geek_cards()
    assert expansion_cards(" GEEK ", "imperium") == geek_cards()
    assert expansion_cards("geek: domus, Castra, Domus", "republic") == ("Castra", "Domus")
    assert expansion_cards(["Watch Post"], "republic") == ("Watch Post",)
    assert expansion_cards(None, "republic") == expansion_cards("", "republic") == ()
    assert expansion_tag(geek_cards()) == "geek" and expansion_tag(("Domus", "Castra")) == "geek: Castra, Domus"
    assert expansion_tag(()) is None


@pytest.mark.parametrize("value, error, words", [
    ("geek: Dommus", UnknownNameError, "did you mean 'Domus'"),
    ("geek: Xanadu", UnknownNameError, "the Geek cards are"),
    ("gek", UnknownNameError, 'write "geek" for all ten'),
    ("geek:", UsageError, "no Geek card named"),
])
def test_a_wrong_tag_value_says_what_to_write(value, error, words):
    with pytest.raises(error) as caught:
        expansion_cards(value, "republic")
    assert words in str(caught.value)


def test_the_geek_cards_are_for_the_black_box_rulesets_only():
    with pytest.raises(UsageError, match="republic and imperium, not classic"):
        new_game("classic", ["Ann", "Ben"], seed="x", expansion="geek")


def test_the_deck_holds_the_chosen_cards_with_their_copies():
    """CARDS.md: six copies of a Rubble or Wood building, three of any other; the Geek cards'
    materials that no source gives are marked assumed."""
    optional = cards_for(Ruleset.REPUBLIC).optional
    for card in optional.values():
        assert card.copies == (6 if card.material in (Material.RUBBLE, Material.WOOD) else 3)
    assert {n for n, c in optional.items() if not c.assumed} == {"Domus", "Castra", "Castra Praetoria"}
    assert optional["Aerarium"].value == 2 and optional["Bacchanalia"].value == 3  # their Sites' Influence
    plain, _ = new_game("republic", ["Ann", "Ben"], seed="deck")
    geek, _ = new_game("republic", ["Ann", "Ben"], seed="deck", expansion="geek: Castra, Domus")
    assert geek.expansions == ("Castra", "Domus")
    held = Counter(geek.deck) + Counter(c for p in geek.players for c in p.hand) + Counter(geek.pool)
    assert held["Castra"] == held["Domus"] == 6 and held["Aerarium"] == 0
    assert sum(held.values()) == 144 + 12 and len(plain.deck) + 12 == len(geek.deck)
    check_invariants(geek)


def _position(tags: str, hand: str = "Domus, Dock") -> str:
    return f"""[Game "Glory to Rome"]
[Ruleset "republic"]
[Players "Ann, Ben"]
{tags}[Start "position"]

position
  hand Ann: {hand}
  hand Ben: Road

turn 1 Ann
  Ann leads Craftsman with Dock
  Ben thinks: jack
  Ann lays Domus
"""


def _replay(text: str) -> Replayer:
    [record] = notation.parse(text, vocabulary=card_vocabulary())
    replayer = Replayer(record, KeepStates(Refusal.END_LINE))
    list(replayer.run())
    return replayer


def test_a_record_without_the_tag_has_no_geek_card():
    """A Geek card in a record without the Expansion tag is refused, with the tag to add."""
    [problem] = _replay(_position("")).diagnostics
    assert "Domus is not in this game's deck" in problem.message and "R-VER-2" in problem.rule_ids
    assert '[Expansion "geek: Domus"]' in problem.hint
    [problem] = _replay(_position('[Expansion "geek: Castra"]\n')).diagnostics
    assert '[Expansion "geek: Castra, Domus"]' in problem.hint  # the cards it has, and the one missing
    assert not _replay(_position('[Expansion "geek: Domus"]\n')).diagnostics
    [problem] = _replay(_position("", hand="Dock, Road")).diagnostics  # a statement naming one
    assert problem.message.endswith("no Domus in Ann's hand; Domus is a Geek card, not in this game")
    assert "R-VER-2" in problem.rule_ids and '[Expansion "geek: Domus"]' in problem.hint


def test_a_geek_card_in_an_unseen_hand_is_refused_with_the_tag_named():
    """A card revealed from a hand the recorder did not see (engine.unseen) must be a card of
    the game: a Geek card is one only with the tag."""
    text = _position("", hand="?, ?, Dock")
    [problem] = _replay(text).diagnostics
    assert "Domus is a Geek card, which this game does not use" in problem.message
    assert '[Expansion "geek: Domus"]' in problem.hint
    assert not _replay(_position('[Expansion "geek"]\n', hand="?, ?, Dock")).diagnostics


def test_a_geek_card_drawn_in_a_game_without_it_is_named_as_such():
    """A think's listed draw naming a Geek card the game leaves out: no copy was ever in the
    deck, which is what the refusal says (R-VER-2), not that every copy is elsewhere."""
    text = _position("", hand="Dock").replace("  Ben thinks: jack\n  Ann lays Domus\n",
                                             "  Ben thinks: refill [Triclinium, Atrium, Dock, Bar]\n")
    [problem] = _replay(text).diagnostics
    assert problem.message.endswith("Triclinium cannot be drawn: Triclinium is a Geek card, not in this game")
    assert problem.rule_ids == ("R-VER-2",) and '[Expansion "geek: Triclinium"]' in problem.hint
    placed = _position("", hand="Dock").replace("  hand Ben: Road\n", "  hand Ben: Road\n  pool: Temple, Temple, Temple\n")
    [problem] = _replay(placed.replace("  Ben thinks: jack\n  Ann lays Domus\n",
                                       "  Ben thinks: refill [Temple, Road, Road, Road]\n")).diagnostics
    assert problem.message.endswith("Temple cannot be drawn: no such card is left in the deck")  # all three placed
    assert problem.rule_ids == ("R-COMP-6",)


@pytest.mark.parametrize("card", ["Circus", "Crane"])
def test_a_card_of_another_ruleset_drawn_is_named_as_such(card):
    """R-COMP-4: the Circus is an imperium card, the Crane a republic one: a republic game's
    deck holds no Circus, so the refusal says the card is none of this ruleset's, not that
    every copy is elsewhere; the Crane is drawn."""
    text = _position("", hand="Dock").replace("  Ben thinks: jack\n  Ann lays Domus\n",
                                             f"  Ben thinks: refill [{card}, Atrium, Dock, Bar]\n")
    found = _replay(text).diagnostics
    if card == "Crane":
        assert not found
        return
    [problem] = found
    assert problem.message.endswith("Circus cannot be drawn: Circus is not a card of the republic ruleset")
    assert problem.rule_ids == ("R-COMP-4",) and "gtr cards --ruleset republic" in problem.hint


def test_a_deck_tag_and_a_setup_block_name_geek_cards_only_with_the_tag():
    deck = ", ".join(["Domus"] + ["Road"] * 5)
    text = f"""[Game "Glory to Rome"]
[Ruleset "republic"]
[Players "Ann, Ben"]
[Deck "{deck}"]

turn 1 Ann
  Ann thinks: jack
"""
    [problem] = _replay(text).diagnostics
    assert "Deck tag: Domus is not in this game's deck" in problem.message and "geek: Domus" in problem.hint
    setup = """[Game "Glory to Rome"]
[Ruleset "republic"]
[Players "Ann, Ben"]

setup
  pool: Ann Bath, Ben Road
  hand Ann: Domus, Dock, Road, Bar, Insula
"""
    [problem] = _replay(setup).diagnostics
    assert "more copies than the deck holds: Domus" in problem.message and "geek: Domus" in problem.hint
    assert not _replay(setup.replace('[Players "Ann, Ben"]', '[Players "Ann, Ben"]\n[Expansion "geek"]')).diagnostics


def test_a_wrong_expansion_tag_is_located():
    [problem] = _replay(_position('[Expansion "geek: Dommus"]\n')).diagnostics
    assert (problem.line, problem.column) == (4, 2)
    assert "Expansion tag: 'Dommus' is not a Geek card" in problem.message and problem.hint == "did you mean 'Domus'?"


def test_self_play_writes_the_tag_and_its_records_replay():
    game = play_one("imperium", ["Ann", "Ben"], "expansion-tag", expansion="geek: Triclinium, Watch Post")
    record = game.record()
    assert record.tag("Expansion") == "geek: Triclinium, Watch Post"
    replayer = Replayer(notation.parse_one(notation.write(record), vocabulary=card_vocabulary()))
    list(replayer.run())
    assert not replayer.diagnostics and replayer.final.expansions == ("Triclinium", "Watch Post")


def test_a_game_is_one_game_however_its_tag_lists_the_cards():
    """The Expansion tag is part of a game's identity in the store (store.rows.DEFINING_TAGS),
    compared canonically."""
    def record(tag):
        return notation.parse_one(_position(tag), vocabulary=card_vocabulary())
    same = game_id(record('[Expansion "geek: Domus, Castra"]\n'))
    assert game_id(record('[Expansion "GEEK: castra, domus"]\n')) == same
    assert game_id(record('[Expansion "geek: Domus"]\n')) != same != game_id(record(""))
    every = ", ".join(geek_cards())
    assert game_id(record(f'[Expansion "geek: {every}"]\n')) == game_id(record('[Expansion "geek"]\n'))


def test_the_commands_take_the_same_value(tmp_path):
    listed = json.loads(runner.invoke(app, ["cards", "-r", "imperium", "--expansion", "geek", "--json"]).stdout)
    assert listed["expansion"] == list(geek_cards()) and listed["order_cards"] == 144 + 42
    assert {c["name"] for c in listed["cards"] if c["assumed"]} == set(geek_cards()) - {"Domus", "Castra",
                                                                                       "Castra Praetoria"}
    wrong = runner.invoke(app, ["cards", "--expansion", "geek: Dommus"])
    assert wrong.exit_code == 2 and "did you mean 'Domus'" in wrong.stderr
    played = runner.invoke(app, ["selfplay", "-r", "republic", "-n", "2", "-g", "1", "-x", "geek", "--check",
                                 "--out", str(tmp_path / "g.gtr")])
    assert played.exit_code == 0, played.output
    assert notation.parse_one((tmp_path / "g.gtr").read_text()).tag("Expansion") == "geek"
    recording = Recording.start(tmp_path / "r.gtr", ruleset="republic", players=["Ann", "Ben"], me="Ann",
                                pool="Ann Bath, Ben Road", hand="Dock, Wall, Insula, Tower, Domus",
                                expansion="geek: domus")
    assert recording.record.tag("Expansion") == "geek: Domus" and not recording.state.over
    with pytest.raises(UnknownNameError):
        Recording.start(tmp_path / "bad.gtr", ruleset="republic", players=["Ann", "Ben"], me="Ann",
                        pool="Ann Bath, Ben Road", hand="Dock", expansion="geek: Dommus")
    assert not (tmp_path / "bad.gtr").exists()


def test_a_refused_statement_beside_an_unseen_hand_names_what_the_geek_cards_allow(tmp_path):
    """A statement refused while the player to move holds unseen cards lists what those could
    be; with the Expansion tag, a Geek card among them is a card of the game like any other."""
    text = ('[Game "Glory to Rome"]\n[Ruleset "imperium"]\n[Players "Ann, Ben"]\n[Expansion "geek"]\n\n'
            "setup\n  pool: Ann Forum, Ben Aqueduct\n  hand Ann: Circus, Circus, Tower, Castra, Jack\n"
            "  hand Ben: ?, ?, ?, ?, Jack\n  leader: Ben\n\nturn 1 Ben\n  Ann passes\n")
    path = tmp_path / "unseen-geek.gtr"
    path.write_text(text, encoding="utf-8")
    result = runner.invoke(app, ["check", str(path)])
    assert result.exit_code == 1, result.output
    assert f"{path}:13:3: Ann cannot pass now: the game waits for Ben to lead or think" in result.output
    imported = runner.invoke(app, ["import", str(path), "--db", str(tmp_path / "g.db")])
    assert imported.exit_code == 1 and "record 1 of" in imported.output and "Traceback" not in imported.output


def _read_card(word: str, ruleset: str, expansion: str | None) -> str:
    """The card ``word`` reads as in a record of ``ruleset`` with that Expansion tag."""
    tag = f'[Expansion "{expansion}"]\n' if expansion is not None else ""
    text = (f'[Ruleset "{ruleset}"]\n[Players "Ann, Ben"]\n{tag}\nturn 1 Ann\n'
            f"  Ann leads Architect with {word}\n")
    return notation.parse_one(text, vocabulary=card_vocabulary()).steps[0].statement.cards[0]


@pytest.mark.parametrize("word, ruleset, expansion, card", [
    ("Tri", "republic", None, "Tribunal"),  # no Triclinium is dealt
    ("Tri", "republic", "geek: Castra", "Tribunal"),
    ("Dom", "republic", None, "Domus Aurea"),  # Domus is a Geek card
    ("Dom", "republic", "geek: Triclinium", "Domus Aurea"),
    ("Tri", "imperium", "geek: Triclinium", "Triclinium"),  # no Tribunal in imperium
    ("Tribu", "classic", None, "Tribunal"),  # no classic card starts so: the replay says it is not one
    ("Triclinium", "republic", None, "Triclinium"),  # an exact name reads as itself (refused by the replay)
])
def test_a_prefix_stands_for_a_card_of_the_game_first(word, ruleset, expansion, card):
    """R-VER-2: a prefix reads as the one card of the record's game it starts (its ruleset's
    cards and the Geek cards its Expansion tag deals) before any other card."""
    assert _read_card(word, ruleset, expansion) == card


@pytest.mark.parametrize("word, ruleset, expansion", [
    ("Tri", "republic", "geek"), ("Tri", "republic", "geek: Triclinium"), ("Dom", "republic", "geek: Domus"),
    ("Dom", "republic", "geek: nonsense"),  # a tag that cannot be read: any Geek card may be meant
    ("Circ", "imperium", None), ("Pal", "classic", None),
])
def test_a_prefix_of_two_cards_of_the_game_is_ambiguous(word, ruleset, expansion):
    with pytest.raises(notation.NotationError, match=f"ambiguous card '{word}'"):
        _read_card(word, ruleset, expansion)
