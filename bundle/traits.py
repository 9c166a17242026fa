"""`vendor.yaml`: a vendor's traits, machine-readable.

The recorder (rate limits, webhook forgery), the grader (conduct checks) and the docs read
these models; a vendor's own code reads them too, so the served behaviour and the declared
traits cannot drift apart silently. The schema is documented in docs/vendor-yaml.md.
"""
from __future__ import annotations

from functools import lru_cache
from importlib import resources
from typing import Any, Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class SecretPlacement(_Model):
    """Where one credential may legitimately appear on the wire."""

    name: str  # credential name, e.g. api_key; the run env exposes <VENDOR>_<NAME upper>
    # `path`: an account name the vendor puts in its URL paths (Workwell's /t/{tenant}/…): not a
    # secret, but a run credential, so the secret_placement check must know its place
    placement: Literal["header", "query", "basic_user", "basic_password", "body", "path", "never_sent"]
    field: str | None = None  # header name, query param or body field
    prefix: str = ""  # e.g. "Bearer " for an Authorization header
    endpoint: str | None = None  # path glob the credential belongs to (token endpoints)


class TokenTraits(_Model):
    endpoint: str  # path of the minting endpoint
    ttl_s: int
    mint_ceiling_per_run: int | None = None  # most mints a correct client needs per run
    single_use_refresh: bool = False


class SigningTraits(_Model):
    """HMAC request signing (StaffLine-like)."""

    algorithm: Literal["hmac-sha256"] = "hmac-sha256"
    key: str  # credential name used as the key
    timestamp_header: str
    signature_header: str
    canonical: str  # human description of the string to sign
    window_s: int
    clock: Literal["vendor", "host"] = "vendor"


class AuthTraits(_Model):
    scheme: Literal[
        "api_key_header", "query_key", "basic", "bearer", "oauth2_client_credentials",
        "session_login", "hmac_request_signing", "smart_token", "token_token",
    ]
    secrets: list[SecretPlacement]
    token: TokenTraits | None = None
    signing: SigningTraits | None = None
    extra_headers: dict[str, str] = Field(default_factory=dict)  # required, e.g. X-Api-Version


class PaginationTraits(_Model):
    style: Literal[
        "offset_total", "cursor", "page_link", "offset_token", "since_id", "rpc_cursor",
        "path_segment", "jsonapi", "start_count",
    ]
    params: dict[str, str]  # role -> param name, e.g. {offset: start, limit: count}
    default_limit: int
    max_limit: int
    response: dict[str, str] = Field(default_factory=dict)  # role -> body field/header


class FreshnessTraits(_Model):
    param: str  # e.g. updated_since
    unit: Literal["epoch_s", "epoch_ms", "iso8601_utc", "iso8601", "sync_token"]  # sync_token: opaque, from the last page
    inclusive: bool
    resolution_s: float = 1.0
    endpoints: list[str] = Field(default_factory=list)  # path globs that accept it


class RateLimitRule(_Model):
    """One policy the proxy enforces (recorder/ratelimit)."""

    id: str
    policy: Literal["fixed_window", "token_bucket", "concurrency", "error_burst"]
    limit: int  # requests per window, bucket size, max in flight, or failures per window
    window_s: float = 1.0
    refill_per_s: float | None = None  # token bucket
    block_s: float | None = None  # error burst: how long the caller stays blocked
    match: dict[str, str] = Field(default_factory=dict)  # method / path glob
    status: int = 429


class RateLimitTraits(_Model):
    dialect: Literal["x-ratelimit", "x-rate-limit", "ietf", "none"] = "x-ratelimit"
    # "none": a refusal carries no Retry-After (the dialect's reset is the only wait hint)
    retry_after: Literal["seconds", "http_date", "none"] = "seconds"
    rules: list[RateLimitRule] = Field(default_factory=list)


