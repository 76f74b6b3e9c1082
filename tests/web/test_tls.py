"""`serve --certfile --keyfile` serves https and wss, for real: a self-signed certificate is
made here, the server runs as a subprocess (daphne as at home, uvicorn as at a venue), and
the table screen opens over https and gets its pushed view over wss."""
import datetime
import http.cookiejar
import ipaddress
import json
import os
import signal
import ssl
import subprocess
import sys
import time
import urllib.request
import warnings
from pathlib import Path

import pytest

from tests.e2e.harness import ROOT, free_port, stop_server, wait_for_port

cryptography = pytest.importorskip("cryptography")


def self_signed(folder: Path) -> tuple[Path, Path]:
    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import NameOID

    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "127.0.0.1")])
    now = datetime.datetime.now(datetime.timezone.utc)
    cert = (x509.CertificateBuilder().subject_name(name).issuer_name(name).public_key(key.public_key())
            .serial_number(x509.random_serial_number())
            .not_valid_before(now - datetime.timedelta(minutes=5)).not_valid_after(now + datetime.timedelta(days=1))
            .add_extension(x509.SubjectAlternativeName([x509.IPAddress(ipaddress.ip_address("127.0.0.1"))]),
                           critical=False)
            .sign(key, hashes.SHA256()))
    cert_file, key_file = folder / "cert.pem", folder / "key.pem"
    cert_file.write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    key_file.write_bytes(key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                           serialization.NoEncryption()))
    return cert_file, key_file


@pytest.mark.parametrize("server", ["daphne", "uvicorn"])
def test_serve_with_a_certificate_serves_https_and_wss(tmp_path, server):
    cert, key = self_signed(tmp_path)
    port = free_port()
    env = {**os.environ, "CATAN_NO_BOOTSTRAP": "1", "CATAN_DATA_DIR": str(tmp_path / "data"),
           "DICE_READER_IN_PROCESS": "0"}
    env.pop("REDIS_URL", None)
    env.pop("DATABASE_URL", None)
    log = open(tmp_path / "server.log", "w")
    process = subprocess.Popen(
        [sys.executable, str(ROOT / "manage.py"), "serve", "--host", "127.0.0.1", "--port", str(port), "--no-qr",
         "--server", server, "--certfile", str(cert), "--keyfile", str(key)],
        cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT,
    )
    try:
        wait_for_port(port, process, timeout=60)
        base = f"https://127.0.0.1:{port}"
        made = subprocess.run(
            [sys.executable, str(ROOT / "manage.py"), "newgame", "--players", "Ala:red,Bartek:blue,Celina:white",
             "--json", "--base-url", base],
            cwd=ROOT, env=env, capture_output=True, text=True, timeout=120, check=True,
        )
        game = json.loads(made.stdout)
        trusting = ssl.create_default_context(cafile=str(cert))  # verified against the test's certificate
        jar = http.cookiejar.CookieJar()
        opener = urllib.request.build_opener(urllib.request.HTTPSHandler(context=trusting),
                                             urllib.request.HTTPCookieProcessor(jar))
        with opener.open(game["table_url"], timeout=20) as page:  # the key, then the clean URL
            assert page.status == 200 and page.url == f"{base}/g/{game['code']}/table/"
            html = page.read().decode()
            assert "Content-Security-Policy" in page.headers
        assert game["code"] in html
        session = next(c for c in jar if c.name == "sessionid")
        assert session.secure  # over https the session cookie is Secure
        # A plain http request to the TLS port gets no page.
        with pytest.raises(Exception):
            urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=5).read()

        pushed = table_view_over_wss(process, tmp_path / "server.log", f"wss://127.0.0.1:{port}/ws/g/{game['code']}/table/",
                                     trusting, {"Cookie": f"sessionid={session.value}", "Origin": base})
        assert 'id="status"' in pushed
    finally:
        stop_server(process)
        log.close()


def table_view_over_wss(process, log: Path, url: str, trusting, headers: dict) -> str:
    """The table's first push, reconnecting as a table screen does (htmx's websocket
    extension retries a handshake that got no answer). A handshake that stalled is reported
    with what every server thread was doing then (serve prints stacks on SIGUSR1): once,
    in a whole-suite run, daphne's first wss handshake got no answer in 20 s."""
    from websockets.sync.client import connect

    stalls = []
    for _attempt in range(3):
        try:
            with connect(url, ssl=trusting, open_timeout=20, additional_headers=headers) as socket:
                pushed = socket.recv(timeout=20)
        except TimeoutError as stall:
            process.send_signal(signal.SIGUSR1)
            time.sleep(1)
            stalls.append(f"{stall}\n{log.read_text()[-6000:]}")
            continue
        if stalls:
            warnings.warn("wss handshake stalled before it worked:\n" + "\n".join(stalls))
        return pushed
    pytest.fail("the table never got its view over wss:\n" + "\n".join(stalls))


def test_a_certificate_needs_its_key():
    done = subprocess.run(
        [sys.executable, str(ROOT / "manage.py"), "serve", "--certfile", "cert.pem", "--no-qr"],
        cwd=ROOT, env={**os.environ, "CATAN_NO_BOOTSTRAP": "1"}, capture_output=True, text=True, timeout=60,
    )
    assert done.returncode != 0 and "--keyfile" in done.stderr
