# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
import hashlib
import hmac
import time

import pytest

from conn.signature import SignatureError, verify


def sign(body: bytes, *secrets: str, t: int | None = None) -> str:
    t = int(time.time()) if t is None else t
    sigs = ",".join("v1=" + hmac.new(s.encode(), f"{t}.".encode() + body, hashlib.sha256).hexdigest()
                    for s in secrets)
    return f"t={t},{sigs}"


def test_any_matching_v1_is_enough():
    body = b'{"id":"evt_1"}'
    verify(sign(body, "whsec_new", "whsec_old"), body, ["whsec_old"])


@pytest.mark.parametrize("secret,other_body,age", [
    ("whsec_other", None, 0), ("whsec_a", b'{"id":"evt_2"}', 0), ("whsec_a", None, 301), ("whsec_a", None, -301)])
def test_refusals(secret, other_body, age):
    body = b'{"id":"evt_1"}'
    with pytest.raises(SignatureError):
        verify(sign(body, secret, t=int(time.time()) - age), other_body or body, ["whsec_a"])
