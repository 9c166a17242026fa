"""ClearCheck's tables: candidates, packages (a fixed catalog), checks and reports, plus the
kit's tables (webhook endpoints live in `webhook_subscriptions`).

A check carries its planned timeline (`in_progress_at`, `complete_at`) and planned `result`
from the moment it is ordered; its visible `status` is materialised from that plan and the
vendor clock (see lifecycle.py)."""
from __future__ import annotations

from typing import Any

from sqlalchemy import Integer, String
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

from vendors.kit.db import UTCDateTime
from vendors.kit.models import add_kit_models


class Base(DeclarativeBase):
    pass


KIT = add_kit_models(Base)

CHECK_STATUSES = ("pending", "in_progress", "complete", "cancelled")
RESULTS = ("clear", "consider")


class Package(Base):
    __tablename__ = "packages"
    code: Mapped[str] = mapped_column(String(60), primary_key=True)
    name: Mapped[str] = mapped_column(String(200))
    description: Mapped[str] = mapped_column(String(500))
    price_cents: Mapped[int] = mapped_column(Integer)
    queue_h: Mapped[int] = mapped_column(Integer)  # pending → in_progress after this many vendor hours
    turnaround_h: Mapped[int] = mapped_column(Integer)  # created → complete after this many vendor hours
    slow_pct: Mapped[int] = mapped_column(Integer, default=0)  # share of API orders that take slow_h instead
    slow_h: Mapped[int] = mapped_column(Integer, default=0)


class Candidate(Base):
    __tablename__ = "candidates"
    id: Mapped[str] = mapped_column(String(40), primary_key=True)
    external_id: Mapped[str | None] = mapped_column(String(100), nullable=True, index=True)
    first_name: Mapped[str] = mapped_column(String(100))
    last_name: Mapped[str] = mapped_column(String(100))
    email: Mapped[str] = mapped_column(String(254))
    dob: Mapped[str | None] = mapped_column(String(10), nullable=True)
    created_at: Mapped[Any] = mapped_column(UTCDateTime)
    updated_at: Mapped[Any] = mapped_column(UTCDateTime)


class Check(Base):
    __tablename__ = "checks"
    id: Mapped[str] = mapped_column(String(40), primary_key=True)
    candidate_id: Mapped[str] = mapped_column(String(40), index=True)
    package: Mapped[str] = mapped_column(String(60))
    external_id: Mapped[str | None] = mapped_column(String(100), nullable=True, index=True)
    status: Mapped[str] = mapped_column(String(20), default="pending")
    result: Mapped[str | None] = mapped_column(String(20), nullable=True)  # set when complete
    planned_result: Mapped[str] = mapped_column(String(20), default="clear")
    in_progress_at: Mapped[Any] = mapped_column(UTCDateTime)
    complete_at: Mapped[Any] = mapped_column(UTCDateTime)
    completed_at: Mapped[Any] = mapped_column(UTCDateTime, nullable=True)
    cancelled_at: Mapped[Any] = mapped_column(UTCDateTime, nullable=True)
    report_id: Mapped[str | None] = mapped_column(String(40), nullable=True)
    created_at: Mapped[Any] = mapped_column(UTCDateTime)
    updated_at: Mapped[Any] = mapped_column(UTCDateTime, index=True)


class Report(Base):
    __tablename__ = "reports"
    id: Mapped[str] = mapped_column(String(40), primary_key=True)
    check_id: Mapped[str] = mapped_column(String(40), index=True)
    result: Mapped[str] = mapped_column(String(20))
    summary: Mapped[str] = mapped_column(String(500))
    created_at: Mapped[Any] = mapped_column(UTCDateTime)
    expires_at: Mapped[Any] = mapped_column(UTCDateTime)


TABLES = {"packages": Package, "candidates": Candidate, "checks": Check, "reports": Report}
ID_PREFIX = {"candidates": "cand", "checks": "chk", "reports": "rpt", "webhook_subscriptions": "whep"}
REPORT_TTL_H = 72
