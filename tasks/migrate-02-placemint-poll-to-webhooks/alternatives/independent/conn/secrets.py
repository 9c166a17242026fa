# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""The webhook endpoint record in $IB_STATE_DIR/endpoint.json (id, url, signing secret).

Only `cutover` writes it (atomically, mode 0600); the receiver reads it and notices changes."""
import json
import os
import sys
import threading
import time

from conn import config


def save_endpoint(endpoint: dict) -> None:
    path = config.endpoint_file()
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w") as fh:
        json.dump({"id": endpoint["id"], "url": endpoint["url"], "secret": endpoint["secret"]}, fh)
        fh.flush()
        os.fsync(fh.fileno())
    os.chmod(tmp, 0o600)
    os.replace(tmp, path)


def load_endpoint() -> dict | None:
    try:
        data = json.loads(config.endpoint_file().read_text())
    except (FileNotFoundError, ValueError):
        return None
    return data if isinstance(data, dict) else None


class SecretCache:
    """The signing secret(s) the receiver verifies with; re-read whenever the file changes."""

    def __init__(self, path):
        self.path = path
        self._stamp = None
        self._secrets: list[str] = []
        self._lock = threading.Lock()

    def get(self) -> list[str]:
        with self._lock:
            try:
                st = self.path.stat()
                stamp = (st.st_mtime_ns, st.st_size, st.st_ino)
            except FileNotFoundError:
                return list(self._secrets)
            if stamp != self._stamp:
                try:
                    data = json.loads(self.path.read_text())
                except (OSError, ValueError) as exc:
                    print(f"serve: cannot read {self.path.name}: {exc.__class__.__name__}", file=sys.stderr)
                    return list(self._secrets)
                found = []
                for value in [data.get("secret"), data.get("previous_secret"), *(data.get("secrets") or [])]:
                    if isinstance(value, str) and value and value not in found:
                        found.append(value)
                self._secrets, self._stamp = found, stamp
            return list(self._secrets)

    def wait(self, seconds: float) -> list[str]:
        """The secrets; if none is known yet (the endpoint is being created right now by
        `cutover`), give it a few seconds to appear rather than refuse a genuine first delivery."""
        deadline = time.monotonic() + seconds
        secrets = self.get()
        while not secrets and time.monotonic() < deadline:
            time.sleep(0.1)
            secrets = self.get()
        return secrets
