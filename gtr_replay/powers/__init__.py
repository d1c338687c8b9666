"""Building powers: one small class each, plugged into the hooks of ``powers.base``.

Importing this package registers every power module.
"""

from gtr_replay.powers import limits  # noqa: F401  (registers Shrine, Temple, Market)
from gtr_replay.powers.base import HOOKS, Power
from gtr_replay.powers.registry import power_for, register, table

__all__ = ["HOOKS", "Power", "power_for", "register", "table"]
