"""The state after every statement, rebuilt in plain SQL (sqlite3, Datasette) from what a
statement stores (``changes`` writes it; read there what each part means).

The states of a line of play are rebuilt by one recursive pass, ``fold``: from the game's
start (``games.start``), each statement of the line lays its operations over the state after
the statement before it; a variation's first statement holds its state whole (its ``change``
is that state, an object). A statement's operations are read in order: first, for each of its
events that moves a card, the card taken out of its zone and put into the other
(``half_move``); then each pair of its change (``pair``). The fold keeps the players apart
from the rest of the state, so that an operation reads and writes the smaller of the two JSON
texts it touches. Last, the values kept in columns (phase, current player, leader, turn, led
role, actions used, who played, who is done) are set on the state read (``finish``).

Two views read the states, the same ones at different costs:

- ``snapshot_states`` (``each_view``) rebuilds each row's state on its own, from the first
  statement of its line up to it: a query naming a game and a statement costs that line up to
  that statement, and counting the rows costs nothing (Datasette counts a view's rows before
  it shows a page of it);
- ``snapshots`` (``games_view``) rebuilds a game's states all in one pass: a query naming a
  game costs that game once, however many of its states it reads.
"""

from __future__ import annotations

from gtr_replay.store.changes import MOVED
from gtr_replay.store.snapshots import CARD_ZONES


def _zone_key(zone: str, codes: dict[str, int], *, players: bool) -> str:
    """SQL for the state key of a moved zone (a zone code): one of a player's card zones, or
    with ``players`` False one of the table's (pool, deck, Jack pile); else NULL."""
    cases = " ".join(f"WHEN {codes[word]} THEN '{key}'" for word, key in MOVED.items()
                     if (key in CARD_ZONES) == players)
    return f"CASE {zone} {cases} END"


def _without_first(state: str, path: str, code: str) -> str:
    """SQL for the state without the first card of code ``code`` in the list at ``path`` (the
    state when the list holds none)."""
    return (f"coalesce((SELECT json_remove({state}, {path} || '[' || min(x.key) || ']') FROM words w "
            f"JOIN json_each({state}, {path}) x ON x.value = w.word WHERE w.code = {code}), {state})")


def _take_from_table(table: str, key: str, code: str, card: str) -> str:
    """SQL for the table with a card taken out of the zone ``key``: the Pool's first copy; the
    deck one card shorter (by its count, its count of that card, or its list); the Jack pile
    one fewer."""
    one_card = f"('$.deck.' || json_quote({card}))"
    return f"""CASE {key}
        WHEN 'pool' THEN {_without_first(table, "'$.pool'", code)}
        WHEN 'jack_pile' THEN json_set({table}, '$.jack_pile', coalesce({table} ->> '$.jack_pile', 0) - 1)
        ELSE CASE json_type({table}, '$.deck')
            WHEN 'integer' THEN json_set({table}, '$.deck', ({table} ->> '$.deck') - 1)
            WHEN 'object' THEN CASE WHEN ({table} ->> {one_card}) > 1
                THEN json_set({table}, {one_card}, ({table} ->> {one_card}) - 1)
                ELSE json_remove({table}, {one_card}) END
            ELSE {_without_first(table, "'$.deck'", code)} END END"""


def _put_in_table(table: str, key: str, card: str) -> str:
    """SQL for the table with ``card`` put in the zone ``key``: at the Pool's end; the Jack
    pile one more; the deck as it was (where in it is not known)."""
    return f"""CASE {key}
        WHEN 'pool' THEN json_insert({table}, '$.pool[#]', {card})
        WHEN 'jack_pile' THEN json_set({table}, '$.jack_pile', coalesce({table} ->> '$.jack_pile', 0) + 1)
        ELSE {table} END"""


def _set(state: str, path: str, pair: str) -> str:
    """SQL for the state with a pair of the change laid over it at ``path``."""
    return (f"CASE json_type({pair}, '$[1]') WHEN 'null' THEN json_remove({state}, {path}) "
            f"ELSE json_set({state}, {path}, json({pair} -> 1)) END")


