from companion.layers.options.events import ck_rules, rules

LAYERS = (rules.LAYER, ck_rules.LAYER)
