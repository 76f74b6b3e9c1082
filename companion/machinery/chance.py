"""Counter-based randomness: HMAC-SHA256(game secret, "stream:n").

Every draw is a pure function of the secret, a stream name and a counter kept in the
game state, so replaying the records never draws anything new. An undo puts the counters
back, so after the table undoes an action that drew, every later draw comes from a new
epoch of the streams (`epoch`): nothing drawn after it can be predicted from the undone
draw (an undone roll comes back from what the undo kept, not from a repeated draw).
"""
import hashlib
import hmac


class Chance:
    def __init__(self, secret: bytes, epoch: int = 0):
        self._secret = secret
        self._epoch = epoch

    def epoch(self, epoch: int) -> "Chance":
        """The same secret's streams after `epoch` undone draws: numbers never drawn before."""
        return Chance(self._secret, epoch)

    def randint(self, stream: str, counter: int, n: int) -> int:
        """A uniform integer in [0, n) for draw number `counter` of `stream`."""
        if n <= 0:
            raise ValueError("n must be positive")
        # 256 bits reduced mod a small n: the bias is below 2**-240.
        name = f"{stream}#{self._epoch}" if self._epoch else stream  # epoch 0: as games always drew
        digest = hmac.new(self._secret, f"{name}:{counter}".encode(), hashlib.sha256).digest()
        return int.from_bytes(digest, "big") % n

    def __repr__(self) -> str:  # never print the secret
        return "Chance(<secret>)"


def seeded_secret(seed: int) -> bytes:
    """A reproducible secret for demos, tests and `replay --seed`."""
    return hashlib.sha256(f"catan-companion-seed:{seed}".encode()).digest()
