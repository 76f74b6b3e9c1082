"""What the screens show for Explorers & Pirates (rules.py): the sea board's own pieces (ships
with the way their bow points and their cargo, harbour settlements with their docks, the
face-down hexes by area), each player's ships, harbour settlements and settlers left, the
phase of the turn; on the active phone (or the table with paper cards) its ships with their
movement points and what each may do, the pieces its ships and docks hold that it may take
off to make room, the building hints, and the reveal form on the phone of the ship's owner
when a ship points at a face-down hex. The steps a phone owes (`owed`, pinned in its bottom
bar): the hex its ship discovered, the ships' movement before the turn can end, and in the
later scenarios the free placement, the pirate ship to place and whom its pirates rob."""
import math

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from companion.board_svg import frame_drawing
from companion.layers.cores.base.messages import COLOR_NAMES
from companion.messages import CARD_NAMES, cards_text
from companion.layers.cores.explorers_pirates.missions import SIZES
from companion.layers.cores.explorers_pirates.messages import AREA_NAMES, MISSION_NAMES, STAGE_NAMES, area_name, placement_text, terrain_name
from companion.machinery.contract import Form, OwedStep, Screens, Words
from companion.layers.cores.explorers_pirates import LAYERS, forms, messages

TERRAIN_NAMES = {"sea": gettext_lazy("sea"), "unexplored": gettext_lazy("face down (not explored yet)")}
# The name of this layer's points in a phone's breakdown and the final score.
VP_SOURCES = {"harbour_settlements": gettext_lazy("Harbour settlements"),
              "mission_pirate_lairs": gettext_lazy("Mission “Pirate Lairs” (its track and +1 VP card)"),
              "mission_fish_for_catan": gettext_lazy("Mission “Fish for Catan” (its track and +1 VP card)"),
              "mission_spices_for_catan": gettext_lazy("Mission “Spices for Catan” (its track and +1 VP card)")}

# The keys this layer adds to a screen's context, as the templates find them in other games.
DEFAULTS = {"ep": None, "ep_ground": None, "ep_drawing": None, "ep_scores": None, "cities": True, "ep_missions": None, "ep_mission_scores": None}  # cities: the scoreboard's column, in other games
PARTIALS = {
    "actions": "explorers_pirates/actions.html",
    "scoreboard": "explorers_pirates/scoreboard.html",
    "board_ground": "explorers_pirates/board_ground.html",
    "board_layer": "explorers_pirates/board_layer.html",
    "board_targets": "explorers_pirates/board_targets.html",
}
# What the scoreboard and the board picture (shared fragments kept by what they show) read of this layer's keys.
READS = {"scoreboard": ("ep_scores", "dev_cards", "cities", "ep_mission_scores"), "board_picture": ("ep_ground",)}

# The rule-lookup key of each stage (companion/rulebook/entries/contexts.toml).
STAGE_RULES = {"production": "ep:production", "build": "ep:build", "movement": "ep:movement",
               "reveal": "discovery", "discard": "phase:discard", "board": "ep:setup", "finished": "phase:finished",
               "pirates": "pirate:ship", "pirate_steal": "pirate:steal", "conquest": "lair:conquest",
               "placement": "ep:free-setup"}
# The forms of the steps a phone owes, pinned in its bottom bar (the shell's partials/owed_bar.html).
OWED = "explorers_pirates/owed.html"
# The player colours as SVG fills (the pieces are drawn with presentation attributes).
FILLS = {"red": "#d33a2c", "blue": "#2f6fd6", "white": "#f4f4f4", "orange": "#f08a24", "green": "#3b9b45",
         "brown": "#8a5a2b"}
AREA_FILLS = {"north": "#3b9b45", "south": "#f08a24"}
NUMBERS = (2, 3, 4, 5, 6, 8, 9, 10, 11, 12)


def svg_round(value: float) -> float:
    """A coordinate for the SVG: one decimal, never -0.0 (shared with the scenarios' screens)."""
    return round(value, 1) + 0.0


def seat_colors(view: dict) -> list[str]:
    """Each seat's colour on the board: the players', then the neutral colours'."""
    colors = [p["color"] for p in view["players"]]
    neutral = view["explorers_pirates"].get("neutral") or {}
    return colors + [neutral[k] for k in sorted(neutral, key=int)]


def seat_dots(seats: list, x: float, y: float, size: float, colors: list[str]) -> list[dict]:
    """A row of dots, one a seat in `seats` in its colour, centred on x at height y (the
    crews on a hex of the scenarios' screens: a lair, a village)."""
    n = len(seats)
    return [{"x": svg_round(x + (k - (n - 1) / 2) * 0.26 * size), "y": svg_round(y), "r": svg_round(0.1 * size),
             "fill": FILLS.get(colors[s] if 0 <= s < len(colors) else "", "#777")} for k, s in enumerate(seats)]


