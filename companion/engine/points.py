"""Where a seat's points come from: the final score's columns and a phone's own breakdown.

Each layer says where its own points come from (its `vp_sources` hook): a core's cover
everything its `vp_base` and `vp_hidden` count, and, like those, the last core of the chain
has the say (Cities & Knights over the base game it extends); every other layer adds its
own, or its `extra_vp` under its name.
"""


def vp_sources(rules, state: dict, seat: int) -> dict:
    """Where each of a seat's points comes from (every one of them: hidden cards too)."""
    core = next(layer for layer in reversed(rules.layers) if layer.core and "vp_sources" in layer.hooks)
    sources = dict(core.hooks["vp_sources"](rules, state, seat))
    for layer in rules.layers:
        if layer.core:
            continue
        if "vp_sources" in layer.hooks:
            sources.update(layer.hooks["vp_sources"](rules, state, seat))
        elif "extra_vp" in layer.hooks:
            sources[layer.name] = layer.hooks["extra_vp"](rules, state, seat)
    other = rules.vp_total(state, seat) - sum(sources.values())
    if other:
        sources["other"] = other
    return sources
