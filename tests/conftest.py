"""Every test session signs with a key of its own, never the user's (bundle/keys.py): the
harness and the grader use the key $IBENCH_SIGNING_KEY names and the trusted keys
$IBENCH_TRUSTED_KEYS names. Set before collection, so subprocesses (`ibench run` in the
end-to-end tests) inherit them too."""
from __future__ import annotations

import os
import shutil
import tempfile

_VARS = ("IBENCH_SIGNING_KEY", "IBENCH_TRUSTED_KEYS")
_saved: dict[str, str | None] = {}
_dir: list[str] = []


def pytest_configure(config):
    d = tempfile.mkdtemp(prefix="ibench-test-keys-")
    _dir.append(d)
    for name, file in zip(_VARS, ("signing_key", "trusted_keys")):
        _saved[name] = os.environ.get(name)
        os.environ[name] = os.path.join(d, file)


def pytest_unconfigure(config):
    for name, value in _saved.items():
        if value is None:
            os.environ.pop(name, None)
        else:
            os.environ[name] = value
    for d in _dir:
        shutil.rmtree(d, ignore_errors=True)