def trade_ratios(view: dict) -> dict | None:
    """No harbours: 3 equal resources for any one (a phone's bank trades)."""
    ep = view.get("explorers_pirates")
    if not ep:
        return None
    return {r: ep.get("bank_ratio", 3) for r in ("brick", "lumber", "wool", "grain", "ore")}


def extra_seats(view: dict) -> list[dict]:
    """Two players: the unused colours' pieces stay on the start island (seats 2 and 3)."""
    ep = view.get("explorers_pirates")
    if not ep:
        return []
    neutral = ep.get("neutral") or {}
    return [{"seat": int(k), "name": _("%(color)s (not played)") % {"color": COLOR_NAMES.get(c, c)}, "color": c}
            for k, c in sorted(neutral.items(), key=lambda kv: int(kv[0]))]


def _settler(x: float, y: float, size: float) -> dict:
    """A settler: a small pawn (head and body) standing at (x, y)."""
    s = 0.16 * size
    return {"x": svg_round(x), "y": svg_round(y - 0.55 * s), "r": svg_round(0.45 * s),
            "body": f"M{svg_round(x - 0.7 * s)},{svg_round(y + s)} Q{svg_round(x)},{svg_round(y - 0.9 * s)} {svg_round(x + 0.7 * s)},{svg_round(y + s)} Z"}


def _sea_side(edge: str, d, hexes: dict) -> tuple[float, float]:
    """The unit vector from a coastal path's middle towards its sea side ((0, 0) for a path
    with sea on both sides, or land on both): ships and the taps for ships lie in the water,
    beside a road's tap on the same path."""
    sides = edge.split("|")
    if len(sides) != 2:
        return 0.0, 0.0
    land = [(hexes.get(p) or {}).get("terrain") not in (None, "sea", "unexplored") for p in sides]
    if land[0] == land[1]:
        return 0.0, 0.0
    sea = sides[1] if land[0] else sides[0]
    centre = d.hex_centres.get(sea) or d.sea_centres.get(sea)
    if centre is None or edge not in d.edges:
        return 0.0, 0.0
    (x1, y1), (x2, y2) = d.edges[edge]
    mx, my = (x1 + x2) / 2, (y1 + y2) / 2
    length = math.dist((mx, my), centre) or 1.0
    return (centre[0] - mx) / length, (centre[1] - my) / length


def _crew(x: float, y: float, size: float) -> dict:
    """A crew: a smaller pawn than a settler (two fit in a hold or a dock)."""
    s = 0.11 * size
    return {"x": svg_round(x), "y": svg_round(y - 0.55 * s), "r": svg_round(0.45 * s),
            "body": f"M{svg_round(x - 0.7 * s)},{svg_round(y + s)} L{svg_round(x)},{svg_round(y - 0.6 * s)} L{svg_round(x + 0.7 * s)},{svg_round(y + s)} Z"}


# Tap kinds on a path that are about a ship: their tap lies in the water, off a road's.
SHIP_TAPS = ("ship_site", "settler_ship", "ship", "crew_ship", "chase", "victim")
SHIP_TAP_OUT = 0.55


def _ship_taps(picture: dict, d, hexes: dict) -> dict:
    out = {}
    size = picture["size"]
    for kind in SHIP_TAPS:
        moved = []
        for t in picture["targets"].get(kind) or ():
            vx, vy = _sea_side(t["id"], d, hexes)
            moved.append({**t, "x": svg_round(t["x"] + vx * SHIP_TAP_OUT * size), "y": svg_round(t["y"] + vy * SHIP_TAP_OUT * size)})
        out[kind] = moved
    return out


