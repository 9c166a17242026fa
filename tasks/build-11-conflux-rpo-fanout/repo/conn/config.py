# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Where things are: Conflux's base URL and our organisation's API key, the two folders the
scheduler gives us (IB_STATE_DIR survives between runs; IB_OUTPUT_DIR holds the sourcing table),
and the clients listed in materials/accounts.yaml (each names the variable holding its token)."""
from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Client:
    client: str  # our short name for the client, e.g. "ashford"
    name: str
    token_env: str


@dataclass(frozen=True)
class Settings:
    base_url: str
    api_key: str
    state_dir: Path
    output_dir: Path
    env: dict

    @property
    def store_path(self) -> Path:
        return self.output_dir / "sourcing.sqlite"

    @classmethod
    def from_env(cls, env: dict[str, str] | None = None) -> "Settings":
        env = dict(os.environ if env is None else env)
        missing = [k for k in ("CONFLUX_BASE_URL", "CONFLUX_API_KEY", "IB_STATE_DIR", "IB_OUTPUT_DIR")
                   if not env.get(k)]
        if missing:
            raise SystemExit(f"missing environment: {', '.join(missing)} (see .ibench/env)")
        return cls(base_url=env["CONFLUX_BASE_URL"].rstrip("/"), api_key=env["CONFLUX_API_KEY"],
                   state_dir=Path(env["IB_STATE_DIR"]), output_dir=Path(env["IB_OUTPUT_DIR"]), env=env)


def load_clients(path: str | Path) -> list[Client]:
    """The clients of accounts.yaml (a small, fixed layout: no YAML library on the host)."""
    clients, current = [], {}
    for raw in Path(path).read_text().splitlines():
        line = raw.split("#", 1)[0].rstrip()
        if not line.strip() or line.strip() == "clients:":
            continue
        item = line.strip()
        if item.startswith("- "):
            if current:
                clients.append(current)
            current, item = {}, item[2:]
        key, _, value = item.partition(":")
        current[key.strip()] = value.strip().strip('"')
    if current:
        clients.append(current)
    return [Client(c["client"], c.get("name", c["client"]), c["token_env"]) for c in clients]
