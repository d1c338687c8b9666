"""Building powers: one small class each, plugged into the hooks of ``powers.base``.

Importing this package registers every power module.
"""

from gtr_replay.powers.base import HOOKS, Power
from gtr_replay.powers.registry import power_for, register, table

from gtr_replay.powers import actions, building, defence, endings, limits, public  # noqa: E402,F401  (registers)

__all__ = ["HOOKS", "Power", "power_for", "register", "table"]
