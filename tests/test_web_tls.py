"""`mjscore serve --cert FILE --key FILE` (issue 25, item 9): HTTPS, so that the token and the scores do
not cross the café's Wi-Fi in clear; the URL printed (and its QR code) is https://, the token's cookie
`Secure`; a bad certificate or key is one line and exit 2 before anything is served; the deadlines of
test_web_slow hold under TLS (a client that never sends its ClientHello is cut off).

The certificate is made here, self-signed for 127.0.0.1, by the `openssl` command (or the `cryptography`
package where it is installed); without either the tests skip, saying why."""

from __future__ import annotations

import concurrent.futures
import datetime
import ipaddress
import os
import shutil
import socket
import ssl
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from test_web_slow import SLACK, TOKEN, Attack, answered, port_of, until_closed
from helpers import run
from webserver import serving

from mjscore.web import server
from mjscore.web.app import create_app
from mjscore.web.deadlines import HEAD_DEADLINE


def _with_openssl(folder: Path, name: str) -> tuple[Path, Path]:
    cert, key = folder / f"{name}.pem", folder / f"{name}-key.pem"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
                    "-keyout", str(key), "-out", str(cert), "-days", "2", "-subj", "/CN=127.0.0.1",
                    "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost"],
                   check=True, capture_output=True, timeout=60)
    return cert, key


def _with_cryptography(folder: Path, name: str) -> tuple[Path, Path]:
    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import NameOID

    private = ec.generate_private_key(ec.SECP256R1())
    subject = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "127.0.0.1")])
    now, hour = datetime.datetime.now(datetime.timezone.utc), datetime.timedelta(hours=1)
    certificate = (x509.CertificateBuilder().subject_name(subject).issuer_name(subject)
                   .public_key(private.public_key()).serial_number(x509.random_serial_number())
                   .not_valid_before(now - hour).not_valid_after(now + 48 * hour)
                   .add_extension(x509.SubjectAlternativeName([x509.IPAddress(ipaddress.ip_address("127.0.0.1")),
                                                               x509.DNSName("localhost")]), critical=False)
                   .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
                   .sign(private, hashes.SHA256()))
    cert, key = folder / f"{name}.pem", folder / f"{name}-key.pem"
    cert.write_bytes(certificate.public_bytes(serialization.Encoding.PEM))
    key.write_bytes(private.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                          serialization.NoEncryption()))
    return cert, key


def make_certificate(folder: Path, name: str = "laptop") -> tuple[Path, Path]:
    """A self-signed certificate for 127.0.0.1 and its key (PEM files), as mkcert would give."""
    if shutil.which("openssl"):
        return _with_openssl(folder, name)
    try:
        import cryptography  # noqa: F401
    except ImportError:
        pytest.skip("no `openssl` command and no `cryptography` package to make a test certificate")
    return _with_cryptography(folder, name)


@pytest.fixture(scope="module")
def certificate(tmp_path_factory) -> tuple[Path, Path]:
    return make_certificate(tmp_path_factory.mktemp("tls"))


def server_context(certificate) -> ssl.SSLContext:
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(*certificate)
    return context


def phone_context(certificate) -> ssl.SSLContext:
    """What a phone that trusts the certificate's CA checks (the host name included)."""
    return ssl.create_default_context(cafile=str(certificate[0]))


def test_https_serves_the_page_and_the_token_cookie_is_secure(certificate):
    with serving(create_app(token=TOKEN), tls=server.tls_context(*map(str, certificate))) as (url, _):
        assert url.startswith("https://")
        with urllib.request.urlopen(f"{url}/?token={TOKEN}", timeout=30, context=phone_context(certificate)) as r:
            assert r.status == 200 and "<html" in r.read().decode().lower()
            cookie = r.headers["set-cookie"]
        assert cookie.startswith(f"mjscore_token={TOKEN};") and "; Secure" in cookie and "HttpOnly" in cookie


def handshake_then_nothing(port: int, phone: ssl.SSLContext) -> float:
    """Seconds from connecting until the server closes a connection whose TLS handshake was done, and then
    nothing sent."""
    with socket.create_connection(("127.0.0.1", port), timeout=5) as raw:
        start = time.monotonic()
        with phone.wrap_socket(raw, server_hostname="127.0.0.1") as tls:
            tls.settimeout(HEAD_DEADLINE + 10)
            try:
                assert tls.recv(100) == b""
            except (ConnectionError, ssl.SSLError):
                pass
        return time.monotonic() - start


def test_the_deadlines_hold_under_tls(certificate):
    phone = phone_context(certificate)
    with serving(create_app(token=TOKEN), tls=server_context(certificate)) as (url, _):
        port = port_of(url)
        with concurrent.futures.ThreadPoolExecutor(2) as pool:  # alongside the attack below: one deadline in all
            silent = pool.submit(until_closed, port, [], HEAD_DEADLINE + 10)  # TCP, and never a ClientHello
            quiet = pool.submit(handshake_then_nothing, port, phone)
            with Attack(port, 200, head=b""):  # 200 connections that never begin their handshake
                for _ in range(int(HEAD_DEADLINE / 0.75) + 2):
                    status, seconds = answered(url, phone)
                    assert status == 200 and seconds < 2, (status, seconds)
                    time.sleep(0.75)
            seconds, _ = silent.result()
            assert seconds is not None and seconds < HEAD_DEADLINE + SLACK, seconds
            assert quiet.result() < HEAD_DEADLINE + SLACK


