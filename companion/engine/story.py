"""The story of a game, told from its records once it is over: pure data, no Django.

`tell(config, records)` replays the records as `fold` does and watches every effective
action (an undone one leaves the story with it): the points over the turns, the rolls, what
each seat's buildings were expected to produce against what the dice brought them, what
the robber took, and the entries each layer lists (its `story_kinds`): who took a title
(Longest Road, Largest Army, …) when, the battles fought.

The result has a public part, which every screen may show, and one private part per seat
(its points with its hidden cards, the cards stolen from it and by it, the development
cards it bought): `for_viewer(story, viewer)` is what one screen may know.
"""
from companion.machinery import board as boards

from companion.engine.game import advance, copy_state, new_game, new_history, ruleset
from companion.engine.points import vp_sources
from companion.engine.views import TABLE
# The chance of each 2d6 total (the Events of Catan deck holds the same 36 numbers).
CHANCE = {total: (6 - abs(total - 7)) / 36 for total in range(2, 13)}


def story_kinds(rules) -> dict:
    """{log kind: "award" | "battle"}: the entries of the game's layers that the story lists
    (each layer's `story_kinds`: a title changing hands, a battle)."""
    return {kind: part for hook in rules.hooks("story_kinds") for kind, part in hook(rules).items()}


def tell(config: dict, records: list[dict]) -> dict:
    """The whole story (public and every seat's private part) of a game's records."""
    state = new_game(config)
    history = new_history()
    rules = ruleset(state)
    before: dict[int, dict] = {}
    by_seq: dict[int, dict] = {}
    start = _frame(rules, None, state)
    frames: list[dict] = []  # one per effective action, in order: an undo takes its own back
    for record in records:
        record = dict(record)
        by_seq[record["seq"]] = record
        if record["kind"] == "redo":
            record["original"] = by_seq[record["target"]]
        if record["kind"] == "action":
            before[record["seq"]] = copy_state(state)
        previous = state
        state = advance(copy_state(state), history, record, lambda seq: copy_state(before[seq]))
        if record["kind"] == "undo":
            frames.pop()
        else:
            frames.append(_frame(rules, previous, state))
    return _story(rules, state, [start, *frames])


def for_viewer(story: dict, viewer) -> dict:
    """What one screen may know of the story: the public part, and a seat's own."""
    shown = {key: value for key, value in story.items() if key != "private"}
    shown["mine"] = None if viewer == TABLE else story["private"][int(viewer)]
    return shown


# ---------------------------------------------------------------- one action's part


def _frame(rules, previous: dict | None, state: dict) -> dict:
    """What one effective action changed: the points after it, the log entries it wrote,
    the rolls it made, and for those rolls what the board was expected to produce."""
    seats = range(len(state["players"]))
    frame = {
        # The turn the action was taken in: the end of a turn (or of the setup) belongs to it.
        "turn": (previous or state)["turn"]["number"],
        "vp": [rules.vp_public(state, s) for s in seats],
        "vp_all": [rules.vp_total(state, s) for s in seats],
        "entries": [],
        "rolls": [],
        "expected": [0.0 for _ in seats],
        "blocked": [0 for _ in seats],
    }
    if previous is None:
        return frame
    frame["entries"] = [e for e in state["log"] if e["n"] > previous["counters"]["log"]]
    for total in range(2, 13):
        frame["rolls"] += [total] * (state["roll_counts"][total] - previous["roll_counts"][total])
    board = previous["board"]
    if frame["rolls"] and board is not None:
        expected = expected_per_roll(board["layout"], board["pieces"], len(state["players"]))
        for total in frame["rolls"]:
            for seat in seats:
                frame["expected"][seat] += expected[seat]
            for seat, cards in blocked(board["layout"], board["pieces"], board["robber"], total).items():
                if seat < len(state["players"]):
                    frame["blocked"][seat] += cards
    return frame


def expected_per_roll(layout: dict, pieces: dict, players: int) -> list[float]:
    """Cards each seat's buildings bring on average per roll: for every hex they touch, the
    chance of its number times 1 (a settlement) or 2 (a city). The robber left out."""
    expected = [0.0] * players
    for total, chance in CHANCE.items():
        if total == 7:
            continue
        for seat, gain in boards.production(layout, pieces, None, total).items():
            if 0 <= seat < players:
                expected[seat] += chance * sum(gain.values())
    return expected


def blocked(layout: dict, pieces: dict, robber: str | None, total: int) -> dict[int, int]:
    """The cards the robber's hex kept from each seat on this roll."""
    if robber is None or total == 7:
        return {}
    full = boards.production(layout, pieces, None, total)
    paid = boards.production(layout, pieces, robber, total)
    kept = {seat: sum(gain.values()) - sum(paid.get(seat, {}).values()) for seat, gain in full.items()}
    return {seat: cards for seat, cards in kept.items() if cards}


