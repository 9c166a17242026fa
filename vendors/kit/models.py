"""Tables every vendor gets from the kit, declared on the vendor's own `DeclarativeBase` so that
`reset` recreates them and `dump` exports them with the vendor's data."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlalchemy import JSON, Boolean, Integer, String, Text, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from vendors.kit.db import UTCDateTime


@dataclass(frozen=True)
class KitModels:
    WebhookSubscription: Any
    WebhookDelivery: Any
    IdempotencyRecord: Any
    AccessToken: Any


def add_kit_models(Base) -> KitModels:
    class WebhookSubscription(Base):
        __tablename__ = "webhook_subscriptions"
        id: Mapped[str] = mapped_column(String(40), primary_key=True)
        url: Mapped[str] = mapped_column(String(500))
        events: Mapped[list] = mapped_column(JSON, default=lambda: ["*"])
        secret: Mapped[str] = mapped_column(String(200))
        previous_secret: Mapped[str | None] = mapped_column(String(200), nullable=True)
        previous_secret_expires_at: Mapped[Any] = mapped_column(UTCDateTime, nullable=True)
        active: Mapped[bool] = mapped_column(Boolean, default=True)
        created_at: Mapped[Any] = mapped_column(UTCDateTime)

    class WebhookDelivery(Base):
        __tablename__ = "webhook_deliveries"
        id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
        event_id: Mapped[str] = mapped_column(String(60), index=True)
        subscription_id: Mapped[str] = mapped_column(String(40))
        event_type: Mapped[str] = mapped_column(String(80))
        payload: Mapped[str] = mapped_column(Text)  # the exact JSON text that is signed and sent
        created_at: Mapped[Any] = mapped_column(UTCDateTime)
        status: Mapped[str] = mapped_column(String(20), default="pending")  # pending|sending|delivered|failed|dropped
        attempts: Mapped[int] = mapped_column(Integer, default=0)
        next_attempt_at: Mapped[Any] = mapped_column(UTCDateTime, nullable=True)
        last_status: Mapped[int | None] = mapped_column(Integer, nullable=True)
        last_error: Mapped[str | None] = mapped_column(String(300), nullable=True)
        delivered_at: Mapped[Any] = mapped_column(UTCDateTime, nullable=True)

    class IdempotencyRecord(Base):
        __tablename__ = "idempotency_keys"
        __table_args__ = (UniqueConstraint("principal", "key"),)
        id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
        principal: Mapped[str] = mapped_column(String(200))
        key: Mapped[str] = mapped_column(String(255))
        method: Mapped[str] = mapped_column(String(10))
        path: Mapped[str] = mapped_column(String(500))
        fingerprint: Mapped[str] = mapped_column(String(64))
        status: Mapped[int] = mapped_column(Integer)
        response_body: Mapped[str] = mapped_column(Text)
        response_headers: Mapped[dict] = mapped_column(JSON)
        replays: Mapped[int] = mapped_column(Integer, default=0)
        created_at: Mapped[Any] = mapped_column(UTCDateTime)

    class AccessToken(Base):
        __tablename__ = "access_tokens"
        token: Mapped[str] = mapped_column(String(100), primary_key=True)
        client_id: Mapped[str] = mapped_column(String(100))
        kind: Mapped[str] = mapped_column(String(20), default="access")  # access|refresh|session|code
        issued_at: Mapped[Any] = mapped_column(UTCDateTime)
        expires_at: Mapped[Any] = mapped_column(UTCDateTime)
        revoked: Mapped[bool] = mapped_column(Boolean, default=False)
        data: Mapped[dict | None] = mapped_column(JSON, nullable=True)

    return KitModels(WebhookSubscription, WebhookDelivery, IdempotencyRecord, AccessToken)