# Signing schemes whose signature covers the whole body. The others (body_embedded: Pipelane
# signs `token + triggeredAt` only) leave the payload unsigned, so an edited payload under the
# original signature is not detectable from the signature (docs/recorder.md, forgery kinds).
WHOLE_BODY_SIGNING = frozenset({"hmac_ts_body", "stripe", "sha256_space", "standard_webhooks", "hook_secret"})


class WebhookTraits(_Model):
    signing: Literal[
        "hmac_ts_body", "stripe", "sha256_space", "body_embedded", "standard_webhooks",
        "hook_secret", "none",
    ]
    signature_header: str | None = None
    timestamp_header: str | None = None
    id_header: str | None = None
    event_header: str | None = None
    tolerance_s: int | None = None
    secret: str  # credential name holding the signing secret
    retry_schedule_s: list[float] = Field(default_factory=list)
    event_types: list[str] = Field(default_factory=list)


class IdempotencyTraits(_Model):
    header: str
    replay_header: str | None = None
    methods: list[str] = Field(default_factory=lambda: ["POST"])
    ttl_s: int = 86400
    mismatch_status: int = 422


class Trap(_Model):
    id: str
    kind: Literal["docs_vs_wire", "units", "quirk"]
    description: str
    docs: str | None = None
    wire: str | None = None


class VendorTraits(_Model):
    name: str  # package name, lower case
    title: str
    env_prefix: str  # <PREFIX>_BASE_URL, <PREFIX>_<CREDENTIAL> in the run env
    summary: str
    api_prefix: str = ""
    content_type: str = "application/json"
    auth: AuthTraits
    pagination: PaginationTraits
    freshness: FreshnessTraits | None = None
    rate_limits: RateLimitTraits = Field(default_factory=RateLimitTraits)
    webhooks: WebhookTraits | None = None
    idempotency: IdempotencyTraits | None = None
    concurrency_control: Literal["none", "etag"] = "none"
    timestamps: Literal["epoch_ms", "epoch_s", "iso8601_utc", "iso8601_offset", "local_date", "dd/mm/yyyy"]
    ids: str  # e.g. "integer", "prefixed string plc_…"
    write_methods: list[str] = Field(default_factory=lambda: ["POST", "PUT", "PATCH", "DELETE"])
    # RPC vendors, where every call is a POST: path globs of the calls that write (a call is a
    # write when its method is in write_methods or its path matches one of these)
    write_paths: list[str] = Field(default_factory=list)
    datasets: list[str]
    settings: list[str] = Field(default_factory=list)  # /_control/config settings it supports
    traps: list[Trap] = Field(default_factory=list)
    credentials: dict[str, str]  # test credential values: name -> value (per-run overridable)


_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class TraitsError(ValueError):
    """A vendor.yaml that does not match the schema; the message names file and field."""


def parse_traits(text: str, source: str = "vendor.yaml") -> VendorTraits:
    try:  # libyaml when present (a bundle's traits parse ~10x faster); the pure-Python
        # parser words the error, which reaches verdicts and `ibench vendors check`
        data: Any = yaml.load(text, Loader=_LOADER)
    except yaml.YAMLError:
        try:
            data = yaml.safe_load(text)
        except yaml.YAMLError as exc:
            raise TraitsError(f"{source}: not valid YAML: {exc}") from None
    if not isinstance(data, dict):
        raise TraitsError(f"{source}: expected a mapping at the top level")
    try:
        return VendorTraits.model_validate(data)
    except ValidationError as exc:
        problems = "; ".join(
            f"{'.'.join(str(p) for p in err['loc'])}: {err['msg']}" for err in exc.errors()
        )
        raise TraitsError(f"{source}: {problems}") from None


@lru_cache(maxsize=None)
def load_traits(vendor: str) -> VendorTraits:
    """Traits of a vendor package shipped in `vendors/<vendor>/vendor.yaml`."""
    ref = resources.files(f"vendors.{vendor}").joinpath("vendor.yaml")
    return parse_traits(ref.read_text(encoding="utf-8"), source=f"vendors/{vendor}/vendor.yaml")
