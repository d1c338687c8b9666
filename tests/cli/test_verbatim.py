"""A record's text is printed as it is written: rich neither reads its brackets as markup nor
its ``:name:`` codes as emoji, and a caret stands under the word it marks, wide characters
before it or not."""

from __future__ import annotations

from pathlib import Path

from rich.cells import cell_len
from typer.testing import CliRunner

from gtr_replay.cli import app

runner = CliRunner()
TABLE = Path(__file__).parents[2] / "examples" / "table" / "republic-2p-ann.gtr"
HEADER = '[Ruleset "republic"]\n[Players "Ann, Ben"]\n[Deck "seed:x:v1"]\n\nturn 1 Ann\n'
CODES = ":thumbs_up: and :x: [bold]x[/bold]"


def _quoted(output: str, *, after: str) -> tuple[str, str]:
    """The quoted source line holding ``after`` and the caret line under it."""
    lines = output.splitlines()
    n = next(i for i, line in enumerate(lines) if after in line)
    return lines[n], lines[n + 1]


def test_a_quoted_line_keeps_its_emoji_codes_and_brackets(tmp_path):
    path = tmp_path / "codes.gtr"
    path.write_text(HEADER + f"  Ann folows with {CODES}\n", encoding="utf-8")
    result = runner.invoke(app, ["check", str(path)])
    assert result.exit_code == 1
    quoted, caret = _quoted(result.stderr, after="Ann folows")
    assert quoted.strip() == f"Ann folows with {CODES}"
    assert caret.index("^") == quoted.index("folows") and caret.strip() == "^" * len("folows")
    assert "\N{THUMBS UP SIGN}" not in result.output and "\N{CROSS MARK}" not in result.output


def test_a_file_that_is_no_record_is_quoted_as_it_is(tmp_path):
    path = tmp_path / "passwd"
    path.write_text("root:x:0:0:root:/root:/bin/bash\n", encoding="utf-8")
    result = runner.invoke(app, ["check", str(path)])
    assert result.exit_code == 1 and "  root:x:0:0:root:/root:/bin/bash\n" in result.stderr


def test_a_caret_after_wide_characters_stands_under_its_word(tmp_path):
    path = tmp_path / "wide.gtr"
    path.write_text(HEADER + "  Ann leads Laborer with Road {\N{THUMBS UP SIGN}\u6f22\u5b57} Ann folows\n",
                    encoding="utf-8")
    result = runner.invoke(app, ["check", str(path)])
    quoted, caret = _quoted(result.stderr, after="Ann folows")
    word = quoted.index("} Ann") + 2
    assert caret.index("^") == cell_len(quoted[:word])  # the terminal's columns, not characters


def test_a_comment_and_a_tag_are_narrated_verbatim(tmp_path):
    text = TABLE.read_text(encoding="utf-8")
    first = next(line for line in text.splitlines() if line.startswith("  Ann leads"))
    path = tmp_path / "said.gtr"
    path.write_text(text.replace(first, f"{first} {{{CODES}}}", 1), encoding="utf-8")
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 0, result.output
    assert "{" + CODES + "}" in result.stdout
