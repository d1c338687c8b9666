"""``gtr analyse --help`` reads as every command's help does (tests/cli/test_help.py)."""

from __future__ import annotations

import re

from tests.cli.test_help import help_of


def test_analyse_help_reads_like_the_other_commands():
    text = help_of("analyse")
    assert text.startswith("Usage: gtr analyse [OPTIONS] PATH...\n")
    assert "{" not in text and "╭" not in text and "Example: gtr analyse" in text
    assert re.search(r"^  -b, --budget INTEGER  +Playouts per decision judged", text, re.M)
    assert re.search(r"^  analyse +\S", help_of(), re.M)
    assert "--seats TEXT" in help_of("selfplay")
