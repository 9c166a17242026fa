"""Fault profiles: the schema (pydantic, extra fields forbidden) and its parsing with error
messages that name the rule and the field (docs/recorder.md "Fault profiles").

```yaml
seed: 7
rules:
  - id: flaky-candidates
    match: {vendor: staffline, method: GET, path: "/v1/candidates*"}
    when: {nth: [3, 4]}
    action: {status: 503, retry_after: 2}
```
"""
from __future__ import annotations

import json
from typing import Any, Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

Direction = Literal["to_vendor", "to_receiver"]

# Actions that decide what the client sees; at most one per rule (`delay_ms` may join any).
PRIMARY_ACTIONS = ("status", "timeout", "reset", "truncate", "malformed", "commit_then_drop", "duplicate")
# Actions that need the vendor's response: they always run after the upstream call.
RESPONSE_ACTIONS = ("truncate", "malformed", "commit_then_drop")


class ProfileError(ValueError):
    """A fault profile that does not match the schema; the message names rule and field."""


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Match(_Model):
    vendor: str | list[str] | None = None  # vendor name(s); None: any
    method: str | list[str] | None = None  # e.g. GET or [POST, PUT]; None: any
    path: str | None = None  # fnmatch glob on the path without query, e.g. "/v1/candidates*"
    phase: str | None = None  # glob on the phase, e.g. "scenario:*"
    direction: Direction | None = None  # default: to_vendor (to_receiver for `duplicate`)

    @field_validator("method")
    @classmethod
    def _upper(cls, v):
        if isinstance(v, list):
            return [m.upper() for m in v]
        return v.upper() if isinstance(v, str) else v


class When(_Model):
    """All given conditions must hold; an empty `when` fires on every matching request.
    Counts are per rule, 1-based, over the requests matching the rule."""

    nth: list[int] | None = None
    first: int | None = Field(default=None, ge=1)
    every: int | None = Field(default=None, ge=1)
    after: int | None = Field(default=None, ge=0)
    prob: float | None = Field(default=None, ge=0.0, le=1.0)
    window_s: tuple[float, float] | None = None  # seconds since the profile was activated

    @field_validator("nth", mode="before")
    @classmethod
    def _nth_list(cls, v):
        return [v] if isinstance(v, int) else v

    @field_validator("nth")
    @classmethod
    def _nth_positive(cls, v):
        if v is not None and (not v or any(n < 1 for n in v)):
            raise ValueError("nth must list 1-based request numbers (>= 1)")
        return v

    @field_validator("window_s")
    @classmethod
    def _window(cls, v):
        if v is not None and not (0 <= v[0] <= v[1]):
            raise ValueError("window_s must be [start, end] with 0 <= start <= end")
        return v


class Action(_Model):
    status: int | None = Field(default=None, ge=100, le=599)
    retry_after: float | None = Field(default=None, ge=0)  # seconds (Retry-After: <int>)
    retry_after_date: bool = False  # send Retry-After as an HTTP-date (now + retry_after)
    body: str | dict | list | None = None  # with status; dict/list are sent as JSON
    headers: dict[str, str] = Field(default_factory=dict)  # with status
    delay_ms: int | None = Field(default=None, ge=0)
    timeout: bool | float | None = None  # true: hold until the client gives up (max bound); n: hold n s
    reset: bool = False  # TCP reset (RST) on the client connection
    truncate: float | None = Field(default=None, gt=0.0, lt=1.0)  # fraction of the body kept
    malformed: bool = False  # body invalid for its content type
    commit_then_drop: bool = False  # vendor commits, the client gets a disconnect
    duplicate: bool = False  # webhook delivery (to_receiver) delivered twice

    def primary(self) -> str | None:
        chosen = [a for a in PRIMARY_ACTIONS if self._is_set(a)]
        return chosen[0] if chosen else None

    def _is_set(self, name: str) -> bool:
        value = getattr(self, name)
        if name == "timeout":
            return value is not None and value is not False
        return value not in (None, False)

    @property
    def label(self) -> str:
        """The `fault_action` recorded on the exchange."""
        return self.primary() or "delay_ms"

    @model_validator(mode="after")
    def _one_action(self):
        chosen = [a for a in PRIMARY_ACTIONS if self._is_set(a)]
        if len(chosen) > 1:
            raise ValueError(f"choose one action, not {' + '.join(chosen)} (delay_ms may join any)")
        if not chosen and self.delay_ms is None:
            raise ValueError(f"no action: set one of {', '.join(PRIMARY_ACTIONS)} or delay_ms")
        with_status = ("retry_after", "body", "headers")
        if self.status is None:
            extra = [f for f in with_status if getattr(self, f) not in (None, {}, "")]
            if self.retry_after_date:
                extra.append("retry_after_date")
            if extra:
                raise ValueError(f"{', '.join(extra)} only apply with status")
        if self.retry_after_date and self.retry_after is None:
            raise ValueError("retry_after_date needs retry_after (seconds from now)")
        if isinstance(self.timeout, (int, float)) and not isinstance(self.timeout, bool) and self.timeout <= 0:
            raise ValueError("timeout must be true or a positive number of seconds")
        return self


