"""Kit: opaque offset tokens (vendors/kit/offset_token_pagination.py)."""
from __future__ import annotations

from urllib.parse import quote, unquote_plus

import pytest

from vendors.kit.errors import VendorError
from vendors.kit.offset_token_pagination import decode_offset_token, encode_offset_token

KEY = "k"


@pytest.mark.parametrize("pos", [0, 1, 99, 100, 4999, 2**32 - 1])
def test_round_trip_and_alphabet(pos):
    tok = encode_offset_token(pos, "/v1/things", KEY)
    assert "+" in tok and "/" in tok and tok.endswith("==")
    assert decode_offset_token(tok, "/v1/things", KEY) == pos
    assert decode_offset_token(unquote_plus(quote(tok, safe="")), "/v1/things", KEY) == pos


def _invalid(tok, scope="/v1/things", key=KEY):
    with pytest.raises(VendorError) as exc:
        decode_offset_token(tok, scope, key)
    assert exc.value.status == 400 and exc.value.code == "invalid_offset"


def test_garbled_foreign_or_forged_tokens_are_invalid_offset():
    tok = encode_offset_token(100, "/v1/things", KEY)
    _invalid(unquote_plus(tok))  # raw in a query string: `+` became a space
    _invalid(tok.rstrip("="))
    _invalid("garbage!")
    _invalid(tok, scope="/v1/other")
    _invalid(tok, key="other")
    forged = encode_offset_token(200, "/v1/things", "guess")
    _invalid(forged)
    with pytest.raises(ValueError):
        encode_offset_token(-1, "/v1/things", KEY)