def ship_drawings(part: dict, d, colors: list[str], size: float, hexes: dict) -> list[dict]:
    by_edge: dict[str, list] = {}
    for ship in part["ships"]:
        by_edge.setdefault(ship["edge"], []).append(ship)
    out = []
    for edge, ships in by_edge.items():
        if edge not in d.edges:
            continue
        a, b = d.edges[edge]
        for k, ship in enumerate(sorted(ships, key=lambda s: s["id"])):
            bow = d.corners.get(ship["bow"])
            if bow is None:
                bow = b
            stern = a if bow == b else (b if bow == a else a)
            length = math.dist(stern, bow) or 1.0
            ux, uy = (bow[0] - stern[0]) / length, (bow[1] - stern[1]) / length
            vx, vy = -uy, ux
            shift = (k - (len(ships) - 1) / 2) * 0.32 * size  # two ships on a path lie side by side
            sx, sy = _sea_side(edge, d, hexes)  # on a coastal path, in the water beside a road
            mx = (stern[0] + bow[0]) / 2 + vx * shift + sx * 0.3 * size
            my = (stern[1] + bow[1]) / 2 + vy * shift + sy * 0.3 * size
            half, wide = 0.42 * length, 0.18 * size

            def at(along: float, across: float) -> str:
                return f"{svg_round(mx + ux * along + vx * across):g},{svg_round(my + uy * along + vy * across):g}"

            seat = ship["seat"]
            color = colors[seat] if isinstance(seat, int) and 0 <= seat < len(colors) else "neutral"
            out.append({
                "id": ship["id"], "seat": seat, "color": color, "fill": FILLS.get(color, "#777"),
                "hull": " ".join((at(-half, wide), at(half * 0.4, wide), at(half, 0), at(half * 0.4, -wide),
                                  at(-half, -wide))),
                "x": svg_round(mx), "y": svg_round(my), "label_x": svg_round(mx - ux * half * 0.45), "label_y": svg_round(my - uy * half * 0.45),
                "settler": _settler(mx + ux * half * 0.1, my + uy * half * 0.1, size) if "settler" in ship["cargo"] else None,
                "crews": [_crew(mx + ux * half * (0.35 * k - 0.2), my + uy * half * (0.35 * k - 0.2), size)
                          for k in range(ship["cargo"].count("crew"))],
                "moving": ship.get("moving", False), "points": ship["points"], "cargo": list(ship["cargo"]),
            })
    return out


def _drawing(part: dict, view: dict, picture: dict | None) -> dict | None:
    if not picture:
        return None
    hexes = view["board"]["layout"]["hexes"] if view.get("board") else {}
    size = picture["size"]
    d = frame_drawing(picture["frame"], size)
    colors = seat_colors(view)
    harbours = []
    for corner, seat in sorted(part["harbours"].items()):
        if corner not in d.corners:
            continue
        x, y = d.corners[corner]
        color = colors[seat] if isinstance(seat, int) and 0 <= seat < len(colors) else "neutral"
        dock = part["docks"].get(corner) or []
        harbours.append({"corner": corner, "x": svg_round(x), "y": svg_round(y), "r": svg_round(0.3 * size), "fill": FILLS.get(color, "#777"),
                         "settler": _settler(x + 0.32 * size, y + 0.3 * size, size) if "settler" in dock else None,
                         "crews": [_crew(x + (0.3 + 0.22 * k) * size, y + 0.3 * size, size)
                                   for k in range(dock.count("crew"))]})
    # the face-down hexes the finder turns over now, ringed
    to_reveal = [{"hex": h, "x": svg_round(d.hex_centres[h][0]), "y": svg_round(d.hex_centres[h][1])}
                 for h in (part.get("reveal") or {}).get("hexes") or () if h in d.hex_centres]
    return {"ships": ship_drawings(part, d, colors, size, hexes), "harbours": harbours, "to_reveal": to_reveal,
            "stroke": svg_round(0.05 * size), "font": svg_round(0.3 * size), "small_font": svg_round(0.2 * size),
            "ring": svg_round(0.45 * size), "ring_w": svg_round(0.1 * size)}


def _ground(part: dict, view: dict, picture: dict | None) -> dict | None:
    """What lies under the ships and changes only when a hex is turned over: the face-down
    hexes and the council. Drawn into the shared board picture (READS)."""
    if not picture:
        return None
    size = picture["size"]
    d = frame_drawing(picture["frame"], size)
    face_down = []
    for area, in_area in (part.get("areas") or {}).items():
        for h in in_area:
            if h in part["unexplored"] and h in d.hex_centres:
                x, y = d.hex_centres[h]
                face_down.append({"hex": h, "area": area, "area_name": str(area_name(area)), "fill": AREA_FILLS.get(area, "#777"),
                                  "x": svg_round(x), "y": svg_round(y), "y_text": svg_round(y + 0.02 * size), "r": svg_round(0.34 * size)})
    return {"face_down": face_down, "council": _council(view, d, size),
            "stroke": svg_round(0.05 * size), "font": svg_round(0.3 * size)}


