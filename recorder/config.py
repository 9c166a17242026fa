"""The run config of one recorder process (JSON or YAML), see docs/recorder.md."""
from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any, Literal
from urllib.parse import urlsplit

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from bundle.traits import RateLimitRule, RateLimitTraits, TraitsError, VendorTraits, load_traits, parse_traits

from .profile import FaultProfile, ProfileError, parse_profile


class ConfigError(ValueError):
    """A run config the recorder cannot use; the message names the field."""


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


def _check_upstream(url: str) -> str:
    parts = urlsplit(url)
    if parts.scheme != "http" or not parts.hostname or not parts.port:
        raise ValueError("upstream_url must look like http://127.0.0.1:<port>")
    if parts.path not in ("", "/") or parts.query:
        raise ValueError("upstream_url must not have a path or query")
    return f"http://{parts.hostname}:{parts.port}"


class VendorListener(_Model):
    name: str = Field(min_length=1)
    upstream_url: str
    listen_port: int = Field(default=0, ge=0, le=65535)
    traits: str | dict | None = None  # path to a vendor.yaml, or its content; default: vendors.<name>
    webhook_secret: str | list[str] | None = None  # current signing secret(s), for forgeries

    @field_validator("upstream_url")
    @classmethod
    def _upstream(cls, v: str) -> str:
        return _check_upstream(v)


class ReceiverListener(_Model):
    upstream_url: str
    listen_port: int = Field(default=0, ge=0, le=65535)
    vendor_for_deliveries: str | None = None  # else detected from the signature headers

    @field_validator("upstream_url")
    @classmethod
    def _upstream(cls, v: str) -> str:
        return _check_upstream(v)


class ControlConfig(_Model):
    port: int = Field(default=0, ge=0, le=65535)
    token: str = Field(min_length=8)


class RateLimitOverride(_Model):
    """Per-run override of a vendor's `rate_limits` traits: given keys replace the vendor's."""

    dialect: Literal["x-ratelimit", "x-rate-limit", "ietf", "none"] | None = None
    retry_after: Literal["seconds", "http_date", "none"] | None = None
    rules: list[RateLimitRule] | None = None
    enabled: bool = True

    def apply(self, base: RateLimitTraits) -> RateLimitTraits:
        if not self.enabled:
            return RateLimitTraits(dialect=self.dialect or base.dialect, retry_after=base.retry_after, rules=[])
        return RateLimitTraits(
            dialect=self.dialect or base.dialect,
            retry_after=self.retry_after or base.retry_after,
            rules=base.rules if self.rules is None else self.rules,
        )


class RunConfig(_Model):
    run_id: str = Field(min_length=1)
    out_dir: str
    nonce: str = Field(min_length=8)
    vendors: list[VendorListener] = Field(min_length=1)
    receiver: ReceiverListener | None = None
    control: ControlConfig
    faults: dict | None = None  # fault profile active from the start (usually set per step)
    rate_limits: dict[str, RateLimitOverride] = Field(default_factory=dict)
    webhook_secrets: dict[str, str | list[str]] = Field(default_factory=dict)
    phase: str = "setup"
    work_dir: str | None = None  # mitmproxy confdir lives here; default: a private temp dir
    listen_host: str = "127.0.0.1"
    timeout_max_s: int = Field(default=120, ge=1, le=3600)
    webhook_keep: int = Field(default=50, ge=1, le=10000)
    shutdown_grace_s: int = Field(default=5, ge=0, le=600)

    @model_validator(mode="after")
    def _consistent(self):
        names = [v.name for v in self.vendors]
        dupes = sorted({n for n in names if names.count(n) > 1})
        if dupes:
            raise ValueError(f"vendor names must be unique: {', '.join(dupes)}")
        upstreams = [v.upstream_url for v in self.vendors] + ([self.receiver.upstream_url] if self.receiver else [])
        if len(set(upstreams)) != len(upstreams):
            raise ValueError("each listener needs its own upstream_url")
        ports = [v.listen_port for v in self.vendors] + [self.control.port]
        ports += [self.receiver.listen_port] if self.receiver else []
        fixed = [p for p in ports if p]
        if len(set(fixed)) != len(fixed):
            raise ValueError("listen ports must differ (0 picks a free one)")
        for key in list(self.rate_limits) + list(self.webhook_secrets):
            if key not in names:
                raise ValueError(f"{key!r} is not a vendor of this run")
        if self.receiver and self.receiver.vendor_for_deliveries not in (None, *names):
            raise ValueError(f"receiver.vendor_for_deliveries {self.receiver.vendor_for_deliveries!r} is not a vendor of this run")
        if self.faults is not None:
            parse_profile(self.faults)  # raises ProfileError (a ValueError) with rule/field
        return self

    def fault_profile(self) -> FaultProfile | None:
        return None if self.faults is None else parse_profile(self.faults)


