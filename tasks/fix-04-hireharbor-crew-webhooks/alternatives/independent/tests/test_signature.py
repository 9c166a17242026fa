# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
import hashlib
import hmac

from conn import signature


def test_raw_bytes_with_escapes_verify():
    body = b'{"payload":{"candidate":{"first_name":"Zo\\u00eb"}}}'
    sig = "sha256 " + hmac.new(b"s3cret", body, hashlib.sha256).hexdigest()
    assert signature.valid("s3cret", body, sig)
    assert not signature.valid("s3cret", body.replace(b"\\u00eb", "ë".encode()), sig)
    assert not signature.valid("s3cret", body, None)
