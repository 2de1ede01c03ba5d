"""The games, one package each; ``tutor.registry`` lists them and imports one on first use.

Each package exposes ``GAME`` (its ``Game`` instance); nothing here imports them, so a page
about one game compiles only that game's code.
"""
