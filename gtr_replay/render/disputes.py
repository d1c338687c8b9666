"""Settling a disputed ruling: one record replayed under two sets of readings, side by side.

``compare(record, a, b)`` replays the record leniently under readings ``a`` and under ``b``
(each laid over the record's own ``Rulings`` tag) and walks both main lines together. The
first statement where they part is the ``Divergence``: one side accepts it and the other
refuses it, or both accept it and the states after it differ (a game that ends under one
reading only is the common case, AMB-01). Each side's ``Outcome`` says how far it went:
statements replayed, the first problem, and the end and scores when the game is over.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field

from notation import Record

from gtr_replay.engine import Game
from gtr_replay.game.state import GameState
from gtr_replay.render.narration import Line, narrate
from gtr_replay.render.timeline import Moment, Timeline
from gtr_replay.replay.diagnostics import Diagnostic
from gtr_replay.replay.from_game import result_tag
from gtr_replay.replay.replayer import IllegalStatement


@dataclass(frozen=True)
class Outcome:
    """How far one side's replay went, and how the game stood there."""

    rulings: str
    statements: int
    """Main-line statements replayed."""
    over: bool
    end: str | None
    result: str | None
    """'Ann 24, Ben 19' once the game is over."""
    problem: str | None
    """The first thing this side could not accept, with where it is."""
    started: bool = True
    """False when the start cannot be set up under these readings (``problem`` says why)."""
    winners: tuple[str, ...] = ()
    """Who wins once the game is over (R-SCORE-1..3); empty while it goes on."""
    tie_break: str | None = None
    """How a tie for most points was broken ('tie at 7: Ann wins on cards in hand (Ann 4, Cid 0)')."""
    said: str | None = None
    """The result as every view words it ('game over (last-site): Ann wins; tie at 7: ...')."""


@dataclass(frozen=True)
class Side:
    """One side at the statement where the sides part."""

    accepted: bool
    line: Line
    """The statement as narrated on this side (``line.problem`` when refused)."""
    state: GameState = field(repr=False)
    """The state after it (before it, when refused)."""


@dataclass(frozen=True)
class Divergence:
    index: int
    """The statement's place on the main line, from 1 (0: the start already differs)."""
    line: int
    turn: int
    statement: str
    kind: str
    """'accept-refuse' (one side refuses it) or 'state' (both accept, the states differ)."""
    a: Side | None
    b: Side | None
    differences: list[tuple[str, object, object]]
    """(where, under a, under b) for each value of the state that differs."""
    said: list[tuple[str, str, str]] = field(default_factory=list)
    """The same in a player's words (``in_words``): what, under a, under b."""

    def to_dict(self) -> dict:
        return {"index": self.index, "line": self.line, "turn": self.turn, "statement": self.statement,
                "kind": self.kind, "in_words": [{"what": w, "a": x, "b": y} for w, x, y in self.said],
                "a": None if self.a is None else {"accepted": self.a.accepted, "line": self.a.line.to_dict()},
                "b": None if self.b is None else {"accepted": self.b.accepted, "line": self.b.line.to_dict()},
                "differences": [{"where": w, "a": x, "b": y} for w, x, y in self.differences]}


@dataclass(frozen=True)
class Comparison:
    a: Outcome
    b: Outcome
    divergence: Divergence | None
    timelines: tuple[Timeline | None, Timeline | None] = field(repr=False)
    """Each side's replay (``None`` for a side whose start cannot be set up)."""

    def to_dict(self) -> dict:
        return {"a": asdict(self.a), "b": asdict(self.b),
                "divergence": None if self.divergence is None else self.divergence.to_dict()}


_CONSTANT = ("rulings",)


def differences(a: dict, b: dict, where: str = "") -> list[tuple[str, object, object]]:
    """Every value that differs between two ``to_dict`` states, named by its path
    ('players.Ann.hand', 'over'); the rulings themselves are left out."""
    out: list[tuple[str, object, object]] = []
    for key in sorted(set(a) | set(b), key=str):
        if not where and key in _CONSTANT:
            continue
        x, y = a.get(key), b.get(key)
        path = f"{where}.{key}" if where else str(key)
        if key == "players" and isinstance(x, list) and isinstance(y, list) and len(x) == len(y):
            for p, q in zip(x, y):
                out.extend(differences(p, q, f"players.{p.get('name')}"))
        elif isinstance(x, dict) and isinstance(y, dict):
            out.extend(differences(x, y, path))
        elif x != y:
            out.append((path, x, y))
    return out


