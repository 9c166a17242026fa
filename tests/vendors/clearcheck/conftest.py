"""Fixtures for ClearCheck's tests (helpers live in helpers.py)."""
from __future__ import annotations

import pytest

from .helpers import Api, Receiver, make_app


@pytest.fixture
def api():
    a = Api(make_app())
    a.ok_control("clock", {"freeze": True})  # vendor time moves only when a test moves it
    return a


@pytest.fixture
def receiver():
    rx = Receiver()
    yield rx
    rx.close()
