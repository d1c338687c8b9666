"""The rules' data, the floor under the game's values: the cards (``cards``, read from
``cards.toml``), the rulesets' numbers (``rulesets``), the optional cards (``expansions``) and
the rulings on the rulebooks' ambiguities (``rulings``, with their readings as types in the
generated ``ruling_types`` and their reference text in ``rulings_doc``). They import the closed
sets and the errors only (``tests/test_layers.py``)."""
