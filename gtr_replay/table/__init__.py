"""``gtr table``: a physical game recorded on the players' own phones.

A small ASGI server (Starlette on uvicorn) gives each seat a private page and the table a
public one, each behind a secret link. The pages hold no rules: the server asks the engine
for the pending decision and the legal choices (``replay.legal``), records what a player
chose through ``gtr record``'s recorder (``gtr_replay.replay.recorder``: the same record, checks and
error words), and sends every page its own view (``render.model``: the view ``gtr show --as``
gives). Modules:

- ``links``: the secret tokens, the side file that keeps them across restarts, the addresses;
- ``opening``: the leader draw and the starting hands, each typed on its own seat's page;
- ``sitting``: one game at the table: setup, statements, undo, one decision at a time;
- ``views``: what each page may see (a seat: the public table and its own hand);
- ``app``: the Starlette application (pages, data, live updates by WebSocket);
- ``serve``: the links and QR codes printed, uvicorn run.
"""
