"""Fixtures for the recorder tests (helpers live in recorder_testkit.py)."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from recorder_testkit import Receiver, Upstream, make_config, serve  # noqa: E402


@pytest.fixture(scope="session")
def work_dir(tmp_path_factory) -> Path:
    """Shared mitmproxy confdir (its CA is generated once for the session)."""
    return tmp_path_factory.mktemp("recorder-work")


@pytest.fixture(scope="module")
def upstreams():
    apps = {name: Upstream() for name in ("placemint", "talentforge", "clearcheck", "hireharbor", "pipelane")}
    served = {name: serve(u.app) for name, u in apps.items()}
    yield apps, served
    for s in served.values():
        s.close()


@pytest.fixture(scope="module")
def receiver():
    rec = Receiver()
    served = serve(rec.app)
    yield rec, served
    served.close()


@pytest.fixture(scope="module")
def rec(upstreams, receiver, tmp_path_factory, work_dir):
    """One recorder for a test module, with all test vendors and the receiver."""
    from recorder.process import start_recorder

    apps, served = upstreams
    out = tmp_path_factory.mktemp("bundle")
    handle = start_recorder(make_config(out, served, receiver[1], work_dir=work_dir), timeout=60)
    handle.apps = apps
    handle.receiver_app = receiver[0]
    yield handle
    handle.stop()


@pytest.fixture
def fresh(rec):
    """Per test: no faults, rate limits as configured, phase `agent`."""
    client = rec.client()
    client.clear_faults()
    client.set_rate_limits({})
    client.set_phase("agent")
    yield rec
    client.clear_faults()
    client.set_rate_limits({})