class Rule(_Model):
    id: str = Field(min_length=1)
    match: Match = Field(default_factory=Match)
    when: When = Field(default_factory=When)
    action: Action
    after_upstream: bool = False

    @property
    def direction(self) -> str:
        if self.match.direction:
            return self.match.direction
        return "to_receiver" if self.action.duplicate else "to_vendor"

    @property
    def response_phase(self) -> bool:
        """The action runs on the vendor's response (the vendor handles the request)."""
        return self.after_upstream or self.action.primary() in RESPONSE_ACTIONS

    @model_validator(mode="after")
    def _coherent(self):
        if self.action.duplicate and self.match.direction == "to_vendor":
            raise ValueError("duplicate applies to webhook deliveries: match.direction must be to_receiver")
        return self


class FaultProfile(_Model):
    seed: int = 0
    rules: list[Rule] = Field(default_factory=list)

    @model_validator(mode="after")
    def _unique_ids(self):
        seen: set[str] = set()
        for rule in self.rules:
            if rule.id in seen:
                raise ValueError(f"rule id {rule.id!r} is used twice")
            seen.add(rule.id)
        return self


def _location(data: Any, loc: tuple) -> str:
    """`rule 'flaky' (rules[0]) action.retry_after` for an error location."""
    parts = [str(p) for p in loc]
    if len(loc) >= 2 and loc[0] == "rules" and isinstance(loc[1], int):
        idx = loc[1]
        rule_id = None
        rules = data.get("rules") if isinstance(data, dict) else None
        if isinstance(rules, list) and idx < len(rules) and isinstance(rules[idx], dict):
            rule_id = rules[idx].get("id")
        head = f"rule {rule_id!r} (rules[{idx}])" if rule_id else f"rules[{idx}]"
        rest = ".".join(p for p in parts[2:] if not p.startswith("function-"))
        return f"{head} {rest}".strip()
    return ".".join(parts) or "profile"


def parse_profile(data: Any, source: str = "fault profile") -> FaultProfile:
    """Validate a profile given as a dict, or as YAML/JSON text."""
    if isinstance(data, FaultProfile):
        return data
    if isinstance(data, (str, bytes)):
        try:
            data = yaml.safe_load(data)
        except yaml.YAMLError as exc:
            raise ProfileError(f"{source}: not valid YAML: {exc}") from None
    if not isinstance(data, dict):
        raise ProfileError(f"{source}: expected a mapping with `seed` and `rules`")
    try:
        return FaultProfile.model_validate(data)
    except ValidationError as exc:
        problems = []
        for err in exc.errors():
            msg = err["msg"].removeprefix("Value error, ")
            problems.append(f"{_location(data, tuple(err['loc']))}: {msg}")
        raise ProfileError(f"{source}: " + "; ".join(problems)) from None


def profile_json(profile: FaultProfile | None) -> str:
    return "" if profile is None else json.dumps(profile.model_dump(mode="json"), sort_keys=True)