def _cards(groups) -> str:
    return "; ".join((f"{g['label']}: " if g["label"] else "") + ", ".join(g["cards"]) for g in groups) or "none"


def _building(b: dict) -> str:
    site = f"on {b['site']}" + (", out of town" if b["out_of_town"] else "")
    materials = ", ".join(b["materials"]) or "no material"
    state = "complete" if b["complete"] else f"{len(b['materials'])} of {b['needed']} materials"
    marks = "".join(f", {m}" for m in b["marks"])
    return f"{b['foundation']} {site} ({materials}; {state}{marks})"


def _facts(state: GameState) -> dict[str, str]:
    """What a player at the table would say of ``state``, fact by fact, in the notation's and
    the rulebook's words (the view model's, ``render.model``): who decides next or how the
    game ended, the table, and each camp."""
    from gtr_replay.render.model import next_words, state_model

    shown = state_model(state).to_dict()
    table = shown["table"]
    facts = {
        "the game": next_words(state).removeprefix("next: ") if not state.over else f"over ({state.end_reason})",
        "turn": f"{table['turn']}, led by {table['leader']}" + (f" ({table['led_role']} led)" if table["led_role"] else ""),
        "pool": _cards(table["pool"]),
        "deck": f"{table['deck']} card(s)",
        "Jacks in the pile": str(table["jacks"]),
        "Sites in town": ", ".join(f"{m} {n}" for m, n in table["sites_in_town"].items()),
        "Sites out of town": ", ".join(f"{m} {n}" for m, n in table["sites_out_of_town"].items()),
        "demand": table["demand"] or "none",
    }
    for camp in shown["camps"]:
        name = camp["name"]
        facts.update({
            f"{name}'s points": camp["points"]["text"],
            f"{name}'s hand": ", ".join(camp["hand"]) or "empty",
            f"{name}'s camp": ", ".join(camp["played"]) or "empty",
            f"{name}'s clientele": _cards(camp["clientele"]),
            f"{name}'s stockpile": _cards(camp["stockpile"]),
            f"{name}'s vault": _cards(camp["vault"]),
            f"{name}'s influence": str(camp["influence"]) + (f" (Sites: {', '.join(camp['sites'])})" if camp["sites"] else ""),
            f"{name}'s buildings": "; ".join(map(_building, camp["buildings"])) or "none",
        })
    return facts


def in_words(a: GameState, b: GameState) -> list[tuple[str, str, str]]:
    """(what, under a, under b) for each fact a player would state differently of the two
    states (``_facts``): how ``gtr diff`` says where two readings part."""
    x, y = _facts(a), _facts(b)
    return [(what, x[what], y.get(what, "—")) for what in x if x[what] != y.get(what)]


def _outcome(rulings: str, timeline: Timeline) -> Outcome:
    from gtr_replay.render.model import result_words

    final = timeline.state(len(timeline))
    found = Game(final).result() if final.over else None
    problem = timeline.problems[0] if timeline.problems else None
    return Outcome(rulings, len(timeline), final.over, final.end_reason if final.over else None,
                   result_tag(found) if found else None,
                   f"{problem.where}: {problem.message}" if problem else None,
                   winners=found.winners if found else (),
                   tie_break=found.tie_break.text if found and found.tie_break else None,
                   said=result_words(found) if found else None)


def _unstarted(rulings: str, problem: Diagnostic) -> Outcome:
    return Outcome(rulings, 0, False, None, None, f"{problem.where}: {problem.message}", started=False)


def _main(timeline: Timeline) -> list[Moment]:
    return [m for m in timeline.moments if not m.depth]


def _side(timeline: Timeline, moment: Moment | None) -> Side | None:
    if moment is None:
        return None
    line = narrate(timeline, moment)
    state = timeline.state_of(moment.before) if moment.refused else moment.snapshot.state
    return Side(not moment.refused, line, state)


