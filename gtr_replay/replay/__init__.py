"""The replay layer: joins the notation (text) and the engine (rules)."""
