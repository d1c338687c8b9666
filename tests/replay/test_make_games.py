"""examples/make_games.py makes exactly the example games that are committed, so the
examples are always the self-play games of the current rules (about 2 s for all twelve)."""

import importlib.util
from pathlib import Path

import pytest

SCRIPT = Path(__file__).parents[2] / "examples" / "make_games.py"
COMMAND = "python examples/make_games.py"


def load_script():
    spec = importlib.util.spec_from_file_location("make_games", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


make_games = load_script()
CASES = [(r, n) for r in make_games.RULESETS for n in make_games.PLAYER_COUNTS]


@pytest.mark.parametrize("ruleset,players", CASES, ids=[f"{r}-{n}p" for r, n in CASES])
def test_committed_example_is_what_the_script_makes(ruleset, players):
    path = make_games.path_of(ruleset, players)
    committed = path.read_text(encoding="utf-8") if path.exists() else ""
    made = make_games.example_text(ruleset, players)
    assert made == committed, (
        f"examples/games/{path.name} is not the game the current rules make from its seeds; "
        f"after a change to the rules or to building powers run `{COMMAND}` and commit the files it writes")
