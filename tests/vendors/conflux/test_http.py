"""Over real HTTP (waitress + a plain urllib client, as a connector would through the proxy):
walking `next` cursors, then the error-burst block with Retry-After and its expiry."""
from __future__ import annotations

import json
import urllib.error
import urllib.parse
import urllib.request

from vendors.kit.serve import serve_in_thread

from .helpers import CREDS, NONCE, TOKEN, P, make_app


def _call(url: str, account: str, method: str = "GET", body=None, control: bool = False):
    if control:
        headers = {"X-Control-Token": TOKEN, "Content-Type": "application/json"}
    else:
        headers = {"Authorization": f"Bearer {CREDS['api_key']}", "X-Account-Token": account, "X-IB-Via": NONCE}
    data = json.dumps(body).encode() if body is not None else None
    req = urllib.request.Request(url, headers=headers, method=method, data=data)
    try:
        with urllib.request.urlopen(req, timeout=10) as resp:
            return resp.status, dict(resp.headers), json.loads(resp.read())
    except urllib.error.HTTPError as err:
        return err.code, dict(err.headers), json.loads(err.read())


def test_a_real_client_walks_cursors_and_meets_the_block_and_its_expiry():
    served = serve_in_thread("conflux", make_app())
    base = served.base_url
    try:
        totals = {}
        for name in ("account_token", "account_token_b"):
            seen, cursor = [], None
            while True:
                q = {"page_size": 30, **({"cursor": cursor} if cursor else {})}
                status, _, body = _call(f"{base}{P}/candidates?{urllib.parse.urlencode(q)}", CREDS[name])
                assert status == 200
                seen += [c["remote_id"] for c in body["results"]]
                cursor = body["next"]
                if not cursor:
                    break
            totals[name] = len(set(seen))
        assert totals == {"account_token": 36, "account_token_b": 14}

        _call(f"{base}/_control/clock", "", "POST", {"freeze": True}, control=True)
        _call(f"{base}/_control/config", "", "POST", {"settings": {"enforce_error_burst": True}}, control=True)
        naive = f"{base}{P}/candidates?modified_after=2026-03-01T00:00:00"
        codes = [_call(naive, CREDS["account_token"])[0] for _ in range(20)]
        assert codes == [400] * 20
        status, headers, body = _call(f"{base}{P}/jobs?page_size=30", CREDS["account_token_b"])
        assert status == 403 and body["errors"][0]["code"] == "caller_blocked" and headers["Retry-After"] == "60"
        _call(f"{base}/_control/clock", "", "POST", {"advance_s": 60}, control=True)
        status, _, body = _call(f"{base}{P}/jobs?page_size=30", CREDS["account_token_b"])
        assert status == 200 and len(body["results"]) == 4
    finally:
        served.stop()
