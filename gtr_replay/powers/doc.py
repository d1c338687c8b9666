"""Renders the hooks and the powers that use them as ``docs/POWERS.md`` (kept in step by a
test): ``python -m gtr_replay.powers.doc > docs/POWERS.md``."""

from __future__ import annotations

from gtr_replay.powers import base
from gtr_replay.powers.pending import NO_POWER_YET
from gtr_replay.powers.registry import _TABLE

EDITIONS = {"black-box": "Black Box (republic, imperium)", "classic": "Classic"}


def hook_rows() -> list[tuple[str, str, str, str]]:
    """(hook, fold, where the engine asks, rule) read from the table in ``powers.base``."""
    lines = base.__doc__.splitlines()
    header = next(n for n, line in enumerate(lines) if line.startswith("Hook "))
    cuts = [lines[header].index(word) for word in ("fold", "where", "rule")]
    rows: list[list[str]] = []
    for line in lines[header + 2:]:
        if not line.strip():
            break
        cells = [line[:cuts[0]], line[cuts[0]:cuts[1]], line[cuts[1]:cuts[2]], line[cuts[2]:]]
        cells = [c.strip() for c in cells]
        if cells[0]:
            rows.append(cells)
        else:
            rows[-1] = [" ".join(filter(None, (old, new))) for old, new in zip(rows[-1], cells)]
    return [tuple(r) for r in rows]


def _powers() -> list[tuple[str, base.Power]]:
    seen = {}
    for (edition, name), power in sorted(_TABLE.items(), key=lambda kv: (kv[0][1], kv[0][0])):
        seen.setdefault(id(power), (name, power))
    return sorted(seen.values(), key=lambda item: (item[0], item[1].editions))


def _label(name: str, power: base.Power) -> str:
    if len(power.editions) == len(EDITIONS):
        return name
    return f"{name} ({'classic' if power.editions == ('classic',) else 'Black Box'})"


def markdown() -> str:
    powers = _powers()
    lines = [
        "# Building powers",
        "",
        "Every building power is a small class in `gtr_replay/powers/` that overrides some of a",
        "closed list of hooks (`gtr_replay/powers/base.py`); the engine folds the answers of a",
        "player's active powers and never names a building. A *rider* is an extra step a power",
        "grants on top of an action (a new client's action, a second client from hand, a public",
        "placement, a theft): it is taken before anything else, and `passes` declines it.",
        "This page is generated: `python -m gtr_replay.powers.doc > docs/POWERS.md`.",
        "",
        "## Hooks and the powers that use them",
        "",
        "| hook | fold | where the engine asks | rule | powers |",
        "|---|---|---|---|---|",
    ]
    for hook, fold, where, rule in hook_rows():
        users = ", ".join(_label(n, p) for n, p in powers if hook in p.hooks()) or "(none yet)"
        lines.append(f"| `{hook}` | {fold} | {where} | {rule} | {users} |")
    lines += ["", "## Powers", "", "| building | editions | hooks | rules | what it does |", "|---|---|---|---|---|"]
    for name, power in powers:
        doc = " ".join((type(power).__doc__ or "").split())
        editions = ", ".join(power.editions)
        lines.append(f"| {name} | {editions} | {', '.join(power.hooks())} | {', '.join(power.rule_ids)} | {doc} |")
    lines += ["", "## No power yet", "",
              "Cards whose power is not written yet (`gtr cards --missing` lists them per ruleset):", ""]
    for edition, title in EDITIONS.items():
        lines.append(f"- {title}: {', '.join(sorted(NO_POWER_YET[edition]))}")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    print(markdown(), end="")
