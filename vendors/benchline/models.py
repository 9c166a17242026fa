"""Benchline's tables. Column names are snake_case; `wire.py` maps them to Benchline's
camelCase field names (firstName, dateLastModified, customText3 …).

Instants (dateAdded, dateLastModified) are UTC instants; date-only fields (dateAvailable,
startDate, dateBegin, dateEnd) are calendar dates of the account's time zone and go on the
wire as epoch milliseconds of local midnight in that zone (`ACCOUNT_TZ`, or the dataset's own
zone in `DATASET_TZ`: tallgrass-qe's account is in Australia/Perth, kestrel-2's in Europe/London).

Event subscriptions are Benchline's own (no webhooks): `events` is the account's event log,
each subscription keeps a cursor into it and the last batch it handed out (`requestId`).
"""
from __future__ import annotations

import datetime as dt
from typing import Any

from sqlalchemy import JSON, Boolean, Date, Float, ForeignKey, Integer, String
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

from vendors.kit.db import UTCDateTime
from vendors.kit.models import add_kit_models


class Base(DeclarativeBase):
    pass


KIT = add_kit_models(Base)

ACCOUNT_TZ = "America/Chicago"
# accounts set up in another zone, by dataset (the docs name Chicago as the usual zone)
DATASET_TZ = {"tallgrass-qe": "Australia/Perth", "kestrel-2": "Europe/London"}


def account_tz(dataset: str | None) -> str:
    """The account's time zone: America/Chicago unless the dataset's account is set up elsewhere."""
    return DATASET_TZ.get(dataset or "", ACCOUNT_TZ)
CANDIDATE_STATUSES = ("Active", "Available", "Placed", "Inactive")
JOB_STATUSES = ("Accepting Candidates", "Covered", "Filled", "Closed")
SUBMISSION_STATUSES = ("Submitted", "Interview Scheduled", "Offer Extended", "Placed", "Client Rejected")
PLACEMENT_STATUSES = ("Submitted", "Approved", "Active", "Completed", "Terminated")
EMPLOYMENT_TYPES = ("Contract", "Temp", "Contract To Hire", "Direct Hire")


class Candidate(Base):
    __tablename__ = "candidates"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    first_name: Mapped[str] = mapped_column(String(100))
    last_name: Mapped[str] = mapped_column(String(100))
    email: Mapped[str | None] = mapped_column(String(254), nullable=True)
    phone: Mapped[str | None] = mapped_column(String(40), nullable=True)
    city: Mapped[str | None] = mapped_column(String(100), nullable=True)
    status: Mapped[str] = mapped_column(String(30), default="Active")
    occupation: Mapped[str | None] = mapped_column(String(120), nullable=True)
    date_available: Mapped[dt.date | None] = mapped_column(Date, nullable=True)
    is_deleted: Mapped[bool] = mapped_column(Boolean, default=False)
    date_added: Mapped[Any] = mapped_column(UTCDateTime)
    date_last_modified: Mapped[Any] = mapped_column(UTCDateTime)


class JobOrder(Base):
    __tablename__ = "job_orders"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    title: Mapped[str] = mapped_column(String(200))
    client_name: Mapped[str | None] = mapped_column(String(200), nullable=True)
    status: Mapped[str] = mapped_column(String(30), default="Accepting Candidates")
    is_open: Mapped[bool] = mapped_column(Boolean, default=True)
    employment_type: Mapped[str] = mapped_column(String(30), default="Contract")
    num_openings: Mapped[int] = mapped_column(Integer, default=1)
    city: Mapped[str | None] = mapped_column(String(100), nullable=True)
    start_date: Mapped[dt.date | None] = mapped_column(Date, nullable=True)
    custom_text3: Mapped[str | None] = mapped_column(String(100), nullable=True)  # site code
    is_deleted: Mapped[bool] = mapped_column(Boolean, default=False)
    date_added: Mapped[Any] = mapped_column(UTCDateTime)
    date_last_modified: Mapped[Any] = mapped_column(UTCDateTime)


class JobSubmission(Base):
    __tablename__ = "job_submissions"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    candidate_id: Mapped[int] = mapped_column(Integer, ForeignKey("candidates.id"), index=True)
    job_order_id: Mapped[int] = mapped_column(Integer, ForeignKey("job_orders.id"), index=True)
    status: Mapped[str] = mapped_column(String(30), default="Submitted")
    source: Mapped[str | None] = mapped_column(String(100), nullable=True)
    is_deleted: Mapped[bool] = mapped_column(Boolean, default=False)
    date_added: Mapped[Any] = mapped_column(UTCDateTime)
    date_last_modified: Mapped[Any] = mapped_column(UTCDateTime)


class Placement(Base):
    __tablename__ = "placements"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    candidate_id: Mapped[int] = mapped_column(Integer, ForeignKey("candidates.id"), index=True)
    job_order_id: Mapped[int] = mapped_column(Integer, ForeignKey("job_orders.id"), index=True)
    status: Mapped[str] = mapped_column(String(30), default="Submitted")
    employment_type: Mapped[str] = mapped_column(String(30), default="Contract")
    date_begin: Mapped[dt.date | None] = mapped_column(Date, nullable=True)
    date_end: Mapped[dt.date | None] = mapped_column(Date, nullable=True)
    pay_rate: Mapped[float | None] = mapped_column(Float, nullable=True)
    client_bill_rate: Mapped[float | None] = mapped_column(Float, nullable=True)
    salary_unit: Mapped[str] = mapped_column(String(20), default="Per Hour")
    custom_text1: Mapped[str | None] = mapped_column(String(100), nullable=True)  # role on site
    date_added: Mapped[Any] = mapped_column(UTCDateTime)
    date_last_modified: Mapped[Any] = mapped_column(UTCDateTime)


class Event(Base):
    """The account's entity event log (what subscriptions read)."""
    __tablename__ = "events"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    event_id: Mapped[str] = mapped_column(String(60))
    entity_name: Mapped[str] = mapped_column(String(40))
    entity_id: Mapped[int] = mapped_column(Integer)
    entity_event_type: Mapped[str] = mapped_column(String(20))  # INSERTED | UPDATED | DELETED
    updated_properties: Mapped[list] = mapped_column(JSON, default=list)
    created_at: Mapped[Any] = mapped_column(UTCDateTime)


class EventSubscription(Base):
    __tablename__ = "event_subscriptions"
    id: Mapped[str] = mapped_column(String(100), primary_key=True)
    entity_names: Mapped[list] = mapped_column(JSON)
    event_types: Mapped[list] = mapped_column(JSON)
    cursor: Mapped[int] = mapped_column(Integer, default=0)  # last events.id handed out
    last_request_id: Mapped[int] = mapped_column(Integer, default=0)
    last_batch: Mapped[list] = mapped_column(JSON, default=list)  # events.id of the last batch
    last_polled_at: Mapped[Any] = mapped_column(UTCDateTime)
    created_at: Mapped[Any] = mapped_column(UTCDateTime)


TABLES = {"candidates": Candidate, "job_orders": JobOrder, "job_submissions": JobSubmission,
          "placements": Placement, "event_subscriptions": EventSubscription}
ENTITY_TABLE = {"Candidate": "candidates", "JobOrder": "job_orders", "JobSubmission": "job_submissions",
                "Placement": "placements"}
TABLE_ENTITY = {v: k for k, v in ENTITY_TABLE.items()}
