"""The board picture (companion.board_svg) and its templates (partials/board.html: the picture,
and the pieces and tap targets over it)."""
import json
import random
import re

from django.template.loader import render_to_string
from django.utils import translation

from companion.board_svg import board_picture, frame_drawing, phone_zoom, seat_color, token_scale
from companion.machinery import board as b

COLORS = ["red", "blue", "white", "orange"]
ACTIONS = {"settlement": "build_settlement", "city": "build_city", "road": "build_road", "robber": "move_robber"}
CITY_CORNER = "-2,0|-2,1|-1,0"  # red's starred beginner settlement


class Rng:
    def __init__(self, seed):
        self.random = random.Random(seed)

    def randint(self, n):
        return self.random.randrange(n)


def beginner():
    board = b.beginner_board()
    pieces = b.with_city(b.beginner_pieces({c: seat for seat, c in enumerate(COLORS)}), CITY_CORNER, 0)
    return board, pieces


def render(picture, actions=ACTIONS, role="seat", act_url="/g/ABCD/act"):
    return render_to_string("partials/board.html",
                            {"board": picture, "board_actions": actions, "act_url": act_url, "role": role})


def hx_vals(html):
    return [json.loads(v) for v in re.findall(r"hx-vals='([^']*)'", html)]


# --------------------------------------------------------------------------- board_picture

def test_beginner_board_picture():
    board, pieces = beginner()
    pic = board_picture(board, pieces, COLORS)
    d = frame_drawing("base", 50)
    assert pic["view_box"] == f"0 0 {d.width:g} {d.height:g}" and pic["frame"] == "base"
    assert len(pic["hexes"]) == 19 and len(pic["harbours"]) == 9

    by_id = {h["id"]: h for h in pic["hexes"]}
    six = by_id["0,-1"]  # hills 6
    assert (six["terrain"], six["fill"], six["number"], six["pips"], six["red"]) == ("hills", "terrain-hills", 6, 5, True)
    assert len(six["pip_dots"]) == 5 and six["title"] == "hills 6"
    assert len(six["points"].split()) == 6
    eight = by_id["2,0"]  # mountains 8
    assert (eight["pips"], eight["red"]) == (5, True)
    for number, pips in {2: 1, 12: 1, 3: 2, 11: 2, 4: 3, 10: 3, 5: 4, 9: 4}.items():
        for h in pic["hexes"]:
            if h["number"] == number:
                assert h["pips"] == pips and not h["red"]
    desert = by_id["0,0"]
    assert desert["fill"] == "terrain-desert" and desert["number"] is None and desert["pips"] == 0
    assert "robber" not in desert  # the picture's own "robber" says where it stands (the land is kept without it)
    # On the desert (no token) the robber stands on the centre.
    assert (pic["robber"]["hex"], pic["robber"]["x"], pic["robber"]["y"]) == ("0,0", desert["x"], desert["y"])


def test_pieces_are_placed_and_coloured():
    board, pieces = beginner()
    pic = board_picture(board, pieces, COLORS)
    d = frame_drawing("base", 50)
    assert len(pic["roads"]) == 8 and len(pic["settlements"]) == 7 and len(pic["cities"]) == 1
    city = pic["cities"][0]
    assert city["id"] == CITY_CORNER and city["color"] == "red" and city["seat"] == 0
    assert (city["x"], city["y"]) == rounded(d.corners[CITY_CORNER])
    assert CITY_CORNER not in {s["id"] for s in pic["settlements"]}
    # A city is a different, larger shape than a settlement.
    settlement = pic["settlements"][0]

    def extent(piece):
        xs = [float(p.split(",")[0]) for p in piece["points"].split()]
        ys = [float(p.split(",")[1]) for p in piece["points"].split()]
        return max(xs) - min(xs), max(ys) - min(ys), len(xs)

    cw, ch, cn = extent(city)
    sw, sh, sn = extent(settlement)
    assert cw > sw and ch > sh and cn != sn
    assert {s["color"] for s in pic["settlements"]} == set(COLORS)
    road = next(r for r in pic["roads"] if r["id"] == "-2,2|-1,1")
    assert road["color"] == "blue"
    (x1, y1), (x2, y2) = d.edges["-2,2|-1,1"]
    assert (road["x1"], road["y1"], road["x2"], road["y2"]) == rounded((x1, y1, x2, y2))


