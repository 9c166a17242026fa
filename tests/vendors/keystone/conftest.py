"""Fixtures for Keystone's tests (helpers live in helpers.py)."""
from __future__ import annotations

import pytest

from .helpers import Api, make_app


@pytest.fixture
def api():
    return Api(make_app())


@pytest.fixture(scope="module")
def ro_api():
    """A read-only app shared by a module's tests (never write through it)."""
    return Api(make_app())
