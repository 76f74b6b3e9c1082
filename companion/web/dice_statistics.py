"""The dice statistics the screens draw: this game's rolls against the 2d6 curve.

Pure arithmetic on a view's roll counts, shared by the table's histogram
(screen_context) and the end-of-game story (story).
"""
import math

# Expected share of each 2d6 total, 2..12, in 36ths.
EXPECTED_2D6 = [1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1]


def histogram(view: dict) -> dict:
    """Bars of this game's rolls against the expected 2d6 curve, scaled for an SVG."""
    counts = view["roll_counts"]
    total = view["rolls_total"]
    expected = [total * e / 36 for e in EXPECTED_2D6]
    top = max(max(counts, default=0), max(expected, default=0), 1)
    height = 100.0
    bars, curve = [], []
    for i, (count, exp) in enumerate(zip(counts, expected)):
        x = 10 + i * 28
        h = height * count / top
        bars.append({"total": i + 2, "count": count, "x": x, "y": 110 - h, "h": h, "label_y": 105 - h})
        curve.append(f"{x + 10:.1f},{110 - height * exp / top:.1f}")
    return {"bars": bars, "curve": " ".join(curve), "total": total}


def steadiness(view: dict) -> dict | None:
    """How far this game's numbers are from the 2d6 curve, against what fair dice would give.

    `off`: the share of the numbers that would have to be different to match the curve
    exactly (half the sum of |count - expected| over the total). `dice`: the same measure
    expected from as many rolls of fair dice (normal approximation of each count:
    E|X - np| = sqrt(2/pi) * sqrt(np(1-p))). The Events of Catan deck stays far below dice.
    """
    counts, total = view["roll_counts"], view["rolls_total"]
    if total < 6:
        return None
    off = sum(abs(c - total * e / 36) for c, e in zip(counts, EXPECTED_2D6)) / (2 * total)
    dice = sum(math.sqrt(2 / math.pi) * math.sqrt(total * e / 36 * (1 - e / 36)) for e in EXPECTED_2D6) / (2 * total)
    return {"off": round(100 * off), "dice": round(100 * min(dice, 1.0))}