def test_harbours_have_markers_labels_and_piers():
    board, pieces = beginner()
    pic = board_picture(board, pieces, COLORS)
    d = frame_drawing("base", 50)
    kinds = {h["type"] for h in pic["harbours"]}
    assert kinds == {"generic", "brick", "lumber", "wool", "grain", "ore"}
    for h in pic["harbours"]:
        assert h["ratio_label"] == ("3:1" if h["type"] == "generic" else "2:1")
        assert h["resource"] == (None if h["type"] == "generic" else h["type"])
        assert len(h["piers"]) == 2
        (ax, ay), (bx, by) = d.edges[h["id"]]
        assert {(p["x1"], p["y1"]) for p in h["piers"]} == {rounded((ax, ay)), rounded((bx, by))}
        # The marker sits off the coast: further from the island's centre than the edge.
        cx, cy = d.width / 2, d.height / 2
        mx, my = (ax + bx) / 2, (ay + by) / 2
        assert (h["x"] - cx) ** 2 + (h["y"] - cy) ** 2 > (mx - cx) ** 2 + (my - cy) ** 2
        dist = ((h["x"] - mx) ** 2 + (h["y"] - my) ** 2) ** 0.5
        assert 0.3 * 50 < dist < 0.8 * 50


def test_random_5_6_board_picture():
    board = b.random_board("base_5_6", Rng(11))
    pic = board_picture(board, b.empty_pieces(), COLORS + ["green", "brown"])
    assert len(pic["hexes"]) == 30 and len(pic["harbours"]) == 11
    assert sum(h["terrain"] == "desert" for h in pic["hexes"]) == 2
    reds = [h for h in pic["hexes"] if h["number"] in (6, 8)]
    assert len(reds) == 6 and all(h["pips"] == 5 and h["red"] for h in reds)
    assert not any(h["red"] for h in pic["hexes"] if h["number"] not in (6, 8))
    assert pic["roads"] == pic["settlements"] == pic["cities"] == []
    assert pic["view_box"].startswith("0 0 ") and pic["width"] > frame_drawing("base", 50).width


def test_robber_beside_the_token_on_a_numbered_hex():
    board, pieces = beginner()
    board = b.set_robber(board, "0,-1")
    pic = board_picture(board, pieces, COLORS)
    hex_ = next(h for h in pic["hexes"] if h["id"] == "0,-1")
    assert pic["robber"]["hex"] == "0,-1"
    assert pic["robber"]["y"] == hex_["y"] and pic["robber"]["x"] < hex_["x"] - pic["dims"]["token_r"]


def test_targets_pass_through_with_coordinates():
    board, pieces = beginner()
    d = frame_drawing("base", 50)
    roads = b.legal_road_edges(board, pieces, 1)
    cities = b.legal_city_corners(board, pieces, 1)
    corner = "-2,1|-1,0|-1,1"
    targets = {"settlement": [corner], "city": cities, "road": roads, "robber": ["0,1", "nope"]}
    pic = board_picture(board, pieces, COLORS, targets)
    assert [t["id"] for t in pic["targets"]["road"]] == roads
    assert [t["id"] for t in pic["targets"]["city"]] == cities
    assert pic["targets"]["settlement"] == [{"id": corner, "x": round(d.corners[corner][0], 2), "y": round(d.corners[corner][1], 2)}]
    assert [t["id"] for t in pic["targets"]["robber"]] == ["0,1"]  # unknown ids are left out
    hex_ = next(h for h in pic["hexes"] if h["id"] == "0,1")
    assert (pic["targets"]["robber"][0]["x"], pic["targets"]["robber"][0]["y"]) == (hex_["x"], hex_["y"])
    road = pic["targets"]["road"][0]
    (x1, y1), (x2, y2) = d.edges[road["id"]]
    assert (road["x1"], road["y1"], road["x2"], road["y2"]) == rounded((x1, y1, x2, y2))
    assert (road["x"], road["y"]) == rounded(((x1 + x2) / 2, (y1 + y2) / 2))
    assert pic["has_targets"]
    assert board_picture(board, pieces, COLORS)["targets"] == {"settlement": [], "city": [], "road": [], "robber": []}
    assert not board_picture(board, pieces, COLORS)["has_targets"]


