"""A compact summary of a game's state, for the command line and exports."""
from companion.engine.game import ruleset


def summary(state: dict, version: int, reveal: bool = False) -> dict:
    rules = ruleset(state)
    finished = state["phase"] == "finished"
    players = []
    for seat, cfg in enumerate(state["config"]["players"]):
        p = state["players"][seat]
        entry = {
            "name": cfg["name"],
            "color": cfg["color"],
            "vp_public": rules.vp_public(state, seat),
            "settlements": p["settlements"],
            "cities": p["cities"],
            "roads": p["roads"],
            "knights_played": p["knights_played"],
            "longest_road": state["longest_road"] == seat,
            "largest_army": state["largest_army"] == seat,
        }
        if reveal:
            entry["vp_total"] = rules.vp_total(state, seat)
            entry["dev_cards"] = [c["card"] for c in p["dev_hand"]]
        players.append(entry)
    return {
        "version": version,
        "phase": state["phase"],
        "turn": {"number": state["turn"]["number"], "seat": None if finished else rules.active_seat(state)},
        "winner": state["winner"],
        "last_roll": state["last_roll"],
        "players": players,
    }
