"""The rules engine: pure Python, no Django, no I/O, no global randomness."""
from companion.machinery.chance import Chance, seeded_secret
from companion.machinery.errors import IllegalAction
from companion.engine.game import (
    advance,
    allowed_actions,
    apply,
    can_redo,
    can_undo,
    copy_state,
    current_schema,
    fold,
    new_game,
    new_history,
    ReplayError,
    revealed,
    rules_for,
    ruleset,
)
from companion.engine.views import TABLE, log_for, public_part, shown_log, view

__all__ = [
    "Chance", "IllegalAction", "ReplayError", "TABLE", "advance", "allowed_actions", "apply", "can_redo", "can_undo", "copy_state",
    "current_schema", "fold", "rules_for", "ruleset", "new_game", "new_history", "revealed", "seeded_secret", "view", "public_part", "shown_log", "log_for",
]
