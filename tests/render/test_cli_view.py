"""`gtr show` and `gtr replay` through the command line: output, errors, step mode, snapshots."""

import notation
from pathlib import Path
import pytest
from typer.testing import CliRunner

from gtr_replay.cli import app
from gtr_replay.engine import scoring
from tests.render.conftest import camp, cards, row
from tests.render.test_timeline import SHORT

runner = CliRunner()


def run(*args, input=None):
    # rich reads COLUMNS when it prints, so the width is fixed whatever the terminal
    return runner.invoke(app, [str(a) for a in args], input=input, env={"COLUMNS": "100"})


@pytest.fixture
def short_file(tmp_path):
    path = tmp_path / "short.gtr"
    path.write_text(SHORT, encoding="utf-8")
    return path


def test_show_defaults_to_the_end(game_file, timeline):
    shown = run("show", game_file)
    assert shown.exit_code == 0, shown.output
    n = len(timeline)
    assert f"after statement {n} of {n} (turn {timeline.main[-1].turn}: {timeline.main[-1].snapshot.text})" \
        in shown.stdout
    final = timeline.state(n)
    winners = scoring.result(final).winners
    assert f"game over ({final.end_reason}): {' and '.join(winners)} win{'s' if len(winners) == 1 else ''}" \
        in shown.stdout


def test_show_at_a_statement_and_at_a_turn(game_file, timeline, sale):
    at = run("show", game_file, "--at", 0)
    assert f"before the first of {len(timeline)} statements" in at.stdout
    assert "next: " in at.stdout and "to lead or think" in at.stdout
    turn = run("show", game_file, "--turn", sale.turn)
    assert turn.exit_code == 0
    assert f"╭─ turn {sale.turn} · " in turn.stdout
    assert f"after statement {timeline.start_of_turn(sale.turn)} of {len(timeline)}" in turn.stdout


def test_show_as_a_player_hides_hands_and_vaults(game_file, timeline, sale):
    shown = run("show", game_file, "--at", sale.position, "--as", sale.viewer)
    assert shown.exit_code == 0
    assert f"after statement {sale.position} of {len(timeline)}" in shown.stdout
    assert f"as {sale.viewer} sees it" in shown.stdout
    state = timeline.state(sale.position)
    hidden, mine = state.player(sale.seller).hand, state.player(sale.viewer).vault
    their_hand = row(camp(shown.stdout, sale.seller), "hand")
    assert cards(len(hidden), "hidden") in their_hand
    assert not any(card in their_hand for card in hidden)
    assert f"{cards(len(mine), 'face down')}  [{len(mine)}/" in row(camp(shown.stdout, sale.viewer), "vault")
    assert f"seen going in this turn: {sale.card}" in row(camp(shown.stdout, sale.seller), "vault")


@pytest.mark.parametrize("args,says", [
    (("--as", "Zed"), "--as Zed: no such player; the players are Ann, Ben"),
    (("--as", "ann"), "did you mean Ann?"),
    (("--at", "{past}"), "--at {past} is out of range: the main line has statements 0 to {n}"),
    (("--at", -1), "statements 0 to {n}"),
    (("--turn", 999), "--turn 999 is out of range: the record has turns 1 to {last}"),
    (("--at", 3, "--turn", 2), "give --at or --turn, not both"),
    (("--record", 2), "has 1 record(s); there is no record 2"),
])
def test_show_usage_errors_exit_2_and_say_why(game_file, timeline, args, says):
    """``{n}``: the number of statements; ``{past}``: one more; ``{last}``: the last turn."""
    known = {"n": len(timeline), "past": len(timeline) + 1, "last": timeline.turns.stop - 1}
    shown = run("show", game_file, *(str(a).format(**known) for a in args))
    assert shown.exit_code == 2
    assert says.format(**known) in " ".join(shown.stderr.split())


def test_missing_file_is_a_usage_error(tmp_path):
    result = run("show", tmp_path / "none.gtr")
    assert result.exit_code == 2 and "no such file" in result.stderr


def test_an_illegal_record_is_reported_like_check(short_file):
    short_file.write_text(SHORT.replace("Ann lays Insula", "Ann lays Palace"), encoding="utf-8")
    checked = run("check", short_file)
    for command in ("show", "replay"):
        result = run(command, short_file)
        assert result.exit_code == 1
        assert "short.gtr:" in result.stderr and "Ann lays Palace" in result.stderr
        assert result.stderr.splitlines()[0] == checked.stderr.splitlines()[0]


def test_a_record_that_does_not_parse_exits_1(short_file):
    short_file.write_text(SHORT.replace("Ann lays Insula", "Ann lays Insulaa"), encoding="utf-8")
    result = run("show", short_file)
    assert result.exit_code == 1
    assert "short.gtr:" in result.stderr and "Insulaa" in result.stderr


def test_record_picks_one_record_of_a_file(tmp_path, game_record, short_file):
    both = tmp_path / "both.gtr"
    short = notation.parse(SHORT)[0]
    both.write_text(notation.write([game_record, short]), encoding="utf-8")
    result = run("show", both, "--record", 2)
    assert result.exit_code == 0
    assert "record 2 · Ann, Ben, Cid · after statement 10 of 10" in result.stdout


def test_replay_narrates_every_statement_when_not_on_a_terminal(short_file):
    result = run("replay", short_file)
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert lines[0] == f"{short_file} · record 1 · republic · Ann, Ben, Cid · 10 statements"
    assert ("turn 1   Ann gathers Bath !?  — Ann: Bath pool → stockpile; turn over: 2 played cards back to the "
            "pool  {she wants the Bath for later}") in lines
    assert lines[-1] == "next: Ben to lead or think"


