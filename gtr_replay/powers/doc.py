"""Renders the hooks, the kinds of steps and the powers as ``docs/POWERS.md`` (kept in step
by a test): ``python -m gtr_replay.powers.doc > docs/POWERS.md``."""

from __future__ import annotations

from dataclasses import fields

from gtr_replay.enums import Role, Ruleset
from gtr_replay.game.steps import STEPS
from gtr_replay.powers.base import BLACK_BOX, CLASSIC, EVERY, HOOK_SPECS, Power
from gtr_replay.powers.registry import _TABLE
from gtr_replay.powers.unwritten import NOT_WRITTEN

_RULESET_LABELS = {EVERY: "", BLACK_BOX: "Black Box", CLASSIC: "classic", (Ruleset.REPUBLIC,): "republic",
                   (Ruleset.IMPERIUM,): "imperium"}


def _powers() -> list[tuple[str, Power]]:
    seen = {}
    for (_, name), power in sorted(_TABLE.items(), key=lambda kv: (kv[0][1], kv[0][0].value)):
        seen.setdefault(id(power), (name, power))
    return sorted(seen.values(), key=lambda item: (item[0], [r.value for r in item[1].rulesets]))


def _label(name: str, power: Power) -> str:
    label = _RULESET_LABELS.get(power.rulesets, ", ".join(r.value for r in power.rulesets))
    return f"{name} ({label})" if label else name


def _granted(kind: str, powers) -> str:
    users = [_label(name, power) for name, power in powers if any(cls.kind == kind for cls in power.grants)]
    return ", ".join(users) or "(none yet)"


def markdown() -> str:
    powers = _powers()
    lines = [
        "# Building powers",
        "",
        "Every building power is a small class in `gtr_replay/powers/` that overrides some of a",
        "closed list of hooks, declared once in `gtr_replay/powers/base.py` (`HOOK_SPECS`); the",
        "engine folds the answers of a player's active powers in one module (`engine/rules.py`)",
        "and never names a building. Hooks receive a context (`powers/context.py`) to read card",
        "facts and ruleset numbers and to act: grant a step, end the game, tell what happened.",
        "This page is generated: `python -m gtr_replay.powers.doc > docs/POWERS.md`.",
        "",
        "## Hooks and the powers that use them",
        "",
        "| hook | fold | where the engine asks | rule | powers |",
        "|---|---|---|---|---|",
    ]
    for spec in HOOK_SPECS:
        users = ", ".join(_label(n, p) for n, p in powers if spec.name in p.hooks()) or "(none yet)"
        fold = spec.fold.value + (", and the building's own power" if spec.own else "")
        lines.append(f"| `{spec.name}` | {fold} | {spec.asked_in} | {', '.join(spec.rules)} | {users} |")
    lines += [
        "", "## Steps", "",
        "A step is an extra decision a power grants one player (`gtr_replay/game/steps.py`): it waits",
        "on a stack, the last granted first, in any phase, and `passes` declines it. At the end of a",
        "turn the keeps come before the thinks, each in play order from the leader (AMB-14).", "",
        "| step | answered by | what it lets the player do | granted by |", "|---|---|---|---|",
    ]
    for kind, cls in STEPS.items():
        answers = ", ".join(sorted({d.__name__.lower() for d in _answer_types(cls)}))
        doc = " ".join((cls.__doc__ or "").split())
        lines.append(f"| `{kind}` | {answers} | {doc} | {_granted(kind, powers)} |")
    lines += ["", "## Powers", "", "| building | rulesets | hooks | rules | what it does |", "|---|---|---|---|---|"]
    for name, power in powers:
        doc = " ".join((type(power).__doc__ or "").split())
        rulesets = ", ".join(r.value for r in power.rulesets)
        lines.append(f"| {name} | {rulesets} | {', '.join(power.hooks())} | {', '.join(power.rule_ids)} | {doc} |")
    lines += ["", "## No power yet", "",
              "Cards whose power is not written yet (`gtr cards --missing` lists them per ruleset):", ""]
    for ruleset in Ruleset:
        lines.append(f"- {ruleset.value}: {', '.join(sorted(NOT_WRITTEN[ruleset])) or 'none, every card has its power'}")
    return "\n".join(lines) + "\n"


def _answer_types(cls) -> set:
    """Every decision type some instance of the step class may accept."""
    found: set = set()
    role_fields = [f.name for f in fields(cls) if f.name.endswith("role")]
    roles = [None, *Role] if role_fields else [None]
    for role in roles:
        kwargs = {role_fields[0]: role} if role_fields and role is not None else {}
        try:
            found |= set(cls("", 0, **kwargs).answers())
        except (KeyError, TypeError):
            continue
    return found


if __name__ == "__main__":
    print(markdown(), end="")
