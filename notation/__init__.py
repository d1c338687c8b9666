"""The GTR notation: read, check and write Glory to Rome game records.

A package of its own: it knows text, not rules, and imports nothing from
``gtr_replay``. See notation/README.md for the language.

>>> record = parse_one('[Game "Glory to Rome"]\\n[Players "Ann, Ben"]\\nAnn leads Patron with Temple\\n')
>>> str(record.turns[0].steps[0].statement)
'Ann leads Patron with Temple'
"""

from ._native import READER

READER.choose()  # before the reader's modules are imported: compiled, or from source

from .blocks import (  # noqa: E402
    Building, Cards, Deck, Draw, Hand, Influence, Jacks, Leader, Pool, PoolDraw, Position,
    Setup, Sites, TurnNumber,
)
from .errors import NotationError  # noqa: E402
from .fmt import FormatResult, format_files, format_text  # noqa: E402
from .reader import parse, parse_one, read_records  # noqa: E402
from .records import Command, Comment, Record, Span, Step, Tag, Turn, Variation  # noqa: E402
from .headers import Header, iter_headers  # noqa: E402
from .statements import (  # noqa: E402
    REGISTRY, Add, Demand, Discard, Follow, Gather, Give, Glory, Hire, Keep, Lay, Lead, Pass, Sell, Slay,
    Statement, Steal, Surrender, Take, TearDown, Think, Trigger,
)
from .vocabulary import Vocabulary  # noqa: E402
from .words import Material, Role, ThinkKind, Zone  # noqa: E402
from .writer import write  # noqa: E402

__all__ = [
    "parse", "parse_one", "read_records", "write", "iter_headers", "format_text", "format_files", "FormatResult",
    "NotationError", "Vocabulary", "Record", "Tag", "Turn", "Step", "Variation", "Comment",
    "Command", "Span", "Header", "Setup", "Position", "Draw", "PoolDraw", "Hand", "Leader",
    "TurnNumber", "Deck", "Jacks", "Pool", "Sites", "Cards", "Influence", "Building",
    "Statement", "REGISTRY", "Lead", "Follow", "Think", "Hire", "Gather", "Lay", "Add",
    "Demand", "Take", "Give", "Glory", "Sell", "Pass", "Surrender", "Steal", "Keep", "Discard",
    "Slay", "TearDown", "Trigger",
    "Role", "Material", "Zone", "ThinkKind",
]