def test_serve_with_a_certificate_prints_an_https_url_and_its_qr_code(certificate, monkeypatch, capsys, tmp_path):
    """`run` for --host 0.0.0.0 with --cert and --key, bound to 127.0.0.1 here (tests listen on this machine only)."""
    started = {}

    def local_listen(host, port):
        sock = socket.socket()
        sock.bind(("127.0.0.1", 0))
        return sock

    monkeypatch.setattr(server, "listen", local_listen)
    monkeypatch.setattr(server.Server, "run", lambda self, sockets=None: started.update(tls=self.tls))
    server.run("0.0.0.0", 8000, str(tmp_path / "games.sqlite3"), *map(str, certificate))
    lines = capsys.readouterr().err.splitlines()
    url = next(line for line in lines if "serving on" in line).split()[3]
    assert url.startswith("https://") and "?token=" in url and isinstance(started["tls"], ssl.SSLContext)
    assert sum(1 for line in lines if "█" in line or "▀" in line or "▄" in line) >= 11  # the QR code of that URL


def test_mjscore_serve_over_https(certificate, tmp_path):
    """The command as a user runs it, on 127.0.0.1: the page over HTTPS at the URL it prints."""
    command = [sys.executable, "-m", "mjscore", "serve", "--host", "127.0.0.1", "--port", "0", "--db",
               str(tmp_path / "games.sqlite3"), "--cert", str(certificate[0]), "--key", str(certificate[1])]
    process = subprocess.Popen(command, stderr=subprocess.PIPE, text=True, env={**os.environ, "PYTHONUNBUFFERED": "1"})
    try:
        url = None
        deadline = time.monotonic() + 60
        while url is None and time.monotonic() < deadline:
            line = process.stderr.readline()
            if not line:
                break
            if "serving on" in line:
                url = line.split()[3]
        assert url is not None and url.startswith("https://127.0.0.1:"), url
        with urllib.request.urlopen(url, timeout=30, context=phone_context(certificate)) as r:
            assert r.status == 200
    finally:
        process.terminate()
        process.wait(30)


@pytest.fixture(scope="module")
def bad_files(tmp_path_factory, certificate) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("bad")
    other_cert, other_key = make_certificate(folder, "other")
    junk = folder / "junk.pem"
    junk.write_text("not a certificate\n")
    encrypted = folder / "encrypted-key.pem"
    if shutil.which("openssl"):
        subprocess.run(["openssl", "pkey", "-in", str(certificate[1]), "-aes128", "-passout", "pass:secret",
                        "-out", str(encrypted)], check=True, capture_output=True, timeout=60)
    return {"cert": certificate[0], "key": certificate[1], "other-key": other_key, "junk": junk,
            "encrypted": encrypted, "missing": folder / "missing.pem", "folder": folder}


@pytest.mark.parametrize("given, words", [
    ({"cert": "cert"}, "--cert and --key go together: give both"),
    ({"key": "key"}, "--cert and --key go together: give both"),
    ({"cert": "missing", "key": "key"}, "cannot read the certificate: No such file or directory"),
    ({"cert": "folder", "key": "key"}, "cannot read the certificate: Is a directory"),
    ({"cert": "cert", "key": "missing"}, "cannot read the private key: No such file or directory"),
    ({"cert": "junk", "key": "key"}, "not a PEM certificate"),
    ({"cert": "key", "key": "key"}, "not a PEM certificate"),
    ({"cert": "cert", "key": "cert"}, "not a PEM private key"),
    ({"cert": "cert", "key": "junk"}, "not a PEM private key"),
    ({"cert": "cert", "key": "other-key"}, "is not the private key of the certificate"),
    ({"cert": "cert", "key": "encrypted"}, "the private key is encrypted with a passphrase"),
])
def test_a_bad_certificate_or_key_is_one_line_and_exit_2_before_anything_is_served(bad_files, tmp_path, given,
                                                                                      words, monkeypatch):
    if given.get("key") == "encrypted" and not bad_files["encrypted"].exists():
        pytest.skip("no `openssl` command to encrypt a key")
    options = [part for option, name in given.items() for part in (f"--{option}", str(bad_files[name]))]
    games = tmp_path / "games.sqlite3"

    def went_on(*_args, **_kwargs):  # in this process, a file let through would open the games and serve
        raise AssertionError("the games file was opened: the bad file was let through")

    monkeypatch.setattr(server, "open_store", went_on)
    code, out, err = run("serve", "--port", "0", "--db", str(games), *options)
    assert code == 2, err
    assert out == "" and len(err.splitlines()) == 1 and err.startswith("mjscore: error: "), err
    assert words in err
    assert not games.exists()  # refused before the games file was opened, the port bound or the URL printed


def test_a_bad_certificate_is_refused_by_the_command_as_run(bad_files, tmp_path):
    """The same refusal from `python -m mjscore` itself (the cases above run in this process, as fast)."""
    games = tmp_path / "games.sqlite3"
    done = subprocess.run([sys.executable, "-m", "mjscore", "serve", "--port", "0", "--db", str(games),
                           "--cert", str(bad_files["junk"]), "--key", str(bad_files["key"])],
                          capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL)
    assert (done.returncode, done.stdout) == (2, ""), done.stderr
    assert len(done.stderr.splitlines()) == 1 and "not a PEM certificate" in done.stderr
    assert not games.exists()