def compare(record: Record, a: str | None, b: str | None, *, source: str = "<record>") -> Comparison:
    """Replay ``record`` under readings ``a`` and ``b`` and find where they part."""
    names = (a or "the record's own readings", b or "the record's own readings")
    sides = []
    for readings in (a, b):
        try:
            sides.append(Timeline.replay(record, source=source, lenient=True, rulings=readings))
        except IllegalStatement as error:  # the start cannot be set up under these readings
            sides.append(error.diagnostic)
    ta, tb = sides
    if isinstance(ta, Diagnostic) or isinstance(tb, Diagnostic):
        if isinstance(ta, Diagnostic) and isinstance(tb, Diagnostic):
            raise IllegalStatement(ta)  # neither can start: no dispute, a bad record
        outcomes = [_unstarted(n, t) if isinstance(t, Diagnostic) else _outcome(n, t) for n, t in zip(names, sides)]
        return Comparison(*outcomes, Divergence(0, 0, 0, "(the start)", "accept-refuse", None, None, []),
                          tuple(t if isinstance(t, Timeline) else None for t in sides))
    outcome = Comparison(_outcome(names[0], ta), _outcome(names[1], tb), None, (ta, tb))
    start = differences(ta.start.to_dict(), tb.start.to_dict())
    if start:
        return _with(outcome, Divergence(0, 0, ta.start.turn, "(the start)", "state", None, None, start,
                                         in_words(ta.start, tb.start)))
    ma, mb = _main(ta), _main(tb)
    for index, (x, y) in enumerate(zip(ma, mb), 1):
        if x.refused and y.refused:
            break  # both refuse it: they agree, and neither goes further
        sa, sb = _side(ta, x), _side(tb, y)
        if x.refused != y.refused:
            found = Divergence(index, x.snapshot.line, x.turn, x.snapshot.text, "accept-refuse", sa, sb,
                               differences(sa.state.to_dict(), sb.state.to_dict()), in_words(sa.state, sb.state))
            return _with(outcome, found)
        diff = differences(x.snapshot.state_dict, y.snapshot.state_dict)
        if diff:
            return _with(outcome, Divergence(index, x.snapshot.line, x.turn, x.snapshot.text, "state", sa, sb, diff,
                                             in_words(sa.state, sb.state)))
    return outcome


def _with(comparison: Comparison, divergence: Divergence) -> Comparison:
    return Comparison(comparison.a, comparison.b, divergence, comparison.timelines)


def under_reading(record: Record, in_force: dict[str, str], ruling: str, reading: str, *,
                  source: str = "<record>") -> Timeline | Diagnostic:
    """``record`` replayed (leniently) under the readings ``in_force`` with ``ruling`` read as
    ``reading``; the start's problem when it cannot be set up so."""
    readings = {**in_force, ruling: reading}
    chosen = ", ".join(f"{name}={value}" for name, value in readings.items())
    try:
        return Timeline.replay(record, source=source, lenient=True, rulings=chosen)
    except IllegalStatement as error:
        return error.diagnostic


def reading_effect(timeline: Timeline | Diagnostic, index: int | None, *, viewer: str | None = None) -> dict:
    """What one reading does at the main line's statement ``index`` (from 1; None: a statement
    of a variation, left out) and how the game ends under it, as ``viewer`` may know it:
    ``{"at": {"accepted", "changes", "problem"} or {"reached": False, "why"}, "end": {"over",
    "said", "scores", "winners", "tie_break", "statements", "problem"}}``."""
    from gtr_replay.render.model import result_words
    from gtr_replay.render.narration import narrate

    if isinstance(timeline, Diagnostic):
        why = f"the game cannot be set up: {timeline.where}: {timeline.message}"
        return {"at": {"reached": False, "why": why}, "end": {"over": False, "said": why, "scores": None,
                                                              "winners": [], "tie_break": None, "statements": 0,
                                                              "problem": why}}
    main = _main(timeline)
    at: dict | None = None
    if index is not None:
        if 1 <= index <= len(main):
            line = narrate(timeline, main[index - 1], viewer=viewer)
            at = {"reached": True, "accepted": line.problem is None, "changes": list(line.changes),
                  "problem": line.problem}
        else:
            final = timeline.state(len(timeline))
            why = (f"the game ended before it ({final.end_reason})" if final.over else
                   f"the replay stopped before it: {timeline.problems[0].message}" if timeline.problems else
                   "the record has no such statement")
            at = {"reached": False, "why": why}
    final = timeline.state(len(timeline))
    problem = timeline.problems[0] if timeline.problems else None
    end: dict = {"over": final.over, "statements": len(timeline), "winners": [], "scores": None, "tie_break": None,
                 "problem": f"{problem.where}: {problem.message}" if problem else None}
    if final.over:
        found = Game(final).result()
        end.update(said=result_words(found), scores=result_tag(found), winners=list(found.winners),
                   tie_break=found.tie_break.text if found.tie_break else None)
    else:
        end["said"] = f"the game goes on after {len(timeline)} statements; nobody has won"
    return {"at": at, "end": end}