def half_move(table: str, players: str, event: str, half: str, codes: dict[str, int]) -> tuple[str, str]:
    """SQL for the table and the players after half ``half`` of ``event`` (an event's JSON
    text): 0, the card taken out of its zone; 1, put in the other; nothing for an event that
    moves no card."""
    seat, code = f"({event} ->> 1)", f"({event} ->> 3)"
    card = f"(SELECT word FROM words WHERE code = {code})"
    zone = f"(CASE {half} WHEN 0 THEN {event} ->> 4 ELSE {event} ->> 5 END)"
    moved = f"{event} ->> 0 = {codes['move']}"
    player_zone = f"('$[' || {seat} || '].' || {_zone_key(zone, codes, players=True)})"
    table_zone = _zone_key(zone, codes, players=False)
    new_players = f"""CASE WHEN {moved} AND typeof({seat}) = 'integer' AND {player_zone} IS NOT NULL THEN CASE {half}
            WHEN 0 THEN {_without_first(players, player_zone, code)}
            ELSE json_insert({players}, {player_zone} || '[#]', {card}) END
        ELSE {players} END"""
    new_table = f"""CASE WHEN {moved} AND {table_zone} IS NOT NULL THEN CASE {half}
            WHEN 0 THEN {_take_from_table(table, table_zone, code, card)}
            ELSE {_put_in_table(table, table_zone, card)} END
        ELSE {table} END"""
    return new_table, new_players


def pair(table: str, players: str, entry: str) -> tuple[str, str]:
    """SQL for the table and the players after a pair of the change (its JSON text): a path
    starting with a seat is the player's (``1.acted``: ``$.players[1].acted``)."""
    path = f"({entry} ->> 0)"
    for_players = f"{path} GLOB '[0-9]*'"
    dot = f"instr({path}, '.')"
    in_table, in_players = f"'$.' || {path}", f"'$[' || substr({path}, 1, {dot} - 1) || ']' || substr({path}, {dot})"
    return (f"CASE WHEN {for_players} THEN {table} ELSE {_set(table, in_table, entry)} END",
            f"CASE WHEN {for_players} THEN {_set(players, in_players, entry)} ELSE {players} END")


def _fold(start: str, first: str, last: str, codes: dict[str, int]) -> str:
    """SQL for the recursive ``fold`` over a game's statements, with a row for each operation
    laid over a state (the state after a statement: ``j = n``). ``start`` is the game's
    ``games.start``; the lines folded start at the statements ``first`` selects (a condition on
    ``d``, a row of ``stored_decisions``), and end at the key ``last``."""
    moves = "2 * coalesce(json_array_length(d.events), 0)"
    count = f"{moves} + coalesce(json_array_length(d.change), 0)"
    whole = "json_type(d.change) = 'object'"  # a variation's first statement: its state
    moved = half_move("f.tbl", "f.players", "e.value", "f.j % 2", codes)
    changed = pair("f.tbl", "f.players", "c.value")
    return f"""fold(key, path, j, moves, n, events, change, tbl, players) AS (
        SELECT d.key, d.path, 0, CASE WHEN {whole} THEN 0 ELSE {moves} END, CASE WHEN {whole} THEN 0 ELSE {count} END,
               d.events, d.change, json_remove(CASE WHEN {whole} THEN d.change ELSE {start} END, '$.players'),
               CASE WHEN {whole} THEN d.change ELSE {start} END -> '$.players'
        FROM stored_decisions d WHERE {first}
        UNION ALL
        SELECT f.key, f.path, f.j + 1, f.moves, f.n, f.events, f.change, {moved[0]}, {moved[1]}
        FROM fold f JOIN json_each(f.events) e ON e.key = f.j / 2 WHERE f.j < f.moves
        UNION ALL
        SELECT f.key, f.path, f.j + 1, f.moves, f.n, f.events, f.change, {changed[0]}, {changed[1]}
        FROM fold f JOIN json_each(f.change) c ON c.key = f.j - f.moves WHERE f.j >= f.moves
        UNION ALL
        SELECT d.key, d.path, 0, {moves}, {count}, d.events, d.change, f.tbl, f.players
        FROM fold f JOIN stored_decisions d
          ON d.key = (SELECT min(x.key) FROM stored_decisions x
                      WHERE x.key > f.key AND x.key <= {last} AND x.path = f.path)
        WHERE f.j = f.n
    )"""


