"""vendors/kit/token_token_auth.py: `Authorization: Token token=<key>`."""
from __future__ import annotations

from vendors.kit.token_token_auth import parse_token_token


def test_parse_token_token_forms():
    assert parse_token_token("Token token=abc123") == "abc123"
    assert parse_token_token('Token token="abc123"') == "abc123"
    assert parse_token_token('Token token="abc", realm="x"') == "abc"
    for bad in (None, "", "Bearer abc", "Token abc", "Token token=", "token token=abc"):
        assert parse_token_token(bad) is None, bad
