"""The machinery every ruleset is built from: steps and records, chance, composition, hands, board geometry.

Pure Python: no Django, no I/O, no global randomness (tests/engine/test_engine_is_pure.py).
It knows no ruleset: the layers (companion/layers) build on it, and the engine
(companion/engine) composes them per game.
"""