def test_geometry_is_cached_per_frame_and_size():
    frame_drawing.cache_clear()
    board, pieces = beginner()
    board_picture(board, pieces, COLORS)
    board_picture(b.random_board("base", Rng(2)), pieces, COLORS)
    info = frame_drawing.cache_info()
    assert (info.misses, info.hits) == (1, 1)
    small = board_picture(board, pieces, COLORS, size=30)
    assert small["size"] == 30 and small["width"] < frame_drawing("base", 50).width
    assert frame_drawing.cache_info().misses == 2


def test_seat_colours():
    assert seat_color(1, COLORS) == "blue"
    assert seat_color("2", COLORS) == "white"
    assert seat_color("orange", COLORS) == "orange"
    assert seat_color(9, COLORS) == seat_color("purple", COLORS) == seat_color(None, COLORS) == "neutral"


# --------------------------------------------------------------------------- the template

def test_template_targets_post_the_board_actions():
    board, pieces = beginner()
    targets = {"settlement": ["-2,1|-1,0|-1,1"], "city": [CITY_CORNER], "road": ["-1,1|-1,2"], "robber": ["0,1"]}
    html = render(board_picture(board, pieces, COLORS, targets), role="table")
    assert html.startswith('<section id="board" class="board" tabindex="0" aria-label="Board"><div id="board_picture" hx-swap-oob="true" ')
    # The targets are in the pieces' <svg>, over the picture's, with the same viewBox.
    picture, pieces = html.split('<div id="board_pieces" hx-swap-oob="true"')
    assert "hx-vals" not in picture and hx_vals(pieces) == hx_vals(html)
    assert re.findall(r'viewBox="([^"]+)"', picture) == re.findall(r'viewBox="([^"]+)"', pieces) != []
    vals = hx_vals(html)
    assert {(v["type"], v.get("corner") or v.get("edge") or v.get("hex")) for v in vals} == {
        ("build_settlement", "-2,1|-1,0|-1,1"), ("build_city", CITY_CORNER),
        ("build_road", "-1,1|-1,2"), ("move_robber", "0,1")}
    assert all(v["as"] == "table" for v in vals)
    assert len({v["idem"] for v in vals}) == 4 and all(re.fullmatch(r"[0-9a-f]{32}", v["idem"]) for v in vals)
    assert html.count('hx-post="/g/ABCD/act"') == 4 and html.count('hx-swap="none"') == 4
    assert html.count('role="button"') == 4 and html.count('tabindex="0"') == 4 + 1  # the targets, and the board's own scroll box
    assert 'aria-label="Build a settlement here"' in html and 'aria-label="Move the robber here"' in html
    # Targets are drawn last, on top of everything else.
    assert html.index('class="targets"') > max(html.index('class="buildings"'), html.index('class="robber"'))
    # Pieces, tokens and hex titles.
    assert html.count('class="settlement ') == 7 and html.count('class="city red"') == 1
    assert html.count('class="road ') == 8 and "<title>hills 6</title>" in html
    assert html.count('class="token hot"') == 4  # beginner board: two 6s, two 8s
    assert 'viewBox="0 0 ' in html and 'width="100%"' in html


def test_template_uses_setup_action_types_and_skips_missing_kinds():
    board, pieces = beginner()
    targets = {"settlement": ["-2,1|-1,0|-1,1"], "road": ["-1,1|-1,2"], "robber": ["0,1"], "city": [CITY_CORNER]}
    html = render(board_picture(board, pieces, COLORS, targets),
                  actions={"settlement": "place_settlement", "road": "place_road"})
    vals = hx_vals(html)
    assert sorted(v["type"] for v in vals) == ["place_road", "place_settlement"]
    assert {v.get("corner") or v.get("edge") for v in vals} == {"-2,1|-1,0|-1,1", "-1,1|-1,2"}
    assert all(v["as"] == "seat" for v in vals)
    assert "move_robber" not in html and "build_city" not in html


def test_template_coordinates_are_not_localised():
    board, pieces = beginner()
    pic = board_picture(board, pieces, COLORS, {"robber": ["0,1"]})
    with translation.override("pl"):
        html = render(pic)
    hex_ = next(h for h in pic["hexes"] if h["id"] == "0,1")
    assert f'cx="{hex_["x"]}"' in html and "," not in re.search(r'cx="([^"]*)"', html).group(1)