def _council(view: dict, d, size: float) -> dict | None:
    """The Council of Catan's sea hex (scenarios 3-5) and its two ports (council.py)."""
    council = view["board"]["layout"].get("council") if view.get("board") else None
    if not council or council["hex"] not in d.hex_centres:
        return None
    x, y = d.hex_centres[council["hex"]]
    return {"hex": council["hex"], "points": d.hex_points[council["hex"]], "x": svg_round(x), "y": svg_round(y),
            "r": svg_round(0.28 * size), "font": svg_round(0.28 * size),
            "ports": [{"corner": c, "x": svg_round(d.corners[c][0]), "y": svg_round(d.corners[c][1]), "r": svg_round(0.16 * size)}
                      for c in council["ports"] if c in d.corners]}


def _own_harbour_ends(part: dict, ship: dict, seat: int) -> list[str]:
    """The own harbour settlements at an end of the ship's path."""
    return [c for c, s in part["harbours"].items() if s == seat and set(c.split("|")) >= set(ship["edge"].split("|"))]


def _cargo_text(cargo: list) -> str:
    parts = []
    if cargo.count("crew"):
        parts.append(ngettext("%(n)s crew aboard", "%(n)s crews aboard", cargo.count("crew")) % {"n": cargo.count("crew")})
    if "settler" in cargo:
        parts.append(_("a settler aboard"))
    if "shoal" in cargo:
        parts.append(_("a fish shoal aboard"))
    if cargo.count("sack"):
        parts.append(ngettext("%(n)s spice sack aboard", "%(n)s spice sacks aboard", cargo.count("sack")) % {
            "n": cargo.count("sack")})
    return ", ".join(parts) if parts else _("empty hold")


def _dock_text(load: list) -> str:
    parts = []
    if load.count("crew"):
        parts.append(ngettext("%(n)s crew in the dock", "%(n)s crews in the dock", load.count("crew")) % {
            "n": load.count("crew")})
    if "settler" in load:
        parts.append(_("a settler in the dock"))
    return ", ".join(parts) if parts else _("empty dock")


# The buttons that take a piece off a ship or out of a dock (rules.py remove_piece): where it goes.
REMOVE_BUTTONS = {"settler": gettext_lazy("Take the settler off (back to your supply)"),
                  "crew": gettext_lazy("Take a crew off (back to your supply)"),
                  "shoal": gettext_lazy("Put the fish shoal back in the bank"),
                  "sack": gettext_lazy("Put a spice sack back in the bank")}
REMOVE_ORDER = ("settler", "crew", "shoal", "sack")


def _dock_name(corner: str, hexes: dict) -> str:
    """A harbour settlement as the players find it on the table: by the land hexes at it."""
    lands = []
    for position in corner.split("|"):
        terrain = (hexes.get(position) or {}).get("terrain")
        if terrain not in (None, "sea", "unexplored") and terrain_name(terrain) not in lands:
            lands.append(terrain_name(terrain))
    if not lands:
        return _("Harbour settlement")
    return _("Harbour settlement by %(terrains)s") % {"terrains": ", ".join(lands)}


def _removable(part: dict, view: dict, seat: int) -> list[dict]:
    """The seat's loaded ships and docks, each with a button per kind of piece it holds."""
    hexes = view["board"]["layout"]["hexes"] if view.get("board") else {}

    def buttons(load: list) -> list[dict]:
        kinds = [k for k in REMOVE_ORDER if k in load] + sorted(k for k in set(load) if k not in REMOVE_ORDER)
        return [{"piece": k, "text": REMOVE_BUTTONS.get(k, k)} for k in kinds]

    rows = [{"key": f"ship-{ship['id']}", "ship": ship["id"], "corner": None,
             "name": _("Ship %(n)s") % {"n": ship["id"]}, "load_text": _cargo_text(ship["cargo"]),
             "pieces": buttons(ship["cargo"])}
            for ship in part["ships"] if ship["seat"] == seat and ship["cargo"]]
    for n, (corner, owner) in enumerate(sorted((c, s) for c, s in part["harbours"].items() if s == seat)):
        load = part["docks"].get(corner) or []
        if load:
            rows.append({"key": f"dock-{n + 1}", "ship": None, "corner": corner, "name": _dock_name(corner, hexes),
                         "load_text": _dock_text(load), "pieces": buttons(load)})
    return rows