# ---------------------------------------------------------------- the whole game


def _story(rules, state: dict, frames: list[dict]) -> dict:
    n = len(state["players"])
    on_board = state["board"] is not None
    public_vp: dict[int, list] = {}
    all_vp: dict[int, list] = {}
    for frame in frames:  # the points at the end of each turn (the setup is turn 0)
        public_vp[frame["turn"]] = frame["vp"]
        all_vp[frame["turn"]] = frame["vp_all"]
    players = []
    for seat in range(n):
        players.append({
            "seat": seat,
            "vp": rules.vp_total(state, seat),
            "sources": vp_sources(rules, state, seat),
            "luck": None,
            "robber": {"robbed": 0, "discarded": 0, "blocked": 0, "robbed_others": 0},
        })
    private = [{"vp": [], "stolen_from_me": {}, "stolen_by_me": {}, "dev_bought": {}} for _ in range(n)]
    awards, battles = [], []
    received = [0] * n
    kinds = story_kinds(rules)
    for frame in frames:
        for seat in range(n):
            players[seat]["robber"]["blocked"] += frame["blocked"][seat]
        for entry in frame["entries"]:
            _read_entry(entry, players, private, awards, battles, received, kinds)
    if on_board:
        for seat in range(n):
            expected = sum(frame["expected"][seat] for frame in frames)
            players[seat]["luck"] = {"expected": round(expected, 2), "received": received[seat],
                                     "difference": round(received[seat] - expected, 2)}
    turns = sorted(public_vp)
    for seat in range(n):
        private[seat]["vp"] = [all_vp[turn][seat] for turn in turns]
    return {
        "finished": state["phase"] == "finished",
        "winner": state["winner"],
        "target": state["config"]["target"],
        "on_board": on_board,
        "hands": state["bank"] is not None,
        "players": players,
        "turns": turns,
        "vp": [[public_vp[turn][seat] for turn in turns] for seat in range(n)],
        "rolls": state["roll_counts"][2:],
        "awards": awards,
        "battles": battles,
        # What the table confirmed before play (a scenario's deck, its cards' numbers), as log entries.
        "answers": [answer for hook in rules.hooks("answers") for answer in hook(rules, state)],
        "private": private,
    }


def _read_entry(entry: dict, players: list, private: list, awards: list, battles: list, received: list,
                kinds: dict) -> None:
    kind, params, seat = entry["kind"], entry["params"], entry["seat"]
    n = len(players)
    if kind == "produced":
        for owner, cards in params["production"].items():
            if 0 <= int(owner) < n:
                received[int(owner)] += sum(cards.values())
    elif kind in ("robber_moved", "stole"):  # one line per robbery: "stole" on a board
        secret = entry.get("secret", {}).get("params", {})
        victim = params.get("victim", secret.get("victim"))
        if victim is not None and 0 <= victim < n:
            players[victim]["robber"]["robbed"] += 1
            if seat is not None and 0 <= seat < n:
                players[seat]["robber"]["robbed_others"] += 1
            if secret.get("card"):  # which card: only the thief and the victim know
                _add(private[seat]["stolen_by_me"], secret["card"])
                _add(private[victim]["stolen_from_me"], secret["card"])
    elif (kind == "bishop" and "secret_each" in entry) or (kind == "forced_trade" and "secret" in entry):
        # One line for several cards (C&K's Bishop, Catan for two's forced trade): each card
        # counts as a robbery did when each had its own "stole" line.
        if kind == "bishop":
            taken = entry.get("secret_each", {}).get(str(seat), {}).get("taken", {})
            cards = [(int(victim), card) for victim, card in taken.items()]
        else:
            secret = entry["secret"]["params"]
            cards = [(secret["victim"], card) for card in secret.get("drawn", [])]
        for victim, card in cards:
            _read_entry({**entry, "kind": "stole", "params": {}, "secret": {"params": {"victim": victim, "card": card}}},
                        players, private, awards, battles, received, kinds)
    elif kind == "discarded" and seat is not None:
        players[seat]["robber"]["discarded"] += params.get("count", 0)
    elif kind == "bought_dev":
        card = entry.get("secret", {}).get("params", {}).get("card")
        if card:
            _add(private[seat]["dev_bought"], card)
    elif kinds.get(kind) == "award":
        awards.append({"turn": entry["turn"], "kind": kind, "seat": seat, "previous": params.get("previous"),
                       "length": params.get("length"), "knights": params.get("knights")})
    elif kinds.get(kind) == "battle":  # told in the words of the layer that fought it (its words' story_text)
        battles.append({**params, "turn": entry["turn"], "kind": kind})


def _add(counts: dict, key: str) -> None:
    counts[key] = counts.get(key, 0) + 1
