"""Views of a game for people: rich renderables of a state, narrated lines, and the
timeline and step controller that ``gtr show`` and ``gtr replay`` are built on.

Hidden information (who may see which card) is decided in ``render.view`` alone.
"""

from gtr_replay.render.state import camp_panel, next_decision, result_table, state_view, status, table_panel
from gtr_replay.render.view import VaultWatch

__all__ = ["VaultWatch", "camp_panel", "next_decision", "result_table", "state_view", "status", "table_panel"]
