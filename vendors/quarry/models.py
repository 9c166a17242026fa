"""Quarry's tables: jobs, candidates, applications (a candidate on a job) and interview
schedules (on an application), plus the kit's tables.

Every record has a UUID `id` and an integer `seq` recording the order Quarry stored it: lists
are served in `seq` order (keyset pagination), and a record created later gets a higher `seq`.
`created_at` is not in `seq` order: seeded records stand for records migrated into Quarry with
their earlier creation dates (the docs say so, "List order"). `updated_at` drives sync tokens."""
from __future__ import annotations

from typing import Any

from sqlalchemy import JSON, Boolean, Index, Integer, String
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

from vendors.kit.db import UTCDateTime
from vendors.kit.models import add_kit_models


class Base(DeclarativeBase):
    pass


KIT = add_kit_models(Base)

JOB_STATUSES = ("Open", "Closed", "Draft", "Archived")
APPLICATION_STATUSES = ("Active", "Hired", "Archived", "Lead")
ARCHIVE_REASONS = ("Rejected - Skills", "Rejected - Experience", "Withdrew", "No Show",
                   "Position Filled", "Duplicate", "Other")
STAGES = ("Application Review", "Phone Screen", "Technical Interview", "Onsite", "Offer", "Hired")
SCHEDULE_STATUSES = ("Scheduled", "Complete", "Cancelled")


class Job(Base):
    __tablename__ = "jobs"
    id: Mapped[str] = mapped_column(String(36), primary_key=True)
    seq: Mapped[int] = mapped_column(Integer, unique=True)
    title: Mapped[str] = mapped_column(String(200))
    status: Mapped[str] = mapped_column(String(20), default="Open")
    department: Mapped[str] = mapped_column(String(100))
    location: Mapped[str] = mapped_column(String(100))
    req_code: Mapped[str | None] = mapped_column(String(40), nullable=True)
    confidential: Mapped[bool] = mapped_column(Boolean, default=False)
    # The API key's admin has no access to the job (a permission, not the job's flag): its
    # applications are refused and hidden exactly like a confidential job's, but job.list shows
    # the job with `confidential: false` (trap `restricted-jobs`).
    restricted: Mapped[bool] = mapped_column(Boolean, default=False)
    created_at: Mapped[Any] = mapped_column(UTCDateTime)
    updated_at: Mapped[Any] = mapped_column(UTCDateTime, index=True)


class Candidate(Base):
    __tablename__ = "candidates"
    id: Mapped[str] = mapped_column(String(36), primary_key=True)
    seq: Mapped[int] = mapped_column(Integer, unique=True)
    name: Mapped[str] = mapped_column(String(200))
    email: Mapped[str | None] = mapped_column(String(254), nullable=True, index=True)
    phone: Mapped[str | None] = mapped_column(String(40), nullable=True)
    location: Mapped[str | None] = mapped_column(String(100), nullable=True)
    source: Mapped[str | None] = mapped_column(String(60), nullable=True)
    custom_fields: Mapped[dict] = mapped_column(JSON, default=dict)
    created_at: Mapped[Any] = mapped_column(UTCDateTime)
    updated_at: Mapped[Any] = mapped_column(UTCDateTime, index=True)


class Application(Base):
    __tablename__ = "applications"
    __table_args__ = (Index("ix_applications_candidate", "candidate_id"), Index("ix_applications_job", "job_id"))
    id: Mapped[str] = mapped_column(String(36), primary_key=True)
    seq: Mapped[int] = mapped_column(Integer, unique=True)
    candidate_id: Mapped[str] = mapped_column(String(36))
    job_id: Mapped[str] = mapped_column(String(36))
    status: Mapped[str] = mapped_column(String(20), default="Active")
    current_stage: Mapped[str] = mapped_column(String(60), default="Application Review")
    archive_reason: Mapped[str | None] = mapped_column(String(60), nullable=True)
    source: Mapped[str | None] = mapped_column(String(60), nullable=True)
    created_at: Mapped[Any] = mapped_column(UTCDateTime)
    updated_at: Mapped[Any] = mapped_column(UTCDateTime, index=True)


class InterviewSchedule(Base):
    __tablename__ = "interview_schedules"
    __table_args__ = (Index("ix_schedules_application", "application_id"),)
    id: Mapped[str] = mapped_column(String(36), primary_key=True)
    seq: Mapped[int] = mapped_column(Integer, unique=True)
    application_id: Mapped[str] = mapped_column(String(36))
    status: Mapped[str] = mapped_column(String(20), default="Scheduled")
    title: Mapped[str] = mapped_column(String(120))
    start_time: Mapped[Any] = mapped_column(UTCDateTime)
    end_time: Mapped[Any] = mapped_column(UTCDateTime)
    interviewers: Mapped[list] = mapped_column(JSON, default=list)
    location: Mapped[str | None] = mapped_column(String(120), nullable=True)
    created_at: Mapped[Any] = mapped_column(UTCDateTime)
    updated_at: Mapped[Any] = mapped_column(UTCDateTime, index=True)


class Feedback(Base):
    """Interview feedback submitted on an application."""
    __tablename__ = "feedback"
    __table_args__ = (Index("ix_feedback_application", "application_id"),)
    id: Mapped[str] = mapped_column(String(36), primary_key=True)
    seq: Mapped[int] = mapped_column(Integer, unique=True)
    application_id: Mapped[str] = mapped_column(String(36))
    author: Mapped[str] = mapped_column(String(120))
    rating: Mapped[int] = mapped_column(Integer)  # 1 (strong no) .. 4 (strong yes)
    text: Mapped[str] = mapped_column(String(2000))
    submitted_at: Mapped[Any] = mapped_column(UTCDateTime)
    created_at: Mapped[Any] = mapped_column(UTCDateTime)
    updated_at: Mapped[Any] = mapped_column(UTCDateTime, index=True)


TABLES = {"jobs": Job, "candidates": Candidate, "applications": Application,
          "interview_schedules": InterviewSchedule, "feedback": Feedback}
