"""The column conversions of an exchange row (bundle/exchanges.py): the fast paths give what the
general ones give."""
import random
import time
from urllib.parse import parse_qsl

from bundle.exchanges import headers_json, iso_utc, query_json


def _by_parse_qsl(query: str) -> dict:
    out: dict = {}
    for key, value in parse_qsl(query, keep_blank_values=True, errors="replace"):
        out.setdefault(key, []).append(value)
    return out


def test_query_without_escapes_splits_as_parse_qsl_does():
    rng = random.Random(7)
    corpus = ["", "a", "a=", "=b", "a=1&a=2", "a=1&&b", "&", "a==b", "a=1;b=2", "ä=ö", "&&a=1&&"]
    corpus += ["".join(rng.choice("ab=&;%2+ä") for _ in range(rng.randint(0, 10))) for _ in range(5000)]
    for query in corpus:
        assert query_json(query) == _by_parse_qsl(query), query


def test_query_with_escapes_is_unquoted():
    assert query_json("q=a+b&r=%C3%A9&bad=%ZZ%ff") == {"q": ["a b"], "r": ["é"], "bad": ["%ZZ\ufffd"]}


def test_iso_utc_across_second_boundaries():
    for ts in (0.0, 1.5, 59.9999994, 59.9999996, 1_700_000_000.123456, 1_700_000_000.9999996,
               1_700_000_001.0, 1_699_999_999.25):
        micros = round(ts * 1_000_000)
        secs, frac = divmod(micros, 1_000_000)
        want = time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(secs)) + f".{frac:06d}Z"
        assert iso_utc(ts) == want, ts


class _Headers:
    def __init__(self, fields):
        self.fields = fields


def test_header_row_lower_cases_joins_repeats_and_drops_the_nonce():
    h = _Headers([(b"Accept", b"a"), (b"ACCEPT", b"b"), (b"X-IB-Via", b"nonce-1"), (b"X-Name", b"\xe9t\xe9"),
                  (b"X-IB-Via", b"other")])
    assert headers_json(h, drop=("x-ib-via", "nonce-1")) == {
        "accept": "a, b", "x-name": "été", "x-ib-via": "other"}
