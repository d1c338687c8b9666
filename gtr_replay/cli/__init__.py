"""The ``gtr`` command line: thin commands over the library (STYLE.md), one module per group of
commands, each registering on the one ``app`` of ``cli.common`` when imported here.

``gtr_replay.cli:main`` runs the command line; the ``gtr`` script and ``python -m gtr_replay``
reach it through ``gtr_replay.__main__``, which loads it.
"""

from gtr_replay.cli.common import app
from gtr_replay.cli.commands import main
from gtr_replay.cli import (  # noqa: F401  (each registers its commands on app)
    analyse,  # analyse
    check,  # check
    corpus,  # extract, export
    dispute,  # diff
    plot,  # plot
    record,  # record
    store,  # import, query
    table,  # table
    view,  # show, replay, legal, view
)

__all__ = ["app", "main"]
