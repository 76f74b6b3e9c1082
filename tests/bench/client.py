"""A small client for benchmarks: cookie sessions over HTTP, and screens over websockets."""
import http.cookiejar
import json
import re
import subprocess
import sys
import urllib.parse
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
VERSION = re.compile(r'data-version="(\d+)"')


class Browser:
    """One cookie jar: the table screen's or one phone's session."""

    def __init__(self, base: str):
        self.base = base
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))

    def get(self, url: str) -> str:
        with self.opener.open(url if url.startswith("http") else self.base + url, timeout=30) as response:
            return response.read().decode()

    def post(self, path: str, data: dict) -> int:
        return self.post_answer(path, data)[0]

    def post_answer(self, path: str, data: dict, base: str | None = None) -> tuple[int, str]:
        """(status, body) of a form post, to this browser's server or another one (`base`)."""
        token = self.cookie("csrftoken")
        body = urllib.parse.urlencode({**data, "csrfmiddlewaretoken": token}, doseq=True).encode()
        request = urllib.request.Request((base or self.base) + path, data=body,
                                         headers={"X-CSRFToken": token, "Referer": self.base + "/"})
        try:
            with self.opener.open(request, timeout=30) as response:
                return response.status, response.read().decode()
        except urllib.error.HTTPError as error:
            return error.code, error.read().decode()

    def cookie(self, name: str) -> str:
        return next((c.value for c in self.jar if c.name == name), "")

    def ws_headers(self) -> dict:
        cookies = "; ".join(f"{c.name}={c.value}" for c in self.jar)
        return {"Cookie": cookies, "Origin": self.base}


def new_game(base: str, env: dict, players: str, dice: str = "typed") -> dict:
    out = subprocess.run(
        [sys.executable, str(ROOT / "manage.py"), "newgame", "--players", players, "--dice", dice, "--json",
         "--base-url", base],
        cwd=ROOT, env=env, capture_output=True, text=True, check=True,
    ).stdout
    return json.loads(out)


def version_of(frame: str) -> int | None:
    match = VERSION.search(frame)
    return int(match.group(1)) if match else None
