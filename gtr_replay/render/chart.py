"""Points by turn as an SVG line chart, written by hand (no plotting library needed).

``points_by_turn(timeline, viewer)`` reads the series from a replay; ``svg(series)`` draws
any ``{player: [(turn, points), ...]}``, which is also what ``gtr plot`` reads from a
database. The chart is plain SVG 1.1 text: it opens in a browser, an editor or a document.
"""

from __future__ import annotations

from html import escape

from gtr_replay.render.model import visible_points
from gtr_replay.render.timeline import Timeline

COLOURS = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#e377c2", "#17becf")
"""One colour per player, in seating order (colour-blind safe for the first five)."""

Series = dict[str, list[tuple[int, int]]]


def points_by_turn(timeline: Timeline, viewer: str | None = None) -> Series:
    """Each player's points, as ``viewer`` can count them, at the end of every turn of the
    main line (and where the record stops, when it stops inside a turn): after the last
    statement made in the turn, as a database stores them (``store.turn_points``)."""
    series: Series = {p.name: [] for p in timeline.start.players}
    ends: dict[int, int] = {}
    for position, moment in enumerate(timeline.main, 1):
        ends[moment.turn] = position  # the turn the statement was made in, not the one it led to
    for turn, position in sorted(ends.items()):
        for name, points in visible_points(timeline.state(position), viewer).items():
            series[name].append((turn, points))
    return series


def series_from_rows(columns: list[str], rows: list[tuple]) -> Series:
    """A series from query rows with the columns ``player`` (or ``name``), ``turn`` and
    ``points``; raises ``UsageError`` naming what is missing."""
    from gtr_replay.errors import UsageError

    names = [c.lower() for c in columns]
    who = "player" if "player" in names else "name" if "name" in names else None
    missing = [c for c, found in (("player", who), ("turn", "turn" in names), ("points", "points" in names))
               if not found]
    if missing:
        raise UsageError(f"the query gives the columns {', '.join(columns) or 'none'}; a plot needs player, turn "
                         f"and points (missing: {', '.join(missing)})",
                         hint="e.g. SELECT player, turn, points FROM turn_points WHERE game = '...'")
    p, t, v = names.index(who), names.index("turn"), names.index("points")
    series: Series = {}
    for row in rows:
        if row[t] is None or row[v] is None:
            continue
        series.setdefault(str(row[p]), []).append((int(row[t]), int(row[v])))
    for points in series.values():
        points.sort()
    return series


