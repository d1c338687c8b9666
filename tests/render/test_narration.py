"""Narration: every statement says what it changed, in words made in one place."""

from pathlib import Path

import pytest

from gtr_replay.engine.scoring import scores
from gtr_replay.render.narration import narrated
from gtr_replay.render.opening import open_record
from tests.fidelity_helpers import FIDELITY

GAMES = Path(__file__).parents[2] / "examples" / "games"


@pytest.mark.parametrize("name", ["classic-3p.gtr", "republic-3p.gtr", "imperium-4p.gtr"])
def test_every_statement_says_what_it_changed(name):
    timeline = open_record(GAMES / name).timeline
    lines = narrated(timeline)
    assert lines and all(line.changes for line in lines)
    for line, moment in zip(lines, timeline.moments):
        assert line.points == {s.player: s.total for s in scores(moment.snapshot.state)}
        if any(e.kind == "move" and e.source == "hand" and e.target == "camp" for e in moment.snapshot.events):
            assert any(" hand → camp" in c for c in line.changes)
        if any(e.kind == "demand" for e in moment.snapshot.events) and moment.snapshot.state.legionary:
            assert any(c.startswith("Rome demands ") for c in line.changes)


def test_a_players_narration_counts_what_they_could_not_see():
    timeline = open_record(GAMES / "republic-3p.gtr").timeline
    mine = narrated(timeline, viewer="Ann")
    played = [(full, moment) for full, moment in zip(narrated(timeline), timeline.moments) if not moment.depth]
    assert len(mine) == len(played) < len(timeline.moments)  # a player's view has no variation
    for seen, (full, moment) in zip(mine, played):
        drawn = [e.card for e in moment.snapshot.events if e.kind == "move" and e.source == "deck"]
        if not drawn:
            assert seen.changes == full.changes or any(c.startswith("points ") for c in full.changes)
        elif moment.snapshot.player == "Ann":
            assert any(", ".join(drawn) in c for c in seen.changes)
        else:
            assert not any(card in c for card in drawn for c in seen.changes if "deck → hand" in c)
            assert any(f"{len(drawn)} card" in c for c in seen.changes)


def test_the_spoils_of_a_demand_say_what_they_took():
    """B-COLOSSEUM-1: a slain client moves from its owner's clientele into the demander's vault;
    B-DOMUSAUREA-1: a torn-down foundation goes into the stockpile, its Site into influence."""
    rulebook = GAMES.parent / "rulebook"
    for name, verb, words in (("ex-bb-colosseum-1.gtr", " slays ", ["clientele → vault (slain, into You's vault)"]),
                              ("ex-bb-domusaurea-1.gtr", " tears down ",
                               ["building → stockpile (torn down, into You's stockpile)", "You +2 influence"])):
        timeline = open_record(rulebook / name).timeline
        lines = narrated(timeline)
        assert lines and all(line.changes for line in lines)
        spoils = [line for line in lines if verb in line.statement]
        assert spoils and all(any(w in c for c in line.changes) for line in spoils for w in words)
        offered = [c for line in lines for c in line.changes if "of a demanded material" in c]
        assert len(offered) == 1  # the power's step, announced once, after the victims answered


def test_the_next_decision_names_the_step_a_power_granted():
    """A step comes before the actions (engine.steps): the view names it and its power, not
    the led role's action count."""
    from gtr_replay.render.model import next_words
    timeline = open_record(GAMES.parent / "rulebook" / "ex-bb-domusaurea-1.gtr").timeline
    demanded = next(m.snapshot.state for m in timeline.moments if " demands " in m.snapshot.text
                    and m.snapshot.player == "You")
    assert next_words(demanded) == ("next: You may tear down a victim's empty foundation of a demanded material, "
                                    "by the Domus Aurea (tear down or pass)")


def test_the_turn_over_says_where_the_played_cards_went():
    """R-TURN-8, R-JACK-2: at the end of a turn Order cards go back to the pool and Jacks to the
    Jack pile; a card a power keeps goes to its player's hand (B-SENATE-1). The words count
    each as the events moved them."""
    for name in ("ex-bb-sampleturn-1", "ex-bb-senate-1"):
        timeline = open_record(Path(__file__).parents[2] / "examples" / "rulebook" / f"{name}.gtr").timeline
        for line, moment in zip(narrated(timeline), timeline.moments):
            went = [e.target for e in moment.snapshot.events if e.kind == "move" and e.source == "camp"]
            said = next((c for c in line.changes if c.startswith("turn over: ")), "")
            assert (went.count("pool") > 0) is ("back to the pool" in said), (name, said)
            assert (went.count("jack pile") > 0) is ("back to the pile" in said), (name, said)
            assert (went.count("hand") > 0) is ("kept in hand" in said), (name, said)


def test_a_players_view_does_not_tell_that_another_players_answer_was_forced(tmp_path):
    """RULES.md §0.5: a hand's cards are hidden, its size public. Ben's only Marble card is
    the Statue, so the engine makes his answer to the demand, and the record writes it out;
    that it was his only choice tells what else his hand holds, so only Ben's view and the
    whole one say it was forced."""
    record = FIDELITY / "legionary-2p.gtr"
    text = record.read_text("utf-8").replace("hand Ben: Statue, Palace, Road", "hand Ben: Statue, Road")
    path = tmp_path / "forced-give.gtr"
    path.write_text(text, "utf-8")
    timeline = open_record(path).timeline
    give = [n for n, line in enumerate(narrated(timeline)) if line.statement == "Ben gives Statue to You"]
    assert len(give) == 1
    assert narrated(timeline)[give[0]].forced and "forced" in narrated(timeline)[give[0]].changes
    assert narrated(timeline, viewer="Ben")[give[0]].forced
    seen = narrated(timeline, viewer="You")[give[0]]
    assert not seen.forced and "forced" not in seen.changes
