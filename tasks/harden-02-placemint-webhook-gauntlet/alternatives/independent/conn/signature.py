# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Placemint webhook signatures (docs: Webhooks > Verifying signatures).

Header: `Placemint-Signature: t=<unix seconds>,v1=<hex>[,v1=<hex>…]`; each `v1` is
HMAC-SHA256(secret, "<t>." + raw body). During a secret rotation there is one `v1` per active
secret, and the delivery is genuine if any of them matches a secret we know."""
import hashlib
import hmac
import time

TOLERANCE_S = 300  # refuse anything more than 5 minutes away from our clock


class SignatureError(Exception):
    pass


def parse_header(header: str) -> tuple[int, list[str]]:
    t = None
    sigs: list[str] = []
    for part in (header or "").split(","):
        if "=" not in part:
            continue
        key, value = part.split("=", 1)
        key, value = key.strip(), value.strip()
        if key == "t":
            if t is not None:
                raise SignatureError("several timestamps")
            t = value
        elif key == "v1" and value:
            sigs.append(value.lower())
    if t is None or not t.isdigit():
        raise SignatureError("no valid timestamp")
    if not sigs:
        raise SignatureError("no v1 signature")
    return int(t), sigs


def verify(header: str, body: bytes, secrets: list[str], now: float | None = None,
           tolerance: int = TOLERANCE_S) -> int:
    """Return the signed timestamp if the delivery is authentic and fresh, else raise."""
    if not secrets:
        raise SignatureError("no signing secret configured")
    t, sigs = parse_header(header)
    now = time.time() if now is None else now
    if abs(now - t) > tolerance:
        raise SignatureError("timestamp outside the tolerance")
    signed = str(t).encode() + b"." + body
    ok = False
    for secret in secrets:
        expected = hmac.new(secret.encode("utf-8"), signed, hashlib.sha256).hexdigest()
        for sig in sigs:
            # no short-circuit on the first match: keep timing independent of which one matched
            ok = hmac.compare_digest(expected, sig) or ok
    if not ok:
        raise SignatureError("signature mismatch")
    return t
