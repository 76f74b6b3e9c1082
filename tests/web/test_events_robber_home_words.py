"""The Events of Catan deck's Robber Flees names the robber's home as the board has it: a
swamp on the Rivers of Catan board ("Zamiast odstawiać złodzieja na pustynię, należy go
odłożyć na jedno z pól bagien", traders-and-barbarians-pl.txt), no home at all with the
Caravans (the robber waits beside the board). Its log line and the card's text on the table
say so in English and Polish, never "desert"/"pustynia"; a game with a desert reads as before.
The words come from the base game's (companion/layers/cores/base/messages.py), never from
Catan for two's."""
import pytest
from django.utils import translation

from companion import engine
from companion.layers.options.events import rules as events
from companion.layers.options.events import screens as event_screens
from companion.messages import log_text
from tests.engine import test_caravans, test_events, test_rivers

NAMES = ["Ala", "Bartek", "Celina"]
DESERT = ("desert", "pustyn")  # pustynia, pustyni, pustynię


def _flees(game, robber: str):
    """Robber Flees revealed next, the robber standing on `robber`."""
    game.state["board"]["robber"] = robber
    deck = events._deck(game.state)
    flees = next(i for i, c in enumerate(events.CARDS) if c["event"] == "robber_flees")
    deck["year"], deck["deck"] = 1, [flees] + [i for i in range(36) if i != flees][:30]
    game.act("reveal_event")
    return game.state


def _rivers(robber: str) -> dict:
    game = test_rivers.Game(dice_source="events")
    game.setup(test_rivers.dry_spots(6))
    return _flees(game, robber)


def _caravans() -> dict:
    game = test_caravans.Game(dice_source="events")
    game.setup()
    return _flees(game, "1,0")


def _said(state: dict, language: str) -> tuple[str, str]:
    """(the log line, the card's text on the table screen) in `language`."""
    entry = next(e for e in reversed(state["log"]) if e["kind"] == "event_effect")
    with translation.override(language):
        line = log_text(entry, NAMES)
        card = event_screens.event_context(engine.view(state, engine.TABLE), NAMES)["card"]
        return line, f'{card["text"]} {" ".join(card["lines"])}'


@pytest.mark.parametrize("language, back, straight", [
    ("en", "The robber goes back to a swamp. Nobody is robbed.", "The robber goes straight back to a swamp."),
    ("pl", "Złodziej wraca na bagno. Nikt nie zostaje okradziony.", "Złodziej od razu wraca na bagno."),
])
def test_on_the_rivers_board_the_robber_goes_back_to_a_swamp(language, back, straight):
    state = _rivers("-2,1")
    assert state["board"]["robber"] in ("0,0", "1,-2")
    line, card = _said(state, language)
    assert back in line and back in card and straight in card
    assert not any(word in (line + card).lower() for word in DESERT)


@pytest.mark.parametrize("language, stays", [
    ("en", "The robber stays on a swamp. Nobody is robbed."),
    ("pl", "Złodziej zostaje na bagnie. Nikt nie zostaje okradziony."),
])
def test_on_the_rivers_board_a_robber_at_home_stays_on_its_swamp(language, stays):
    line, card = _said(_rivers("0,0"), language)
    assert stays in line and stays in card
    assert not any(word in (line + card).lower() for word in DESERT)


@pytest.mark.parametrize("language, waits, leaves", [
    ("en", "The robber waits beside the board", "The robber leaves the board at once and waits beside it."),
    ("pl", "Złodziej czeka obok planszy", "Złodziej od razu schodzi z planszy i czeka obok niej."),
])
def test_with_the_caravans_the_robber_leaves_the_board(language, waits, leaves):
    state = _caravans()
    assert state["board"]["robber"] is None
    line, card = _said(state, language)
    assert waits in line and leaves in card
    assert not any(word in (line + card).lower() for word in DESERT)


@pytest.mark.parametrize("language, back", [
    ("en", "The robber goes back to the desert. Nobody is robbed."),
    ("pl", "Złodziej wraca na pustynię. Nikt nie zostaje okradziony."),
])
def test_a_board_with_a_desert_reads_as_before(language, back):
    state = test_events.on_board()
    state["board"]["robber"] = "1,-1"
    fled = test_events.reveal(state, "robber_flees")
    assert fled["events"]["effect"] == {"robber": "0,0", "from": "1,-1"}  # no home named: a desert
    line, card = _said(fled, language)
    assert back in line and back in card


def test_events_word_the_robbers_home_without_catan_for_two():
    from pathlib import Path
    events_dir = Path(events.__file__).parent
    for module in ("messages.py", "screens.py"):
        assert "catan_for_two" not in (events_dir / module).read_text(), module
