"""The grammar's word terminals, read from the text of gtr.lark without building the parser.

The quick reading (notation/fastpath.py) and the scanning of logical lines need the keywords
and the ``;`` joiner before any line goes to lark, and commands that never read a record
(``gtr query``) should not pay for building the parser at all. Reading the definitions from
the grammar file keeps one source for them.
"""

from __future__ import annotations

import re
from pathlib import Path

GRAMMAR = Path(__file__).with_name("gtr.lark")

# ``NAME.priority: /regexp/flags`` on a line of its own
_DEFINITION = re.compile(r"^(\w+)\.(\d): /(.+)/(i?)$", re.M)

_FOUND = _DEFINITION.findall(GRAMMAR.read_text(encoding="utf-8"))
TERMINALS: dict[str, re.Pattern[str]] = {
    name: re.compile(pattern, re.I if flags else 0) for name, _, pattern, flags in _FOUND
}
"""Every terminal written as a regular expression with a priority, by name."""

KEYWORDS: dict[str, re.Pattern[str]] = {
    name: TERMINALS[name] for name, priority, _, _ in _FOUND if priority == "2"
}
"""The keywords: they outrank the name words wherever the parser can accept them."""

JOIN = TERMINALS["_JOIN"]
"""A ``;`` followed by a statement: it joins statements on one line (any other ``;`` starts
a comment)."""

VERBS = tuple(name for name in KEYWORDS if name.startswith("_") and name[1:] in {
    "LEADS", "FOLLOWS", "THINKS", "HIRES", "GATHERS", "LAYS", "ADDS", "DEMANDS", "TAKES",
    "GIVES", "SELLS", "PASSES", "SURRENDER", "STEALS", "KEEPS", "SLAYS", "TEARS_DOWN", "TRIGGERS",
})
"""The terminal names of the statement verbs (``_LEADS``...)."""