def _ship_rows(part: dict, seat: int, stage: str, hand: dict | None, missing: dict | None = None) -> list[dict]:
    rows = []
    for ship in part["ships"]:
        if ship["seat"] != seat:
            continue
        at_harbour = _own_harbour_ends(part, ship, seat)
        settler = "settler" in ship["cargo"]
        can_move = stage == "movement" and not ship["done"]
        rows.append({
            "id": ship["id"], "points": ship["points"], "done": ship["done"], "moving": ship.get("moving", False),
            "bonus": ship["bonus"], "settler": settler,
            "cargo_text": _cargo_text(ship["cargo"]),
            "points_text": ngettext("%(n)s movement point left", "%(n)s movement points left", ship["points"]) % {
                "n": ship["points"]},
            "can_choose": can_move and not ship.get("moving", False),
            "can_buy": can_move and not ship["bonus"] and (hand is None or not (missing or {}).get("moves")),
            "can_unload": stage == "movement" and settler and any(not part["docks"].get(c) for c in at_harbour),
        })
    return rows


def _rebuild_sites(part: dict, view: dict, seat: int) -> list[str]:
    """With all 3 ships out, the paths a rebuilt ship may take (the engine checks the rest):
    the paths at the seat's harbour settlements with sea on a side, not touching a face-down
    hex, with fewer than 2 ships."""
    hexes = view["board"]["layout"]["hexes"] if view.get("board") else {}
    down = set(part["unexplored"])
    ships = {}
    for ship in part["ships"]:
        ships[ship["edge"]] = ships.get(ship["edge"], 0) + 1
    sites = set()
    for corner, owner in part["harbours"].items():
        if owner != seat:
            continue
        a, b, c = corner.split("|")
        for edge in (f"{a}|{b}", f"{a}|{c}", f"{b}|{c}"):
            sides = edge.split("|")
            if any((hexes.get(p) or {}).get("terrain", "sea") == "sea" for p in sides) \
                    and not down & set(sides) and ships.get(edge, 0) < 2:
                sites.add(edge)
    return sorted(sites)


def _reveal_terrains(part: dict, view: dict) -> list[str]:
    """What a face-down hex may show: the core's terrains, and those a scenario's view part
    adds (its "reveal_terrains": Pirate Lairs' gold-river fields)."""
    terrains = list(part.get("terrains") or ())
    for value in view.values():
        if isinstance(value, dict) and value is not part and isinstance(value.get("reveal_terrains"), list):
            terrains += [t for t in value["reveal_terrains"] if t not in terrains]
    return terrains


def _reveal_die_terrains(view: dict) -> list[str]:
    """The terrains whose field shows a die face instead of a token (a view part's
    "reveal_die_terrains": Fish for Catan's fish fields)."""
    found = []
    for value in view.values():
        if isinstance(value, dict) and isinstance(value.get("reveal_die_terrains"), list):
            found += [t for t in value["reveal_die_terrains"] if t not in found]
    return found


def _reveal(part: dict, view: dict, me, role_table: bool) -> dict | None:
    reveal = part.get("reveal")
    if not reveal:
        return None
    players = view["players"]
    owner = reveal.get("seat")
    stacks = part.get("stacks") or {}
    hexes = []
    layout_area = {h: a for a, hs in (part.get("areas") or {}).items() for h in hs}
    for i, h in enumerate(reveal.get("hexes") or ()):
        area = layout_area.get(h)
        hexes.append({"hex": h, "n": i + 1, "area": area, "area_name": area_name(area) if area else "",
                      "tokens_left": stacks.get(area, 0)})
    return {
        "owner": players[owner] if isinstance(owner, int) and 0 <= owner < len(players) else None,
        "mine": me is not None and me == owner,
        "ship": reveal.get("ship"),
        "hexes": hexes,
        "terrains": [{"code": t, "name": terrain_name(t)} for t in _reveal_terrains(part, view)],
        "numbers": NUMBERS,
        "die_terrains": ", ".join(str(terrain_name(t)) for t in _reveal_die_terrains(view)),
    }


def _compensation(part: dict, view: dict) -> str | None:
    paid = part.get("compensation")
    if not paid or not paid.get("seats"):
        return None
    players = view["players"]
    names = ", ".join(players[s]["name"] for s in paid["seats"] if 0 <= s < len(players))
    return ngettext("Nothing from the %(roll)s: %(names)s gets 1 gold.",
                    "Nothing from the %(roll)s: %(names)s get 1 gold each.", len(paid["seats"])) % {
        "roll": paid["total"], "names": names}


def shared(view: dict, names: list[str], picture: dict | None) -> dict:
    """The sea's drawing, alike on every screen: under the ships (the face-down hexes, the
    council) and the ships and docks themselves."""
    part = view.get("explorers_pirates")
    if not part:
        return {}
    return {"ep_ground": _ground(part, view, picture), "ep_drawing": _drawing(part, view, picture)}


