"""Land Ho!'s words: none of its own yet. Its refusals and log lines are the core's
(companion/layers/cores/explorers_pirates/messages.py: the compensation gold is worded there, through
gold's GOLD_REASONS, for every Explorers & Pirates scenario)."""
from companion.machinery.errors import IllegalAction


def refusal(error: IllegalAction) -> str | None:
    return None


def log_text(entry: dict, names: list[str]) -> str | None:
    return None
