"""Cards whose building power is not written yet, listed explicitly.

Every card of every ruleset either has a power class (``registry``) or is named here; a test
keeps the two lists complete and disjoint, and ``gtr cards --missing`` prints this one.
Cards that have no function at all would be listed apart; every Glory to Rome building has one.
"""

from __future__ import annotations

from gtr_replay.enums import Ruleset

_BLACK_BOX: tuple[str, ...] = ()

NOT_WRITTEN: dict[Ruleset, tuple[str, ...]] = {
    Ruleset.REPUBLIC: _BLACK_BOX,
    Ruleset.IMPERIUM: _BLACK_BOX,
    Ruleset.CLASSIC: (),
}
"""Per ruleset; names a ruleset's deck does not hold are left out where they are read."""


def not_written(ruleset: Ruleset | str) -> tuple[str, ...]:
    return NOT_WRITTEN[Ruleset(ruleset)]