def _ticks(top: int, count: int = 5) -> list[int]:
    step = max(1, -(-top // count))
    for nice in (1, 2, 5, 10, 20, 25, 50, 100):
        if nice >= step:
            step = nice
            break
    return list(range(0, top + step, step))


OFFSET = 3
"""Pixels between the lines of players whose points are equal, so that no line hides another."""


def svg(series: Series, *, title: str = "points by turn", width: int = 640, height: int = 320,
        marker: int | None = None, axis: str = "victory points", most: int | None = None,
        seats: list[str] | None = None) -> str:
    """A step line per player (points change at the end of a turn, they do not slope between
    turns), each a few pixels off the next so equal lines stay apart, both axes labelled;
    ``marker`` draws a vertical line at that turn (the viewer moves it). Every turn has a
    hit area (``data-turn``) that the viewer's page goes to when it is clicked. ``axis`` names
    the values and ``most`` fixes the top of their scale (100 for a chance in percent).
    ``seats`` (every player, in seating order) gives each player the colour of their seat
    when the series leave some out; otherwise the series' order does."""
    left, right, top_pad, bottom = 52, 110, 28, 40
    turns = [t for points in series.values() for t, _ in points] or [0, 1]
    values = [p for points in series.values() for _, p in points] or [0]
    first, last = min(turns), max(max(turns), min(turns) + 1)
    y_ticks = _ticks(most if most is not None else max(max(values), 1))
    high = y_ticks[-1]
    plot_w, plot_h = width - left - right, height - top_pad - bottom

    def x(turn: float) -> float:
        return round(left + (turn - first) / (last - first) * plot_w, 1)

    def y(points: float) -> float:
        return round(top_pad + plot_h - points / high * plot_h, 1)

    out = [f'<svg xmlns="http://www.w3.org/2000/svg" class="chart" viewBox="0 0 {width} {height}" '
           f'width="{width}" height="{height}" role="img" aria-label="{escape(title)}" '
           f'data-first="{first}" data-last="{last}" data-left="{left}" data-width="{plot_w}">',
           f'<title>{escape(title)}</title>',
           f'<text x="{left}" y="16" font-size="13" font-family="sans-serif">{escape(title)}</text>']
    for tick in y_ticks:
        out.append(f'<line x1="{left}" x2="{left + plot_w}" y1="{y(tick)}" y2="{y(tick)}" stroke="#ddd"/>'
                   f'<text x="{left - 6}" y="{y(tick) + 4}" font-size="11" text-anchor="end" '
                   f'font-family="sans-serif">{tick}</text>')
    every = max(1, (last - first) // 12)
    for turn in range(first, last + 1, every):
        out.append(f'<text x="{x(turn)}" y="{top_pad + plot_h + 16}" font-size="11" text-anchor="middle" '
                   f'font-family="sans-serif">{turn}</text>')
    out.append(f'<text class="axis-label" x="{left + plot_w / 2}" y="{height - 6}" font-size="12" '
               f'text-anchor="middle" font-family="sans-serif">turn</text>')
    middle = top_pad + plot_h / 2
    out.append(f'<text class="axis-label" x="14" y="{middle}" font-size="12" text-anchor="middle" '
               f'font-family="sans-serif" transform="rotate(-90 14 {middle})">{escape(axis)}</text>')
    out.append(f'<line x1="{left}" x2="{left}" y1="{top_pad}" y2="{top_pad + plot_h}" stroke="#888"/>'
               f'<line x1="{left}" x2="{left + plot_w}" y1="{top_pad + plot_h}" y2="{top_pad + plot_h}" '
               f'stroke="#888"/>')
    for n, (player, points) in enumerate(series.items()):
        seat = seats.index(player) if seats is not None and player in seats else n
        colour = COLOURS[seat % len(COLOURS)]
        shift = round((n - (len(series) - 1) / 2) * OFFSET, 1)
        path = _steps([(x(t), round(y(p) + shift, 1)) for t, p in points])
        out.append(f'<path class="series" data-player="{escape(player)}" fill="none" stroke="{colour}" '
                   f'stroke-width="2" d="{path}"/>')
        final = points[-1][1] if points else 0
        out.append(f'<text x="{width - right + 8}" y="{top_pad + 14 + 16 * n}" font-size="12" fill="{colour}" '
                   f'font-family="sans-serif">{escape(player)} {final}</text>')
    if marker is not None:
        out.append(f'<line class="marker" x1="{x(marker)}" x2="{x(marker)}" y1="{top_pad}" '
                   f'y2="{top_pad + plot_h}" stroke="#444" stroke-dasharray="4 3"/>')
    step = plot_w / (last - first)
    for turn in range(first, last + 1):
        lo, hi = max(left, x(turn) - step / 2), min(left + plot_w, x(turn) + step / 2)
        out.append(f'<rect class="turn-hit" data-turn="{turn}" x="{round(lo, 1)}" y="{top_pad}" '
                   f'width="{round(hi - lo, 1)}" height="{plot_h}" fill="transparent">'
                   f'<title>turn {turn}</title></rect>')
    out.append("</svg>")
    return "\n".join(out)


def chances_by_turn(lines: list[dict], players: list[str]) -> Series:
    """Each judged player's chance to win, in percent, after their last judged decision of
    every turn of the main line (``lines``: a page view's lines, whose ``judged`` the viewer
    reads from the record's analysis comments), in seating order (``players``)."""
    def seat(name: str) -> int:
        return players.index(name) if name in players else len(players)

    last: dict[str, dict[int, int]] = {}
    for line in lines:
        judged = line.get("judged")
        if judged is not None and not line["depth"] and not line["problem"]:
            last.setdefault(judged["player"], {})[line["turn"]] = round(judged["played"] * 100)
    return {player: sorted(by_turn.items()) for player, by_turn in sorted(last.items(), key=lambda item: seat(item[0]))}


def _steps(points: list[tuple[float, float]]) -> str:
    """An SVG path through ``points`` as steps: level until the next point's turn, then up or down."""
    if not points:
        return ""
    (x0, y0), rest = points[0], points[1:]
    return f"M{x0},{y0}" + "".join(f" H{px} V{py}" for px, py in rest)
