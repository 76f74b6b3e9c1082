"""Where a seat's points come from: the final score's columns and a phone's own breakdown."""
from companion.layers.cores.base import rules as base
from companion.layers.cores.cities_knights import rules as ck


def vp_sources(rules, state: dict, seat: int) -> dict:
    """Where each of a seat's points comes from (every one of them: hidden cards too)."""
    p = state["players"][seat]
    sources = {"settlements": p["settlements"], "cities": 2 * p["cities"]}
    if "ck" in state:  # Cities & Knights: its own points, and no Largest Army
        merchant = state["ck"]["merchant"]
        sources.update({
            "ruined": p["ruined"],
            "metropolises": ck.METROPOLIS_VP * len(ck.metropolises(state, seat)),
            "longest_road": base.LONGEST_ROAD_VP if state["longest_road"] == seat else 0,
            "defenders": p["defenders"],
            "progress": len(p["progress_vp"]),
            "merchant": 1 if merchant is not None and merchant["seat"] == seat else 0,
        })
    else:
        sources.update({
            "longest_road": base.LONGEST_ROAD_VP if state["longest_road"] == seat else 0,
            "largest_army": base.LARGEST_ARMY_VP if state["largest_army"] == seat else 0,
            "vp_cards": rules.vp_hidden(state, seat),
        })
    for layer in rules.layers:  # a layer's own points (the Harbormaster), by source where it names them
        if "vp_sources" in layer.hooks:
            sources.update(layer.hooks["vp_sources"](rules, state, seat))
        elif "extra_vp" in layer.hooks:
            sources[layer.name] = layer.hooks["extra_vp"](rules, state, seat)
    other = rules.vp_total(state, seat) - sum(sources.values())
    if other:
        sources["other"] = other
    return sources
