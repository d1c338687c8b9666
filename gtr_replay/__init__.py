"""gtr-replay: record, check, replay and query games of Glory to Rome."""

__version__ = "0.1.0"

from gtr_replay import _native  # noqa: E402

_native.choose()  # before any engine module is imported: compiled, or from source
