"""Select, split, merge and de-duplicate record files without a database, as pgn-extract does
for chess games (``gtr extract``).

>>> from gtr_replay.extract import Selection, extract, output          # doctest: +SKIP
>>> sink = output.Split(Path("out"), 100)                              # doctest: +SKIP
>>> report = extract(["games/"], Selection.make(tags=["Ruleset=classic"]), sink, dedupe=True)  # doctest: +SKIP
"""

from gtr_replay.extract import output
from gtr_replay.extract.happened import Outcome
from gtr_replay.extract.run import ExtractReport, extract
from gtr_replay.extract.select import Selection, TagTest

__all__ = ["extract", "ExtractReport", "Selection", "TagTest", "Outcome", "output"]