def context(view: dict, names: list[str], picture: dict | None) -> dict:
    part = view.get("explorers_pirates")
    if not part:
        return {}
    players = view["players"]
    me = (view.get("me") or {}).get("seat")
    active = view["active_seat"]
    paper = view["config"]["play_mode"] == "paper"
    hand = (view.get("me") or {}).get("hand")
    # Whose ships the controls show: the phone's own, or on the table the active player's.
    seat = me if me is not None else active
    stage = part["stage"]
    costs = part.get("costs") or {}
    scores = {"rows": [{"player": p, "ships": part["ships_left"][p["seat"]],
                        "harbours": part["harbours_left"][p["seat"]],
                        "settlers": part["settlers_left"][p["seat"]],
                        "vp": part["vp"][p["seat"]]} for p in players],
              "stacks": [{"area": a, "name": str(AREA_NAMES[a]), "left": n} for a, n in sorted(part["stacks"].items())
                         if a in AREA_NAMES],
              "unexplored": len(part["unexplored"]),
              "stage": stage, "stage_name": str(STAGE_NAMES.get(stage, stage)),
              "compensation": _compensation(part, view)}
    moving = next((s for s in part["ships"] if s.get("moving")), None)
    return {
        "ep": {
            "stage": stage,
            "stage_name": STAGE_NAMES.get(stage, stage),
            "stage_rules": STAGE_RULES.get(stage, "ep:build"),
            "active": players[active] if active is not None else None,
            "mine": me is not None and me == active,
            "paper": paper,
            # apart from the drawing (`shared`): the drawing is the same on every screen, so
            # the board's kept render is shared; a viewer's taps are its own
            "taps": _ship_taps(picture, frame_drawing(picture["frame"], picture["size"]),
                               view["board"]["layout"]["hexes"]) if picture and view.get("board") else {},
            "ships": _ship_rows(part, seat, stage, None if paper or hand is None else hand,
                                (view.get("me") or {}).get("ep_missing")) if seat is not None else [],
            "moving": moving["id"] if moving else None,
            "moving_points": moving["points"] if moving else None,
            "sailing": len(part.get("sailing") or ()),
            "reveal": _reveal(part, view, me, me is None),
            "compensation": scores["compensation"],
            "costs": {item: cards_text(cost) for item, cost in costs.items()},
            # hands on phones: what the phone's hand lacks for each (empty: affordable)
            "missing": {item: cards_text(lack) for item, lack in ((view.get("me") or {}).get("ep_missing") or {}).items()
                        if lack},
            "bonus_cost": cards_text(part.get("bonus_cost") or {"wool": 1}),
            "bonus_points": part.get("bonus_points", 2),
            "move_points": part.get("move_points", 4),
            "ships_left": part["ships_left"][seat] if seat is not None else 0,
            "rebuild_sites": _rebuild_sites(part, view, seat) if seat is not None and not part["ships_left"][seat]
            and stage == "build" else [],
            "settlers_left": part["settlers_left"][seat] if seat is not None else 0,
            # pieces to take off to make room (trade and build, movement)
            "removable": _removable(part, view, seat) if seat is not None and stage in ("build", "movement") else [],
            "wool": CARD_NAMES.get("wool", "wool"),
        },
        "ep_scores": scores,
        "dev_cards": False,  # no development cards (nor knights) in Explorers & Pirates
        "cities": False,  # nor cities: the scoreboard has no column for them
        **missions_context(view, view.get("ep_missions"), picture),
    }


# The later scenarios' general mechanisms (explorers_pirates/missions.py, the layer
# "ep_missions"): crews, the pirate ship, its toll and chase, the mission tracks, the free
# placement. Their view part is view["ep_missions"]: Land Ho! has none of them.


def player_at(players: list, seat) -> dict | None:
    return players[seat] if isinstance(seat, int) and 0 <= seat < len(players) else None


def _tracks(mpart: dict, view: dict) -> list[dict]:
    """Each mission's track: its fields from "S", every player's marker (a stack lists the
    first there at the bottom), and who holds the mission's +1 VP card."""
    players = view["players"]
    out = []
    for key, track in (mpart.get("tracks") or {}).items():
        stacks = track.get("stacks") or {}
        fields = []
        for n, vp in enumerate((mpart.get("track_vp") or {}).get(key) or ()):
            markers = [p for p in (player_at(players, s) for s in stacks.get(str(n), ())) if p]
            fields.append({"n": n, "label": "S" if n == 0 else str(n), "vp": vp, "markers": markers})
        holder = player_at(players, track.get("leader"))
        out.append({"key": key, "name": str(MISSION_NAMES.get(key, key)), "fields": fields, "holder": holder,
                    "vp": [{"player": p, "vp": (track.get("vp") or [0] * len(players))[p["seat"]]} for p in players]})
    return out


