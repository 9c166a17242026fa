"""Query-string filters of the kit (vendors/kit/query.py): absent or empty is None, a good value
parses, a bad one raises the vendor's own error naming the parameter."""
from __future__ import annotations

import datetime as dt

import pytest
from flask import Flask

from vendors.kit import query


class Bad(Exception):
    pass


def bad(parameter, message):
    return Bad(parameter, message)


@pytest.fixture
def app():
    return Flask(__name__)


def test_filters_parse_good_values_and_skip_absent_ones(app):
    with app.test_request_context("/?id=42&since=2026-03-01T09:00:00Z&status=open&empty="):
        assert query.id_param("id", bad) == 42
        assert query.instant_param("since", bad) == dt.datetime(2026, 3, 1, 9, tzinfo=dt.timezone.utc)
        assert query.choice_param("status", ("open", "closed"), bad) == "open"
        assert query.id_param("missing", bad) is None and query.instant_param("empty", bad) is None


@pytest.mark.parametrize("url, call, message", [
    ("/?id=-3", lambda: query.id_param("id", bad, "an id"), "`id` must be an id."),
    ("/?id=1234567890123456", lambda: query.id_param("id", bad), "`id` must be a positive integer."),
    ("/?since=2026-03-01T09:00:00", lambda: query.instant_param("since", bad), "with a time zone"),
    ("/?status=gone", lambda: query.choice_param("status", ("open", "closed"), bad), "one of open, closed"),
])
def test_bad_values_raise_the_vendors_error(app, url, call, message):
    with app.test_request_context(url):
        with pytest.raises(Bad) as err:
            call()
    assert err.value.args[0] in ("id", "since", "status") and message in err.value.args[1]
