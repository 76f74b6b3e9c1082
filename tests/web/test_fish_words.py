"""Fishermen of Catan's catch, worded right in English and Polish: the old boot is a token
that is not fish, so a catch of the boot alone says so (never "catches 0 fish tokens"), a
catch with the boot names it beside the fish, and the Polish plural forms (1, 2-4, 5+) hold,
on the catcher's own line (the fish on each token) and on everyone else's."""
import pytest
from django.utils.translation import override

from companion.messages import log_text

NAMES = ["Ala", "Bartek", "Celina"]


def _caught(count: int, boot: bool, own: bool) -> dict:
    params = {"count": count, "due": count + boot, "reason": "fishing_ground", "boot": boot}
    if own:  # the catcher's own line carries the tokens
        params["tokens"] = [1, 3, 2, 2, 1][:count]
    return {"n": 5, "turn": 3, "kind": "fish_caught", "seat": 2, "params": params}


CASES = [
    # count, boot, own line, English, Polish
    (0, True, False, "Celina catches no fish, only the old boot.", "Celina nie łowi żadnej ryby, tylko stary but."),
    (0, True, True, "Celina catches no fish, only the old boot.", "Celina nie łowi żadnej ryby, tylko stary but."),
    (1, True, False, "Celina catches 1 fish token and the old boot.", "Celina łowi 1 żeton ryb i stary but."),
    (1, True, True, "Celina catches 1 fish token (1) and the old boot.", "Celina łowi 1 żeton ryb (1) i stary but."),
    (2, True, True, "Celina catches 2 fish tokens (1 + 3) and the old boot.",
     "Celina łowi 2 żetony ryb (1 + 3) i stary but."),
    (5, True, False, "Celina catches 5 fish tokens and the old boot.", "Celina łowi 5 żetonów ryb i stary but."),
    (1, False, False, "Celina catches 1 fish token.", "Celina łowi 1 żeton ryb."),
    (3, False, True, "Celina catches 3 fish tokens (1 + 3 + 2).", "Celina łowi 3 żetony ryb (1 + 3 + 2)."),
    (5, False, False, "Celina catches 5 fish tokens.", "Celina łowi 5 żetonów ryb."),
    (0, False, False, "Celina catches no fish: no token is left to draw.",
     "Celina nie łowi żadnej ryby: nie ma już żetonu do wyciągnięcia."),
]


@pytest.mark.parametrize("count,boot,own,english,polish", CASES)
def test_a_catch_is_worded_right_in_both_languages(count, boot, own, english, polish):
    entry = _caught(count, boot, own)
    with override("en"):
        assert log_text(entry, NAMES) == english
    with override("pl"):
        assert log_text(entry, NAMES) == polish


@pytest.mark.parametrize("language", ["en", "pl"])
def test_the_old_boot_is_never_counted_as_fish(language):
    with override(language):
        for count, boot, own, *_ in CASES:
            text = log_text(_caught(count, boot, own), NAMES)
            assert " 0 " not in text, text  # no "catches 0 fish tokens"
            assert "came up with them" not in text and "też stary but" not in text, text
