"""Scoutly's tables: candidates, jobs (with a unique `ref_number` and screening questions),
applications (one per candidate and job, with screening answers), and webhook subscriptions.

Ids are UUIDs. Every row has `created_at`/`updated_at` instants (UTC); lists default to
creation order with the id as tie-break. A subscription lives in two tables with the same id:
`subscriptions` (the public object: callback URL, status pending|active, handshake history) and
the kit's `webhook_subscriptions` (signing secrets; `active` mirrors status == active, so the
kit's outbox only delivers to subscriptions whose handshake succeeded)."""
from __future__ import annotations

from typing import Any

from sqlalchemy import JSON, Float, Index, String, UniqueConstraint
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

from vendors.kit.db import UTCDateTime
from vendors.kit.models import add_kit_models


class Base(DeclarativeBase):
    pass


KIT = add_kit_models(Base)

JOB_STATUSES = ("CREATED", "SOURCING", "INTERVIEW", "OFFER", "FILLED", "ON_HOLD", "CANCELLED")
APPLICATION_STATUSES = ("NEW", "IN_REVIEW", "INTERVIEW", "OFFERED", "HIRED", "REJECTED", "WITHDRAWN")
QUESTION_TYPES = ("TEXT", "NUMBER", "BOOLEAN", "SINGLE_SELECT")
SUBSCRIPTION_STATUSES = ("pending", "active")


class Candidate(Base):
    __tablename__ = "candidates"
    __table_args__ = (Index("ix_candidates_created", "created_at", "id"),
                      Index("ix_candidates_updated", "updated_at", "id"))
    id: Mapped[str] = mapped_column(String(36), primary_key=True)
    first_name: Mapped[str] = mapped_column(String(100))
    last_name: Mapped[str] = mapped_column(String(100))
    email: Mapped[str] = mapped_column(String(254), index=True)
    phone: Mapped[str | None] = mapped_column(String(40), nullable=True)
    city: Mapped[str | None] = mapped_column(String(100), nullable=True)
    external_id: Mapped[str | None] = mapped_column(String(100), unique=True, nullable=True)
    created_at: Mapped[Any] = mapped_column(UTCDateTime)
    updated_at: Mapped[Any] = mapped_column(UTCDateTime)


class Job(Base):
    __tablename__ = "jobs"
    __table_args__ = (Index("ix_jobs_created", "created_at", "id"),)
    id: Mapped[str] = mapped_column(String(36), primary_key=True)
    ref_number: Mapped[str] = mapped_column(String(100), unique=True)
    title: Mapped[str] = mapped_column(String(200))
    department: Mapped[str | None] = mapped_column(String(100), nullable=True)
    location_name: Mapped[str | None] = mapped_column(String(200), nullable=True)
    location_city: Mapped[str | None] = mapped_column(String(100), nullable=True)
    status: Mapped[str] = mapped_column(String(20), default="SOURCING")
    screening_questions: Mapped[list] = mapped_column(JSON, default=list)  # [{id, text, type, options?}]
    created_at: Mapped[Any] = mapped_column(UTCDateTime)
    updated_at: Mapped[Any] = mapped_column(UTCDateTime)


class Application(Base):
    __tablename__ = "applications"
    __table_args__ = (UniqueConstraint("candidate_id", "job_id"),
                      Index("ix_applications_created", "created_at", "id"),
                      Index("ix_applications_updated", "updated_at", "id"))
    id: Mapped[str] = mapped_column(String(36), primary_key=True)
    candidate_id: Mapped[str] = mapped_column(String(36), index=True)
    job_id: Mapped[str] = mapped_column(String(36), index=True)
    status: Mapped[str] = mapped_column(String(20), default="NEW")
    status_changed_at: Mapped[Any] = mapped_column(UTCDateTime, nullable=True)
    screening_answers: Mapped[list] = mapped_column(JSON, default=list)  # [{questionId, answer}]
    created_at: Mapped[Any] = mapped_column(UTCDateTime)
    updated_at: Mapped[Any] = mapped_column(UTCDateTime)


class Subscription(Base):
    __tablename__ = "subscriptions"
    id: Mapped[str] = mapped_column(String(36), primary_key=True)
    callback_url: Mapped[str] = mapped_column(String(500))
    events: Mapped[list] = mapped_column(JSON, default=lambda: ["*"])
    status: Mapped[str] = mapped_column(String(20), default="pending")
    handshake_attempts: Mapped[int] = mapped_column(default=0)
    last_handshake_at: Mapped[Any] = mapped_column(UTCDateTime, nullable=True)
    last_handshake_ms: Mapped[float | None] = mapped_column(Float, nullable=True)
    last_handshake_error: Mapped[str | None] = mapped_column(String(300), nullable=True)
    activated_at: Mapped[Any] = mapped_column(UTCDateTime, nullable=True)
    created_at: Mapped[Any] = mapped_column(UTCDateTime)
    updated_at: Mapped[Any] = mapped_column(UTCDateTime)


TABLES: dict[str, type] = {"candidates": Candidate, "jobs": Job, "applications": Application,
                           "subscriptions": Subscription}