def _first_of_line(number: str, path: str, mask: int) -> str:
    """SQL: the key of the first statement of a line (``path``) in the game."""
    return (f"(SELECT min(x.key) FROM stored_decisions x "
            f"WHERE x.key BETWEEN {number} AND {number} | {mask} AND x.path = {path})")


def game_states(game: str, bits: int, mask: int, codes: dict[str, int]) -> str:
    """SQL for a JSON object of every state of the game in the row ``game`` of ``games``, by
    seq, rebuilt in one pass, without the values kept in columns (``finish`` sets them)."""
    number = f"({game}.number << {bits})"
    main = _first_of_line(number, "''", mask)
    first = f"d.key BETWEEN {number} AND {number} | {mask} AND (d.key = {main} OR json_type(d.change) = 'object')"
    cte = _fold(f"{game}.start", first, f"({number} | {mask})", codes)
    return f"""(WITH RECURSIVE {cte}
    SELECT json_group_object(key & {mask}, json_set(tbl, '$.players', json(players))) FROM (
        SELECT key, tbl, players FROM fold WHERE j = n ORDER BY key))"""


def one_state(decision: str, game: str, bits: int, mask: int, codes: dict[str, int]) -> str:
    """SQL for the state after the statement in the row ``decision`` of ``stored_decisions``
    (its game's row: ``game``; neither named as the fold's own tables, ``d``, ``f``, ``e``,
    ``c``, ``x``), rebuilt from the first statement of its line up to it."""
    number = f"({game}.number << {bits})"
    first = f"d.key = {_first_of_line(number, f'{decision}.path', mask)}"
    cte = _fold(f"{game}.start", first, f"{decision}.key", codes)
    return f"""(WITH RECURSIVE {cte}
    SELECT {finish('tbl', 'players', decision)} FROM fold WHERE key = {decision}.key AND j = n)"""


def finish(table: str, players: str, decision: str) -> str:
    """SQL for a whole state from its table and players (JSON texts, each read more than once:
    columns, not expressions) with the values its statement keeps in columns set."""
    flag = "json(CASE WHEN {0}.{1} >> p.key & 1 THEN 'true' ELSE 'false' END)"
    players = (f"(SELECT json_group_array(json_set(p.value, '$.played', {flag.format(decision, 'played')}, "
               f"'$.done', {flag.format(decision, 'done')})) FROM json_each({players}) p)")
    word = "(SELECT word FROM words WHERE code = {0}.{1})"
    return f"""json_set({table}, '$.phase', {word.format(decision, 'phase')}, '$.current', {decision}.current,
        '$.leader', {decision}.leader, '$.turn', coalesce({decision}.state_turn, {decision}.turn),
        '$.led_role', {word.format(decision, 'led_role')}, '$.actions_used', {decision}.actions,
        '$.players', {players})"""


def each_view(bits: int, mask: int, codes: dict[str, int]) -> str:
    """The ``snapshot_states`` view: every statement's state, each rebuilt on its own (a row
    costs the statements of its line up to it; counting the rows costs nothing)."""
    return f"""
    SELECT g.id AS game, CAST(r.key & {mask} AS INTEGER) AS seq,
           CAST({one_state('r', 'g', bits, mask, codes)} AS TEXT) AS state
    FROM games g JOIN stored_decisions r ON r.key BETWEEN g.number << {bits} AND (g.number << {bits}) | {mask}"""


def games_view(bits: int, mask: int, codes: dict[str, int]) -> str:
    """The ``snapshots`` view: every statement's state, a game's all rebuilt in one pass (a
    query naming a game costs that game); ``base``: the statement before it in its line."""
    base = f"""CASE WHEN json_type(d.change) IS NOT 'object' THEN (SELECT max(x.key) & {mask} FROM stored_decisions x
            WHERE x.key < d.key AND x.key >= (g.number << {bits}) AND x.path = d.path) END"""
    return f"""
    SELECT g.id AS game, CAST(s.key AS INTEGER) AS seq, CAST({base} AS INTEGER) AS base,
           CAST({finish('s.value', "s.value -> '$.players'", 'd')} AS TEXT) AS state
    FROM games g JOIN json_each({game_states('g', bits, mask, codes)}) s
    JOIN stored_decisions d ON d.key = (g.number << {bits}) + CAST(s.key AS INTEGER)"""
