"""cardtutor's rules core: pure Python, standard library only, the single source of truth.

Start with :func:`tutor.registry.find_game`; the JSON bridge for the page is :mod:`tutor.api`.
"""
__version__ = "0.1.0"
