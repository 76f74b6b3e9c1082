"""The base game's screen contract. Its screens are the shared templates (templates/partials),
which every game shows: here are its words, its entry on the new-game form and the step a
phone owes (the cards to give back on a 7)."""
from companion.machinery.contract import Form, Screens, Words, owes_pending

from companion.layers.cores.base import LAYERS, forms, messages

SCREENS = Screens(
    layers=LAYERS,
    words=Words(messages.refusal, messages.log_text,
                names={"card": messages.HAND_CARD_NAMES, "card_count": messages.HAND_CARD_COUNTS,
                       "phase": messages.PHASE_NAMES}),
    form=Form(core=forms.CORE, dice_sources=forms.DICE_SOURCES),
    owed=owes_pending(LAYERS, partial="partials/actions.html"),
)