def _pirate_drawing(pirates: dict, view: dict, picture: dict | None) -> dict | None:
    """The one pirate ship on the board: a black hull on its sea hex, its sail in its owner's colour."""
    if not picture or not pirates or pirates.get("hex") is None:
        return None
    size = picture["size"]
    d = frame_drawing(picture["frame"], size)
    centre = d.hex_centres.get(pirates["hex"]) or d.sea_centres.get(pirates["hex"])
    if centre is None:
        return None
    x, y = centre
    colors = seat_colors(view)
    seat = pirates.get("seat")
    color = colors[seat] if isinstance(seat, int) and 0 <= seat < len(colors) else "neutral"
    w, h = 0.42 * size, 0.14 * size
    return {"hex": pirates["hex"], "seat": seat, "color": color, "fill": FILLS.get(color, "#777"),
            "hull": f"{svg_round(x - w):g},{svg_round(y):g} {svg_round(x + w):g},{svg_round(y):g} {svg_round(x + 0.7 * w):g},{svg_round(y + h * 1.6):g} "
                    f"{svg_round(x - 0.7 * w):g},{svg_round(y + h * 1.6):g}",
            "sail": f"{svg_round(x):g},{svg_round(y - 0.5 * size):g} {svg_round(x + 0.45 * w):g},{svg_round(y - 0.1 * size):g} "
                    f"{svg_round(x):g},{svg_round(y - 0.05 * size):g}",
            "mast_top": svg_round(y - 0.55 * size), "x": svg_round(x), "y": svg_round(y), "stroke": svg_round(0.05 * size)}


def _room(load: list, hold: int) -> int:
    return hold - sum(SIZES.get(item, 1) for item in load)


def _crew_ship_rows(part: dict, mpart: dict, seat: int, stage: str) -> list[dict]:
    """The seat's ships in the movement phase: its crews, and what it may do with them."""
    hold = mpart.get("hold", 2)
    fit, chased, tolls = set(mpart.get("fit") or ()), set(mpart.get("chased") or ()), set(mpart.get("tolls") or ())
    rows = []
    for ship in part["ships"]:
        if ship["seat"] != seat:
            continue
        ends = _own_harbour_ends(part, ship, seat)
        docks = [part["docks"].get(c) or [] for c in ends]
        crews = ship["cargo"].count("crew")
        movement = stage == "movement"
        rows.append({
            "id": ship["id"], "crews": crews, "cargo_text": _cargo_text(ship["cargo"]),
            "can_load": movement and _room(ship["cargo"], hold) >= 1 and any("crew" in dock for dock in docks),
            "can_unload": movement and crews > 0 and any(_room(dock, hold) >= 1 for dock in docks),
            "can_swap": movement and bool(ends) and (bool(ship["cargo"]) or any(docks)),
            "can_chase": movement and ship["id"] in fit and ship["id"] not in chased,
            "chased": ship["id"] in chased, "toll_paid": ship["id"] in tolls,
        })
    return rows


def missions_context(view: dict, mpart: dict | None, picture: dict | None) -> dict:
    """The keys the crews', pirates' and tracks' partials read (explorers_pirates/templates)."""
    part = view.get("explorers_pirates")
    if not part or not mpart:
        return {}
    players = view["players"]
    me = (view.get("me") or {}).get("seat")
    active = view["active_seat"]
    seat = me if me is not None else active
    stage = mpart.get("stage") or part["stage"]
    hand = (view.get("me") or {}).get("hand")
    paper = view["config"]["play_mode"] == "paper"
    cost = mpart.get("crew_cost") or {"ore": 1, "wool": 1}
    missing = ((view.get("me") or {}).get("pl_missing") or {}).get("crew")  # the engine's, when it says
    lack = {} if paper or hand is None else (missing if missing is not None else
                                             {r: n - hand.get(r, 0) for r, n in cost.items() if hand.get(r, 0) < n})
    lack = {r: n for r, n in lack.items() if n}
    pirates = mpart.get("pirates") or {}
    placing = mpart.get("placing")
    owner = player_at(players, pirates.get("seat"))
    tracks = _tracks(mpart, view)
    crews_left = mpart.get("crews_left") or []
    return {
        "ep_missions": {
            "stage": stage,
            "pirates": _pirate_drawing(pirates, view, picture),
            "pirates_owner": owner,
            "toll_due": owner is not None and seat is not None and pirates.get("seat") != seat,
            "placing": None if not placing else {
                "owner": player_at(players, placing.get("seat")), "why": placing.get("why"),
                "mine": me is not None and me == placing.get("seat"),
                "victims": [p for p in (player_at(players, s) for s in placing.get("victims") or ()) if p]},
            "crew_cost": cards_text(cost), "crew_missing": cards_text(lack) if lack else "",
            "crews_left": crews_left[seat] if seat is not None and seat < len(crews_left) else 0,
            "ships": _crew_ship_rows(part, mpart, seat, stage) if seat is not None else [],
            "paper": paper,
            "typed_die": view["config"].get("dice_source") == "typed",
            "tracks": tracks,
            "placement": _placement(mpart, view),
            # the faces that chase the pirates (a 6; more with a spice village's help)
            "chase_faces": ", ".join(str(f) for f in mpart.get("chase_faces") or (6,)),
            "chase_more": len(mpart.get("chase_faces") or (6,)) > 1,
        },
        "ep_mission_scores": {
            "tracks": tracks,
            "crews": [{"player": p, "n": crews_left[p["seat"]] if p["seat"] < len(crews_left) else 0} for p in players],
            "pirates": {"owner": owner, "hex": pirates.get("hex")} if owner else None,
        },
    }


