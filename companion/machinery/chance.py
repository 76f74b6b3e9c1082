"""Counter-based randomness: HMAC-SHA256(game secret, "stream:n").

Every draw is a pure function of the secret, a stream name and a counter kept in the
game state, so replaying the records or undoing and redoing never draws anything new.
"""
import hashlib
import hmac


class Chance:
    def __init__(self, secret: bytes):
        self._secret = secret

    def randint(self, stream: str, counter: int, n: int) -> int:
        """A uniform integer in [0, n) for draw number `counter` of `stream`."""
        if n <= 0:
            raise ValueError("n must be positive")
        # 256 bits reduced mod a small n: the bias is below 2**-240.
        digest = hmac.new(self._secret, f"{stream}:{counter}".encode(), hashlib.sha256).digest()
        return int.from_bytes(digest, "big") % n

    def __repr__(self) -> str:  # never print the secret
        return "Chance(<secret>)"


def seeded_secret(seed: int) -> bytes:
    """A reproducible secret for demos, tests and `replay --seed`."""
    return hashlib.sha256(f"catan-companion-seed:{seed}".encode()).digest()
