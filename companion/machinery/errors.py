"""Why the engine refused an action, as a code plus parameters.

The engine speaks no human language: the site turns codes into Polish or English.
"""


class IllegalAction(Exception):
    def __init__(self, code: str, **params):
        super().__init__(code)
        self.code = code
        self.params = params

    def __str__(self) -> str:
        if not self.params:
            return self.code
        details = ", ".join(f"{k}={v}" for k, v in sorted(self.params.items()))
        return f"{self.code} ({details})"