def _placement(mpart: dict, view: dict) -> dict | None:
    """The free placement at the start: whose piece goes where now (2 players: the neutral
    colours' pieces too)."""
    placing = mpart.get("placement")
    if not placing:
        return None
    seats = view["players"] + [{**s, "seat": s["seat"]} for s in extra_seats(view)]
    by_seat = {p["seat"]: p for p in seats}
    me = (view.get("me") or {}).get("seat")
    who, owner = by_seat.get(placing.get("seat")), by_seat.get(placing.get("owner"))
    neutral = placing.get("owner") != placing.get("seat")
    return {"who": who, "owner": owner, "neutral": neutral, "piece": placing.get("piece"),
            "text": placement_text(placing.get("piece"), who["name"] if who else "?",
                                   owner["name"] if neutral and owner else None),
            "n": (placing.get("index") or 0) + 1, "steps": placing.get("steps"),
            "mine": me is not None and me == placing.get("seat")}


def owed(view: dict, viewer) -> list:
    """The steps this phone owes now, for its bottom bar: the free placement of its piece at
    the start, its pirate ship to place and whom its pirates rob, the face-down hexes its ship
    discovered (turned over and entered: a confirmation), and, while it trades and builds with
    a ship on the board, the ships' movement: the turn ends only after it (no "End turn" is
    offered before it; the engine would still take one from the table)."""
    part, me = view.get("explorers_pirates"), view.get("me")
    if not part or not me:
        return []
    seat, allowed = me["seat"], view["allowed"]
    steps = []
    placing = _placement(view["ep_missions"], view) if view.get("ep_missions") else None
    if placing and placing["mine"] and "place_start" in allowed:
        steps.append(OwedStep("place_start", _("Free placement: %(what)s Tap a marked place on the board.")
                              % {"what": placing["text"]}, board=True))
    if "place_pirates" in allowed:
        steps.append(OwedStep("place_pirates", _("Place your pirate ship: tap a marked sea hex on the board."),
                              board=True))
    if "pirate_steal" in allowed:
        steps.append(OwedStep("pirate_steal", _("Your pirates rob: pick the player."), OWED))
    reveal = part.get("reveal")
    if reveal and reveal.get("seat") == seat and "reveal_hex" in allowed:
        n = len(reveal.get("hexes") or ())
        steps.append(OwedStep("reveal_hex", ngettext(
            "Your ship discovered a hex: turn it over and say what it shows.",
            "Your ship discovered %(n)s hexes: turn them over and say what each shows.", n) % {"n": n}, OWED))
    if part["stage"] == "build" and "start_movement" in allowed and any(s["seat"] == seat for s in part["ships"]):
        steps.append(OwedStep("start_movement", _("Before your turn ends: your ships' movement."), OWED))
    return steps


# Its screen contract (companion/machinery/contract.py), listed in companion/layers/screens.py.
SCREENS = Screens(
    layers=LAYERS, context=context, shared=shared, defaults=DEFAULTS, partials=PARTIALS, reads=READS,
    extra_seats=extra_seats, trade_ratios=trade_ratios,
    words=Words(messages.refusal, messages.log_text,
                names={"phase": messages.PHASE_NAMES, "gold_reason": messages.GOLD_REASONS,
                       "terrain": TERRAIN_NAMES, "vp_source": VP_SOURCES}),
    form=Form(core=forms.CORE, fields=forms.ACTION_FIELDS),
    owed=owed,
)
