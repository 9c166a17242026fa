from __future__ import annotations

import pytest

from .helpers import Api, make_app


@pytest.fixture
def api():
    return Api(make_app())
