"""``python -m gtr_replay`` and the ``gtr`` script (``main``): the command line, loaded inside a
guard so that Ctrl-C while it loads ends it quietly (status 130, as a shell reports an
interrupt) instead of with a traceback from the imports."""

from __future__ import annotations

import sys


def main() -> None:
    try:
        from gtr_replay.cli import main as command_line
    except KeyboardInterrupt:
        sys.stderr.write("interrupted\n")
        sys.exit(130)
    command_line()


if __name__ == "__main__":
    main()
