"""What the screens show for the friendly robber: whom it spares (no victim to pick among them)."""

# The keys this layer adds to a screen's context, as the templates find them in other games.
DEFAULTS = {"robber_spared": []}
# Its partial: the hint beside the robber's move.
PARTIALS = {"actions": "friendly_robber/actions.html"}


def context(view: dict, names: list[str], picture: dict | None) -> dict:
    return {"robber_spared": view["variants"]["spared"] or []}
