"""gtr-replay: record, check, replay and query games of Glory to Rome."""

__version__ = "0.1.0"
