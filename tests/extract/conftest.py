"""A corpus for extract: self-play games of every ruleset with dates, a game written twice
(once with its notes edited), a record the rules refuse and one the notation refuses; and
the same files imported into a database, to compare a selection with its SQL."""

from __future__ import annotations

from pathlib import Path

import notation
import pytest

from gtr_replay.play.selfplay import selfplay
from gtr_replay.store import Store, import_files


def dated(text: str, date: str) -> str:
    return text.replace('[Ruleset "', f'[Date "{date}"]\n[Ruleset "', 1)


def corpus_texts() -> list[str]:
    """The records, in file order (``corpus`` writes them into two files)."""
    texts = []
    plays = [("classic", 2, 3), ("republic", 3, 3), ("imperium", 4, 2), ("classic", 5, 1), ("republic", 2, 2)]
    day = 0
    for ruleset, players, games in plays:
        for game in selfplay(ruleset, players, "extract", games):
            day += 1
            texts.append(dated(notation.write(game.record(event=f"club night {day}")), f"2026.{1 + day % 12:02d}.1{day % 10}"))
    texts.append(texts[1])  # the same record again
    texts.append(texts[2].replace("club night", "club evening"))  # the same game, a descriptive tag edited
    refused = texts[0].split("\n")
    result = next(n for n, line in enumerate(refused) if line.startswith("[Result"))
    refused[result] = '[Result "Ann 99, Ben 0"]'
    texts.append("\n".join(refused).replace("club night", "disputed night"))
    texts.append('[Game "Glory to Rome"]\n[Ruleset "republic"]\n[Players "Ann, Ben"]\n\nturn 1 Ann\n  Ann flies away\n')
    return texts


@pytest.fixture(scope="session")
def corpus(tmp_path_factory) -> list[Path]:
    folder = tmp_path_factory.mktemp("corpus")
    texts = corpus_texts()
    first, second = folder / "a.gtr", folder / "b.gtr"
    first.write_text("\n".join(texts[:7]), encoding="utf-8")
    second.write_text("\n".join(texts[7:]), encoding="utf-8")
    return [first, second]


@pytest.fixture(scope="session")
def corpus_db(tmp_path_factory, corpus) -> Path:
    path = tmp_path_factory.mktemp("db") / "corpus.db"
    with Store(path) as store:
        report = import_files(store, corpus, workers=1)
    assert len(report.problems) == 2  # the refused record and the unreadable one
    return path