def test_empty_board_renders_the_empty_section():
    for board in (None, {}):
        html = render(board).replace("\n", "")
        assert html == ('<section id="board" class="board" tabindex="0" aria-label="Board"><div id="board_picture" hx-swap-oob="true" class="board-layer"></div>'
                        '<div id="board_pieces" hx-swap-oob="true" class="board-layer board-pieces"></div></section>')


def rounded(values):
    """Coordinates are rounded to 2 decimals."""
    return tuple(round(v, 2) for v in values)


def test_a_wider_board_is_marked_wide_and_a_phone_shows_a_base_boards_width_of_it():
    """phone_zoom: the class a wide board's whole view is styled by; phone_width: how much of a
    board's width a phone shows across (static/board_zoom.js), the base game's whole board."""
    base = frame_drawing("base").width
    assert board_picture(*beginner(), COLORS)["phone_zoom"] == 2
    assert abs(board_picture(*beginner(), COLORS)["phone_width"] - base) < 0.1
    assert 'data-phone-width="' in render_to_string("partials/board_picture.html",
                                                   {"board": board_picture(*beginner(), COLORS)})
    assert phone_zoom(base, 50) == phone_zoom(1.2 * base, 50) == 2  # the 5-6 player frame is 1.14 times as wide
    assert phone_zoom(1.75 * base, 50) == 4  # Land Ho!'s sea: a zoomed hex as big as a base game's
    assert phone_zoom(2.2 * base, 50) == 4  # never more
    assert phone_zoom(1.3 * base, 50) == 3


def test_a_wider_boards_number_tokens_grow_with_its_width():
    """A wide board is drawn smaller on the same screen: its number tokens (circle, number, pips)
    grow with its width, up to 1.75 times (the e2e test measures them on screen)."""
    base = frame_drawing("base").width
    assert token_scale(base, 50) == token_scale(0.9 * base, 50) == 1.0
    assert token_scale(1.5 * base, 50) == 1.5 and token_scale(2.2 * base, 50) == 1.75
    pic = board_picture(*beginner(), COLORS)
    assert (pic["dims"]["token_r"], pic["dims"]["number_font"]) == (16, 15)  # the base game's as they were
    from companion import engine

    players = [{"name": n, "color": c} for n, c in zip("ABC", COLORS)]
    state = engine.new_game({"rules": "explorers_pirates", "scenario": "land_ho", "play_mode": "paper",
                             "board": "beginner", "dice_source": "typed", "players": players})
    board = state["board"]
    sea = board_picture({**board["layout"], "robber": board["robber"]}, board["pieces"], COLORS)
    scale = token_scale(sea["width"], 50)
    assert scale == 1.75
    assert sea["dims"]["token_r"] == 28 and sea["dims"]["number_font"] == 26.25
    token = next(h for h in sea["hexes"] if h["pips"] == 5)
    assert token["pip_dots"][0]["y"] == round(token["y"] + 0.17 * 50 * scale, 2)  # the pips under the bigger number


def test_the_picture_keeps_its_land_across_pieces():
    """The land under the pieces (sea, harbours, hexes) is written once for a board: a new road or
    a moved robber writes only what is on it, and the whole is what a fresh render writes."""
    from companion.board_svg import frame_key
    from companion.web import render_cache

    board, pieces = beginner()
    render_cache.forget()
    edge = next(e for e in frame_drawing(frame_key(board), 50).edges if e not in pieces["roads"])
    before = board_picture(board, pieces, COLORS)
    after = board_picture({**board, "robber": "0,-1"}, {**pieces, "roads": {**pieces["roads"], edge: 1}}, COLORS)
    assert before["land"] == after["land"] and before["drawing_key"] != after["drawing_key"]
    first = render_to_string("partials/board_picture.html", {"board": before})
    second = render_to_string("partials/board_picture.html", {"board": after})
    assert len(render_cache._blocks) == 1  # one land, kept
    assert f'data-edge="{edge}"' in second and f'data-edge="{edge}"' not in first
    assert 'data-hex="0,-1"' in second.split('class="robber"')[1][:40]
    render_cache.forget()
    assert render_to_string("partials/board_picture.html", {"board": after}) == second
    with translation.override("pl"):  # the harbours' words in another language: a land of its own
        polish = render_to_string("partials/board_picture.html", {"board": after})
    assert len(render_cache._blocks) == 2 and polish != second
    render_cache.forget()
