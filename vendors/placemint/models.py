"""Placemint's tables: placements, weekly fees, fee splits, fee schedules and approved
timesheets, plus the kit's tables (webhook endpoints live in `webhook_subscriptions`).

Every resource has a random prefixed id (`plc_…`) and an integer `seq` that records creation
order: lists are served in `seq` order. Money is integer cents; hourly fee rates agreed to a
fraction of a cent are decimal strings (`fee_rate`)."""
from __future__ import annotations

import datetime as dt
from typing import Any

from sqlalchemy import Date, Index, Integer, String
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

from vendors.kit.db import UTCDateTime
from vendors.kit.models import add_kit_models


class Base(DeclarativeBase):
    pass


KIT = add_kit_models(Base)

PLACEMENT_STATUSES = ("active", "completed", "canceled")
FEE_STATUSES = ("invoiced", "paid", "void")


class Placement(Base):
    __tablename__ = "placements"
    id: Mapped[str] = mapped_column(String(40), primary_key=True)
    seq: Mapped[int] = mapped_column(Integer, unique=True)
    external_ref: Mapped[str | None] = mapped_column(String(100), unique=True, nullable=True)
    candidate_email: Mapped[str] = mapped_column(String(254))
    candidate_name: Mapped[str] = mapped_column(String(200))
    client_code: Mapped[str] = mapped_column(String(40))
    job_title: Mapped[str | None] = mapped_column(String(200), nullable=True)
    start_date: Mapped[dt.date] = mapped_column(Date)
    end_date: Mapped[dt.date | None] = mapped_column(Date, nullable=True)
    rate_cents: Mapped[int] = mapped_column(Integer)
    currency: Mapped[str] = mapped_column(String(3), default="usd")
    status: Mapped[str] = mapped_column(String(20), default="active")
    version: Mapped[int] = mapped_column(Integer, default=1)
    created_at: Mapped[Any] = mapped_column(UTCDateTime)
    updated_at: Mapped[Any] = mapped_column(UTCDateTime, index=True)


class Fee(Base):
    __tablename__ = "fees"
    __table_args__ = (Index("ix_fees_placement_week", "placement_id", "week"),)
    id: Mapped[str] = mapped_column(String(40), primary_key=True)
    seq: Mapped[int] = mapped_column(Integer, unique=True)
    placement_id: Mapped[str] = mapped_column(String(40))
    week: Mapped[str] = mapped_column(String(8))  # ISO week, 2026-W10
    amount_cents: Mapped[int] = mapped_column(Integer)
    currency: Mapped[str] = mapped_column(String(3), default="usd")
    approved_hours: Mapped[str | None] = mapped_column(String(12), nullable=True)  # decimal string
    status: Mapped[str] = mapped_column(String(20), default="invoiced")
    split_count: Mapped[int] = mapped_column(Integer, default=0)
    split_total_cents: Mapped[int] = mapped_column(Integer, default=0)
    version: Mapped[int] = mapped_column(Integer, default=1)
    paid_at: Mapped[Any] = mapped_column(UTCDateTime, nullable=True)
    voided_at: Mapped[Any] = mapped_column(UTCDateTime, nullable=True)
    created_at: Mapped[Any] = mapped_column(UTCDateTime)
    updated_at: Mapped[Any] = mapped_column(UTCDateTime, index=True)


class FeeSplit(Base):
    __tablename__ = "fee_splits"
    id: Mapped[str] = mapped_column(String(40), primary_key=True)
    seq: Mapped[int] = mapped_column(Integer, unique=True)
    fee_id: Mapped[str] = mapped_column(String(40), index=True)
    partner_id: Mapped[str] = mapped_column(String(64))
    amount_cents: Mapped[int] = mapped_column(Integer)
    share_bp: Mapped[int | None] = mapped_column(Integer, nullable=True)
    created_at: Mapped[Any] = mapped_column(UTCDateTime)


class FeeSchedule(Base):
    __tablename__ = "fee_schedules"
    id: Mapped[str] = mapped_column(String(40), primary_key=True)
    seq: Mapped[int] = mapped_column(Integer, unique=True)
    placement_id: Mapped[str] = mapped_column(String(40), index=True)
    effective_from: Mapped[dt.date] = mapped_column(Date)
    fee_rate: Mapped[str | None] = mapped_column(String(20), nullable=True)  # decimal, major units / hour
    bill_rate_cents: Mapped[int | None] = mapped_column(Integer, nullable=True)
    pay_rate_cents: Mapped[int | None] = mapped_column(Integer, nullable=True)
    currency: Mapped[str] = mapped_column(String(3), default="usd")
    created_at: Mapped[Any] = mapped_column(UTCDateTime)
    updated_at: Mapped[Any] = mapped_column(UTCDateTime)


class Timesheet(Base):
    __tablename__ = "timesheets"
    __table_args__ = (Index("ix_timesheets_week", "week", "seq"),)
    id: Mapped[str] = mapped_column(String(40), primary_key=True)
    seq: Mapped[int] = mapped_column(Integer, unique=True)
    placement_id: Mapped[str] = mapped_column(String(40), index=True)
    week: Mapped[str] = mapped_column(String(8))
    approved_hours: Mapped[str] = mapped_column(String(12))  # decimal string
    fee_rate: Mapped[str | None] = mapped_column(String(20), nullable=True)  # from the fee schedule in effect
    fee_schedule_id: Mapped[str | None] = mapped_column(String(40), nullable=True)
    approved_at: Mapped[Any] = mapped_column(UTCDateTime)
    created_at: Mapped[Any] = mapped_column(UTCDateTime)
    updated_at: Mapped[Any] = mapped_column(UTCDateTime)


TABLES: dict[str, type] = {
    "placements": Placement,
    "fees": Fee,
    "fee_splits": FeeSplit,
    "fee_schedules": FeeSchedule,
    "timesheets": Timesheet,
}

ID_PREFIX = {"placements": "plc", "fees": "fee", "fee_splits": "spl", "fee_schedules": "fsch",
             "timesheets": "tms", "webhook_subscriptions": "we"}
