"""StaffLine's tables: candidates, jobs, applications, placements, and the tombstones behind
the `/v1/deleted` feed.

Instants are stored as UTC (`UTCDateTime`) and rendered as epoch milliseconds by the API;
placement start/end dates are calendar dates, rendered as epoch milliseconds at UTC midnight.
Money (`bill_rate`, `pay_rate`) is kept as the decimal string the agency keyed in, never a float.
"""
from __future__ import annotations

import datetime as dt

from sqlalchemy import Date, ForeignKey, Integer, String
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

from vendors.kit.db import UTCDateTime
from vendors.kit.models import add_kit_models


class Base(DeclarativeBase):
    pass


KIT = add_kit_models(Base)


class Candidate(Base):
    __tablename__ = "candidates"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    first_name: Mapped[str] = mapped_column(String(80))
    last_name: Mapped[str] = mapped_column(String(80))
    email: Mapped[str] = mapped_column(String(200))
    phone: Mapped[str | None] = mapped_column(String(40), nullable=True)
    city: Mapped[str | None] = mapped_column(String(80), nullable=True)
    status: Mapped[str] = mapped_column(String(20), default="active")  # active | placed | inactive
    created_at: Mapped[dt.datetime] = mapped_column(UTCDateTime)
    updated_at: Mapped[dt.datetime] = mapped_column(UTCDateTime, index=True)


class Job(Base):
    __tablename__ = "jobs"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    title: Mapped[str] = mapped_column(String(120))
    client_code: Mapped[str] = mapped_column(String(20))
    client_name: Mapped[str] = mapped_column(String(120))
    city: Mapped[str | None] = mapped_column(String(80), nullable=True)
    status: Mapped[str] = mapped_column(String(20), default="open")  # open | filled | closed
    created_at: Mapped[dt.datetime] = mapped_column(UTCDateTime)
    updated_at: Mapped[dt.datetime] = mapped_column(UTCDateTime, index=True)


class Application(Base):
    __tablename__ = "applications"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    candidate_id: Mapped[int] = mapped_column(ForeignKey("candidates.id"), index=True)
    job_id: Mapped[int] = mapped_column(ForeignKey("jobs.id"), index=True)
    # new | screening | interview | offer | hired | rejected | withdrawn
    status: Mapped[str] = mapped_column(String(20), default="new")
    applied_at: Mapped[dt.datetime] = mapped_column(UTCDateTime)
    updated_at: Mapped[dt.datetime] = mapped_column(UTCDateTime, index=True)


class Placement(Base):
    __tablename__ = "placements"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    candidate_id: Mapped[int] = mapped_column(ForeignKey("candidates.id"), index=True)
    job_id: Mapped[int] = mapped_column(ForeignKey("jobs.id"), index=True)
    external_ref: Mapped[str] = mapped_column(String(40), unique=True)
    client_code: Mapped[str | None] = mapped_column(String(20), nullable=True)  # null on legacy rows
    status: Mapped[str] = mapped_column(String(20), default="Active")  # Active | Ended | Cancelled | Closed
    start_date: Mapped[dt.date] = mapped_column(Date)
    end_date: Mapped[dt.date | None] = mapped_column(Date, nullable=True)
    bill_rate: Mapped[str] = mapped_column(String(20))  # decimal string per hour, up to 3 decimals
    pay_rate: Mapped[str] = mapped_column(String(20))
    created_at: Mapped[dt.datetime] = mapped_column(UTCDateTime)
    updated_at: Mapped[dt.datetime] = mapped_column(UTCDateTime, index=True)


class Tombstone(Base):
    """One deleted record, served by `/v1/deleted` in `seq` order."""

    __tablename__ = "tombstones"
    seq: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    type: Mapped[str] = mapped_column(String(20))  # candidate | application | placement | job
    record_id: Mapped[int] = mapped_column(Integer)
    deleted_at: Mapped[dt.datetime] = mapped_column(UTCDateTime, index=True)


TABLES = {"candidates": Candidate, "jobs": Job, "applications": Application, "placements": Placement}
TYPE_OF_TABLE = {"candidates": "candidate", "jobs": "job", "applications": "application",
                 "placements": "placement"}
