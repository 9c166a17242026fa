"""Jobsmith's tables: jobs, applicants, applicants2jobs (an applicant's application to a job,
with its workflow status), notes and hires, plus the kit's tables.

Instants are stored in UTC (`UTCDateTime`); the API shows them as local `YYYY-MM-DD` dates in
the account time zone (setting `timezone`, default America/New_York). `hidden` applicants are
stored and paged like any other row but removed from list pages after the page is cut."""
from __future__ import annotations

from typing import Any

from sqlalchemy import Boolean, Integer, String, Text
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

from vendors.kit.db import UTCDateTime
from vendors.kit.models import add_kit_models


class Base(DeclarativeBase):
    pass


KIT = add_kit_models(Base)

STATUSES = ("New", "Screening", "Interview", "Offer", "Cleared", "Hired", "Rejected", "Withdrawn")
JOB_STATUSES = ("Open", "On Hold", "Filled", "Closed")


class Job(Base):
    __tablename__ = "jobs"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    title: Mapped[str] = mapped_column(String(200))
    internal_code: Mapped[str | None] = mapped_column(String(50), nullable=True)
    city: Mapped[str] = mapped_column(String(100))
    state: Mapped[str] = mapped_column(String(50))
    department: Mapped[str | None] = mapped_column(String(100), nullable=True)
    status: Mapped[str] = mapped_column(String(20), default="Open")
    created_at: Mapped[Any] = mapped_column(UTCDateTime)
    updated_at: Mapped[Any] = mapped_column(UTCDateTime)


class Applicant(Base):
    __tablename__ = "applicants"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    first_name: Mapped[str] = mapped_column(String(100))
    last_name: Mapped[str] = mapped_column(String(100))
    email: Mapped[str] = mapped_column(String(254))
    phone: Mapped[str | None] = mapped_column(String(40), nullable=True)
    hidden: Mapped[bool] = mapped_column(Boolean, default=False)
    applied_at: Mapped[Any] = mapped_column(UTCDateTime)
    created_at: Mapped[Any] = mapped_column(UTCDateTime)
    updated_at: Mapped[Any] = mapped_column(UTCDateTime)


class ApplicantJob(Base):
    __tablename__ = "applicants2jobs"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    applicant_id: Mapped[int] = mapped_column(Integer, index=True)
    job_id: Mapped[int] = mapped_column(Integer, index=True)
    status: Mapped[str] = mapped_column(String(20), default="New")
    applied_at: Mapped[Any] = mapped_column(UTCDateTime)
    created_at: Mapped[Any] = mapped_column(UTCDateTime)
    updated_at: Mapped[Any] = mapped_column(UTCDateTime)


class Note(Base):
    __tablename__ = "notes"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    applicant_id: Mapped[int] = mapped_column(Integer, index=True)
    contents: Mapped[str] = mapped_column(Text)
    author: Mapped[str] = mapped_column(String(100), default="API")
    created_at: Mapped[Any] = mapped_column(UTCDateTime)
    updated_at: Mapped[Any] = mapped_column(UTCDateTime)


class Hire(Base):
    __tablename__ = "hires"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    applicant_id: Mapped[int] = mapped_column(Integer, index=True)
    job_id: Mapped[int] = mapped_column(Integer)
    location: Mapped[str] = mapped_column(String(100), index=True)
    hired_at: Mapped[Any] = mapped_column(UTCDateTime)
    created_at: Mapped[Any] = mapped_column(UTCDateTime)
    updated_at: Mapped[Any] = mapped_column(UTCDateTime)


TABLES: dict[str, type] = {"jobs": Job, "applicants": Applicant, "applicants2jobs": ApplicantJob,
                           "notes": Note, "hires": Hire}