def _format_errors(exc: ValidationError) -> str:
    out = []
    for err in exc.errors():
        loc = ".".join(str(p) for p in err["loc"] if not str(p).startswith("function-"))
        msg = err["msg"].removeprefix("Value error, ")
        out.append(f"{loc}: {msg}" if loc else msg)
    return "; ".join(out)


def parse_config(data: Any, source: str = "run config") -> RunConfig:
    if isinstance(data, RunConfig):
        return data
    if not isinstance(data, dict):
        raise ConfigError(f"{source}: expected a mapping")
    try:
        return RunConfig.model_validate(data)
    except ValidationError as exc:
        raise ConfigError(f"{source}: {_format_errors(exc)}") from None
    except ProfileError as exc:
        raise ConfigError(f"{source}: faults: {exc}") from None


def parse_config_text(text: str, source: str = "run config") -> RunConfig:
    """A JSON run config given as text (`python -m recorder --config-fd`)."""
    try:
        data = json.loads(text)
    except ValueError as exc:
        raise ConfigError(f"{source}: not valid JSON: {exc}") from None
    return parse_config(data, source=source)


def load_config(path: str | os.PathLike) -> RunConfig:
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except OSError as exc:
        raise ConfigError(f"cannot read the run config {p}: {exc.strerror or exc}") from None
    try:
        data = json.loads(text) if p.suffix == ".json" else yaml.safe_load(text)
    except (ValueError, yaml.YAMLError) as exc:
        raise ConfigError(f"{p.name}: not valid {'JSON' if p.suffix == '.json' else 'YAML'}: {exc}") from None
    return parse_config(data, source=p.name)


def resolve_traits(vendor: VendorListener) -> VendorTraits | None:
    """The vendor's traits: inline dict, a vendor.yaml path, or the vendor package's own file.
    None for a vendor without a package (no rate limits, no webhook signing)."""
    try:
        if isinstance(vendor.traits, dict):
            return VendorTraits.model_validate(vendor.traits)
        if isinstance(vendor.traits, str):
            path = Path(vendor.traits)
            return parse_traits(path.read_text(encoding="utf-8"), source=path.name)
        try:
            return load_traits(vendor.name)
        except ModuleNotFoundError:
            return None
        except FileNotFoundError:
            return None
    except (TraitsError, ValidationError, OSError) as exc:
        raise ConfigError(f"vendor {vendor.name}: traits: {exc}") from None


def secrets_for(cfg: RunConfig, vendor: VendorListener, traits: VendorTraits | None) -> list[str]:
    """Current webhook signing secret(s): config (vendor entry, then webhook_secrets), else the
    test credential named by the traits."""
    value = vendor.webhook_secret or cfg.webhook_secrets.get(vendor.name)
    if value:
        return [value] if isinstance(value, str) else list(value)
    if traits and traits.webhooks and traits.webhooks.secret in traits.credentials:
        return [traits.credentials[traits.webhooks.secret]]
    return []
