"""HTTPS for `mjscore serve --cert FILE --key FILE`: the TLS context, built before anything is served, so
that a bad file is one line saying which and why (exit 2), not an OpenSSL "PEM lib" from uvicorn later.

Over plain HTTP the session's token and every score cross the café's Wi-Fi in clear, and a phone keeps
secure-context features from the page; a certificate the phones trust (mkcert's, or the club's own)
fixes both.
"""

from __future__ import annotations

import ssl

from mjscore.errors import MjscoreError

MAX_PEM = 1 << 20  # a certificate chain is a few KiB: a bigger file is not one (and /dev/zero is not read forever)


def _read(path: str, what: str, option: str) -> str:
    try:
        with open(path, "rb") as f:
            return f.read(MAX_PEM).decode("latin-1")
    except OSError as e:
        raise MjscoreError(f"{option} {path}: cannot read the {what}: {e.strerror or e}") from None


def _encrypted_key(key: str) -> str:
    """load_cert_chain calls this for a key protected by a passphrase: refuse (OpenSSL would ask on the terminal)."""
    raise MjscoreError(f"--key {key}: the private key is encrypted with a passphrase; give an unencrypted key "
                       "(mkcert makes one; or: openssl pkey -in KEY -out plain-key.pem)")


def tls_context(cert: str | None, key: str | None) -> ssl.SSLContext | None:
    """The server's TLS context from PEM files, or None for plain HTTP (neither given); MjscoreError, one
    line, for one given without the other, a file missing, not a certificate, not a key, or a key that
    is not the certificate's."""
    if cert is None and key is None:
        return None
    if cert is None or key is None:
        raise MjscoreError("--cert and --key go together: give both, the certificate and its private key "
                           "(PEM files, e.g. from mkcert)")
    cert_text = _read(cert, "certificate", "--cert")
    key_text = _read(key, "private key", "--key")
    try:
        ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT).load_verify_locations(cadata=cert_text)
    except (ssl.SSLError, ValueError):
        raise MjscoreError(f"--cert {cert}: not a PEM certificate (a file beginning "
                           "'-----BEGIN CERTIFICATE-----', e.g. from mkcert)") from None
    if "PRIVATE KEY-----" not in key_text:
        raise MjscoreError(f"--key {key}: not a PEM private key (a file beginning '-----BEGIN PRIVATE KEY-----', "
                           "e.g. mkcert's ...-key.pem)")
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.minimum_version = ssl.TLSVersion.TLSv1_2
    try:
        context.load_cert_chain(cert, key, password=lambda: _encrypted_key(key))
    except ssl.SSLError as e:
        if e.reason == "KEY_VALUES_MISMATCH":
            raise MjscoreError(f"--key {key} is not the private key of the certificate {cert}: give the key "
                               "made with it") from None
        raise MjscoreError(f"--key {key}: not a usable PEM private key for the certificate {cert}") from None
    except OSError as e:  # the file changed between the two readings
        raise MjscoreError(f"cannot read {e.filename or cert}: {e.strerror or e}") from None
    return context
