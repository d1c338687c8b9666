"""What each table and column of a games database holds, in words: read by the Datasette
metadata (``datasette``) and the Parquet schema (``parquet_schema``), so a column is described
once wherever the games go."""

from __future__ import annotations

from gtr_replay.store.schema import COLUMNS

TABLES = {
    "games": "one row per game: its ruleset, players, winners, scores, why it ended, where the record came "
             "from and the record's canonical text",
    "players": "one row per player of each game: seat, final points and what they came from, winner or not",
    "decisions": "one row per statement of each game (main line and variations): who, what, where in the "
                 "record, with its comment and glyphs",
    "events": "what each statement did, in order: cards moved, influence gained, structures completed, the "
              "game's end",
    "snapshots": "the whole state after each statement, a game's all rebuilt in one pass: for reading every "
                 "state of a game or of many",
    "player_states": "one row per statement and player: hand, clientele, stockpile and vault sizes, influence, "
                     "points, buildings completed and begun",
    "points_by_turn": "each player's points at the end of every turn of the main line",
    "final_scores": "each player's final points, with the game's source, ruleset and end reason",
    "completions": "every structure completed on the main line: by whom, at which statement and turn",
    "first_structures": "each player's first completed structure in each game",
    "turn_points": "each player's points at the end of every turn (the points_by_turn rows)",
    "leads": "every lead: the role, and the leader's clients of that role",
    "wins": "games, wins and average score of each player name over every game",
    "end_reasons": "how many games of each ruleset and player count ended for each reason",
    "snapshot_states": "the whole state after each statement, each rebuilt on its own from the first statement "
                       "of its line: for reading one state by game and seq",
    "words": "the words the stored rows keep as numbers (event kinds, zones, cards, verbs, roles, phases)",
    "comments": "the statements that carry a comment, searchable (full-text index on comment)",
}
"""The tables and views users read (the ``stored_*`` tables hold their rows)."""

_MORE = {
    "games.ruleset": "classic, republic or imperium",
    "games.end_reason": "why the game ended: deck, all-sites, last-site, catacomb, win:BUILDING... (NULL when "
                        "the record stops before the end)",
    "games.expansions": "expansions in play (JSON list)",
    "players.game": "games.id",
    "players.seat": "seat in playing order, from 0",
    "players.name": "the player's name as in the Players tag",
    "players.score": "final points",
    "players.influence": "points from influence",
    "decisions.game": "games.id",
    "decisions.actor": "the player who made the statement",
    "decisions.text": "the statement in canonical notation",
    "decisions.line": "line of the statement in its source file",
    "decisions.col": "column of the statement in its source file",
    "decisions.comment": "the comments written after the statement, one per line",
    "decisions.glyphs": "glyphs written after the statement (!, ?, !? ...), space separated",
    "events.game": "games.id",
    "events.seq": "the statement (decisions.seq) that caused the event",
    "events.kind": "move, influence, complete, game-end, step, public...",
    "events.player": "the player concerned",
    "events.card": "the card moved or structure concerned",
    "events.source": "the zone a card left (hand, pool, deck, camp, stockpile...)",
    "events.target": "the zone a card went to",
    "events.value": "a number the event carries (influence gained...)",
    "events.text": "what happened, in words",
    "snapshots.game": "games.id",
    "snapshots.seq": "the statement (decisions.seq) after which the state holds",
    "snapshot_states.game": "games.id",
    "snapshot_states.seq": "the statement (decisions.seq) after which the state holds",
    "words.code": "the number a stored row keeps for the word",
    "player_states.game": "games.id",
    "player_states.seat": "the player's seat, from 0",
    "player_states.name": "the player's name",
    "points_by_turn.game": "games.id",
    "points_by_turn.player": "the player's name",
    "comments.game": "games.id",
    "comments.seq": "the statement (decisions.seq)",
    "comments.key": "the stored statement's key (stored_decisions.key, the full-text index's rowid)",
}

COLUMN_TEXTS = {**COLUMNS, **_MORE}
"""``table.column`` -> what it holds."""


def column_text(table: str, column: str) -> str | None:
    """What ``table.column`` holds, or None when it is not described."""
    return COLUMN_TEXTS.get(f"{table}.{column}")
