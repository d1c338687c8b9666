"""Building powers: one small class each, plugged into the hooks of ``powers.base``.

Importing this package registers every power module.
"""

from gtr_replay.powers.base import HOOK_SPECS, HOOKS, SPECS, Power
from gtr_replay.powers.registry import power_for, register, table

from gtr_replay.powers import (  # noqa: E402,F401  (registers)
    actions, building, clients, completion, defence, endings, limits, plays, public, spoils, takes, thinking,
    turn_end,
)
from gtr_replay.powers import geek  # noqa: E402,F401  (registers the optional Geek cards' powers)

__all__ = ["HOOKS", "HOOK_SPECS", "Power", "SPECS", "power_for", "register", "table"]
