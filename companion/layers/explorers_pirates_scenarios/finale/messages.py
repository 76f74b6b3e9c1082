"""The words of the scenario Explorers & Pirates (rules.py): only its refusal; its missions
speak through their own packages (pirate_lairs, fish_for_catan, spices_for_catan)."""
from django.utils.translation import gettext as _

from companion.machinery.errors import IllegalAction
from companion.messages import refusal_text


def refusal(error: IllegalAction) -> str | None:
    texts = {"finale_core_only": _(
        "The scenario Explorers & Pirates is played with the Explorers & Pirates game: pick that game.")}
    return refusal_text(texts, error)


def log_text(entry: dict, names: list[str]) -> str | None:
    return None
