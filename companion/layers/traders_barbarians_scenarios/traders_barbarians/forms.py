"""The new-game form's entry for this scenario (companion/web/forms.py collects every layer's)."""
from django.utils.translation import gettext_lazy as _

from companion.layers.traders_barbarians_scenarios.traders_barbarians.rules import NAME, TARGET, card_fields

SCENARIO = {"key": NAME, "label": _("Traders & Barbarians: wagons carry goods between castle, quarry and glassworks (13 points)"),
            "target": TARGET, "rulebook": "traders-barbarians"}
ACTION_FIELDS = ("to", "die", "from",  # the wagon's next intersection; a chase's die typed in; the barbarian moved
                 "knight", "victory_point", "monopoly", "road_building", "year_of_plenty",  # the deck's mix
                 *card_fields())  # the wagon cards: tb_mp_2, tb_gold_2, tb_chase_2, tb_cost_2_ore ...
