"""Workwell's tables. Ids are integers in the database and unpadded lower-case hex on the wire
("1a2f"); jobs are also keyed by a 10-character shortcode. A candidate belongs to one job (a
person applying to two jobs is two candidates, as in Workable)."""
from __future__ import annotations

from datetime import date, datetime
from typing import Any

from sqlalchemy import JSON, Boolean, Date, ForeignKey, Integer, String
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

from vendors.kit.db import UTCDateTime
from vendors.kit.models import add_kit_models


class Base(DeclarativeBase):
    pass


KIT = add_kit_models(Base)


class Stage(Base):
    __tablename__ = "stages"
    slug: Mapped[str] = mapped_column(String(40), primary_key=True)
    name: Mapped[str] = mapped_column(String(80))
    kind: Mapped[str] = mapped_column(String(20))  # sourced|applied|shortlisted|assessment|interview|offer|hired
    position: Mapped[int] = mapped_column(Integer)


class Job(Base):
    __tablename__ = "jobs"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    shortcode: Mapped[str] = mapped_column(String(12), unique=True, index=True)
    title: Mapped[str] = mapped_column(String(200))
    code: Mapped[str | None] = mapped_column(String(40), nullable=True)
    state: Mapped[str] = mapped_column(String(20), default="published")  # draft|published|closed|archived
    department: Mapped[str | None] = mapped_column(String(100), nullable=True)
    city: Mapped[str | None] = mapped_column(String(80), nullable=True)
    country_code: Mapped[str] = mapped_column(String(2), default="US")
    custom_fields: Mapped[list] = mapped_column(JSON, default=list)  # [{key, label, value}]
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime)
    closed_at: Mapped[Any] = mapped_column(UTCDateTime, nullable=True)


class Candidate(Base):
    __tablename__ = "candidates"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    job_id: Mapped[int] = mapped_column(ForeignKey("jobs.id"), index=True)
    firstname: Mapped[str] = mapped_column(String(100))
    lastname: Mapped[str] = mapped_column(String(100))
    email: Mapped[str | None] = mapped_column(String(200), nullable=True, index=True)
    phone: Mapped[str | None] = mapped_column(String(40), nullable=True)
    headline: Mapped[str | None] = mapped_column(String(200), nullable=True)
    stage: Mapped[str] = mapped_column(ForeignKey("stages.slug"), default="applied")
    sourced: Mapped[bool] = mapped_column(Boolean, default=False)
    disqualified: Mapped[bool] = mapped_column(Boolean, default=False)
    disqualification_reason: Mapped[str | None] = mapped_column(String(200), nullable=True)
    disqualified_at: Mapped[Any] = mapped_column(UTCDateTime, nullable=True)
    answers: Mapped[list] = mapped_column(JSON, default=list)  # screening answers [{question_key, question, answer}]
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime)


class Offer(Base):
    __tablename__ = "offers"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    candidate_id: Mapped[int] = mapped_column(ForeignKey("candidates.id"), unique=True, index=True)
    status: Mapped[str] = mapped_column(String(20), default="accepted")  # draft|sent|accepted|declined
    start_date: Mapped[date | None] = mapped_column(Date, nullable=True)
    salary: Mapped[int | None] = mapped_column(Integer, nullable=True)  # yearly, whole currency units
    currency: Mapped[str] = mapped_column(String(3), default="USD")
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime)


TABLES = {"stages": Stage, "jobs": Job, "candidates": Candidate, "offers": Offer}