def test_replay_step_reads_commands_from_stdin(short_file):
    result = run("replay", short_file, "--step", input="n\n\nb\nt 2\nt 7\ns\nq\n")
    assert result.exit_code == 0
    out = result.stdout
    assert "Enter or n: next · b: back" in out
    assert "turn 1   Cid leads Laborer with Road" in out
    assert "back to: turn 1   Cid leads Laborer with Road" in out
    assert "start of turn 2: Ann leads" in out
    assert "no turn 7 in this record: it has turns 1 to 3" in out
    assert "[5/10] > " in out and "╭─ Ann" in out  # the state at the start of turn 2


def test_replay_step_stops_at_the_end_of_input(short_file):
    result = run("replay", short_file, "--step", input="n\n" * 12)
    assert result.exit_code == 0
    assert "end of the record (10 statements)" in result.stdout


def test_snapshot_show_at_the_end(game_file, text_snapshot):
    result = run("show", game_file)
    assert result.stdout.replace(str(game_file), "game.gtr") == text_snapshot


def test_snapshot_show_as_a_player(game_file, sale, text_snapshot):
    result = run("show", game_file, "--at", sale.position, "--as", sale.viewer)
    assert result.stdout.replace(str(game_file), "game.gtr") == text_snapshot


def test_snapshot_narrated_replay(short_file, text_snapshot):
    result = run("replay", short_file, "--no-step")
    assert result.stdout.replace(str(short_file), "short.gtr") == text_snapshot


def test_snapshot_step_session(short_file, text_snapshot):
    result = run("replay", short_file, "--step", input="n\nn\nb\nt 2\nn\nq\n")
    assert result.stdout.replace(str(short_file), "short.gtr") == text_snapshot


RULEBOOK = Path(__file__).parents[2] / "examples" / "rulebook"


def _fountain_to_hand(tmp_path):
    """EX-BB-FOUNTAIN-1 with an Academy as the third card, which You takes into the hand."""
    text = (RULEBOOK / "ex-bb-fountain-1.gtr").read_text(encoding="utf-8")
    text = text.replace("deck: Palisade, Palisade, Palisade,", "deck: Palisade, Palisade, Academy,")
    path = tmp_path / "fountain.gtr"
    path.write_text(text.replace("You takes [Palisade] from deck", "You takes [Academy] from deck"), encoding="utf-8")
    return path


@pytest.mark.parametrize("make, seller, other, card", [
    (lambda tmp: RULEBOOK / "ex-bb-basilica-1.gtr", "You", "Opp", "Wall"),  # hand → vault (B-BASILICA-1)
    (lambda tmp: RULEBOOK / "ex-cl-atrium-1.gtr", "You", "Right", "Villa"),  # hand → vault (BC-ATRIUM-1)
    (_fountain_to_hand, "You", "Opp", "Academy"),                           # deck → hand (B-FOUNTAIN-1)
])
def test_a_card_put_face_down_is_not_named_to_another_seat(tmp_path, make, seller, other, card):
    """The statement that put a card where another player cannot see it (a vault, from a hand;
    a hand, from the deck) is told to that player without the card, in every output that
    carries it: the narration, its JSON, the page and the heading of show."""
    path = make(tmp_path)
    said = next(line.strip() for line in path.read_text("utf-8").splitlines() if card in line and " from " in line
                and line.startswith("  "))
    outputs = [run("replay", path, "--as", other, "--no-step").output,
               run("replay", path, "--as", other, "--json").output,
               run("show", path, "--as", other).output]
    page = tmp_path / "page.html"
    run("view", path, "--as", other, "-o", page)
    outputs.append(page.read_text(encoding="utf-8"))
    for output in outputs:
        assert said not in output and f"[{card}]" not in output
    assert " ? from hand" in outputs[0] or "[?] from deck" in outputs[0]
    assert said in run("replay", path, "--as", seller, "--no-step").output  # the player knows their own card


def test_the_deck_card_an_atrium_sells_is_named_to_nobody(tmp_path):
    """B-ATRIUM-1: the deck's top card goes into the vault 'without anyone looking at it': a
    record that names it (it was turned over after the game) names it to no seat, the
    seller's included; the whole record's view still does."""
    text = (RULEBOOK / "ex-bb-atrium-1.gtr").read_text(encoding="utf-8")
    path = tmp_path / "atrium.gtr"
    path.write_text(text.replace("You sells [?] from deck", "You sells [Road] from deck"), encoding="utf-8")
    for seat in ("Right", "You"):
        output = run("replay", path, "--as", seat, "--no-step").output
        assert "You sells [?] from deck" in output and "[Road]" not in output
    assert "You sells [Road] from deck" in run("replay", path, "--no-step").output


def test_a_refused_statement_tells_another_seat_only_the_size_of_its_players_hand(tmp_path):
    """The report of a refused statement names its player's hand and legal choices: another
    seat's view tells the hand's size only (R-LEG-9) and no choices; the player's own view tells
    both."""
    text = (RULEBOOK / "ex-bb-fountain-1.gtr").read_text(encoding="utf-8")
    path = tmp_path / "refused.gtr"
    path.write_text(text.replace("You takes [Palisade] from deck", "You lays Temple"), encoding="utf-8")
    theirs = run("show", path, "--as", "Opp")
    assert theirs.exit_code == 1 and "You's hand: 0 cards" in theirs.output and "legal here" not in theirs.output
    mine = run("show", path, "--as", "You").output
    assert "You's hand: empty" in mine and "legal here: " in mine
