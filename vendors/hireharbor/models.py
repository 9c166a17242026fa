"""HireHarbor's tables: users, jobs and their stages, candidates, applications, custom-field
definitions and the activity log, plus the kit's tables (webhooks live in
`webhook_subscriptions`).

Every resource has an integer id. Candidates carry `emails` (a list of strings) and
`custom_fields` (key → string); a merged candidate keeps its row with `merged_into` set to the
surviving candidate. `activity` records every write with the user it was made on behalf of
(`user_id`, null for system changes made by the control plane without an actor)."""
from __future__ import annotations

from typing import Any

from sqlalchemy import JSON, Boolean, Index, Integer, String
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

from vendors.kit.db import UTCDateTime
from vendors.kit.models import add_kit_models


class Base(DeclarativeBase):
    pass


KIT = add_kit_models(Base)

APPLICATION_STATUSES = ("active", "rejected", "hired")
JOB_STATUSES = ("open", "closed", "draft")
USER_ROLES = ("admin", "recruiter", "coordinator", "hiring_manager", "integration")
CUSTOM_FIELD_OBJECTS = ("candidate", "application", "job")


class User(Base):
    __tablename__ = "users"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    first_name: Mapped[str] = mapped_column(String(100))
    last_name: Mapped[str] = mapped_column(String(100))
    email: Mapped[str] = mapped_column(String(254), unique=True)
    role: Mapped[str] = mapped_column(String(30), default="recruiter")
    disabled: Mapped[bool] = mapped_column(Boolean, default=False)
    created_at: Mapped[Any] = mapped_column(UTCDateTime)
    updated_at: Mapped[Any] = mapped_column(UTCDateTime)


class Job(Base):
    __tablename__ = "jobs"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(200))
    status: Mapped[str] = mapped_column(String(20), default="open")
    department: Mapped[str | None] = mapped_column(String(100), nullable=True)
    office: Mapped[str | None] = mapped_column(String(100), nullable=True)
    custom_fields: Mapped[dict] = mapped_column(JSON, default=dict)
    created_at: Mapped[Any] = mapped_column(UTCDateTime)
    updated_at: Mapped[Any] = mapped_column(UTCDateTime, index=True)


class Stage(Base):
    __tablename__ = "stages"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    job_id: Mapped[int] = mapped_column(Integer, index=True)
    name: Mapped[str] = mapped_column(String(100))
    priority: Mapped[int] = mapped_column(Integer)


class Candidate(Base):
    __tablename__ = "candidates"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    first_name: Mapped[str] = mapped_column(String(100))
    last_name: Mapped[str] = mapped_column(String(100))
    company: Mapped[str | None] = mapped_column(String(200), nullable=True)
    title: Mapped[str | None] = mapped_column(String(200), nullable=True)
    emails: Mapped[list] = mapped_column(JSON, default=list)
    phone_numbers: Mapped[list] = mapped_column(JSON, default=list)
    custom_fields: Mapped[dict] = mapped_column(JSON, default=dict)
    merged_into: Mapped[int | None] = mapped_column(Integer, nullable=True)
    created_at: Mapped[Any] = mapped_column(UTCDateTime)
    updated_at: Mapped[Any] = mapped_column(UTCDateTime, index=True)


class Application(Base):
    __tablename__ = "applications"
    __table_args__ = (Index("ix_applications_job", "job_id", "id"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    candidate_id: Mapped[int] = mapped_column(Integer, index=True)
    job_id: Mapped[int] = mapped_column(Integer)
    current_stage_id: Mapped[int | None] = mapped_column(Integer, nullable=True)
    status: Mapped[str] = mapped_column(String(20), default="active")
    source: Mapped[str | None] = mapped_column(String(100), nullable=True)
    rejection_reason: Mapped[str | None] = mapped_column(String(200), nullable=True)
    custom_fields: Mapped[dict] = mapped_column(JSON, default=dict)
    applied_at: Mapped[Any] = mapped_column(UTCDateTime)
    rejected_at: Mapped[Any] = mapped_column(UTCDateTime, nullable=True)
    hired_at: Mapped[Any] = mapped_column(UTCDateTime, nullable=True)
    created_at: Mapped[Any] = mapped_column(UTCDateTime)
    updated_at: Mapped[Any] = mapped_column(UTCDateTime, index=True)


class CustomField(Base):
    __tablename__ = "custom_fields"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    object_type: Mapped[str] = mapped_column(String(20))
    key: Mapped[str] = mapped_column(String(64))
    name: Mapped[str] = mapped_column(String(200))
    field_type: Mapped[str] = mapped_column(String(20), default="short_text")


class Activity(Base):
    __tablename__ = "activity"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    user_id: Mapped[int | None] = mapped_column(Integer, nullable=True)  # the On-Behalf-Of actor
    action: Mapped[str] = mapped_column(String(40))
    candidate_id: Mapped[int | None] = mapped_column(Integer, nullable=True, index=True)
    application_id: Mapped[int | None] = mapped_column(Integer, nullable=True)
    details: Mapped[dict] = mapped_column(JSON, default=dict)
    created_at: Mapped[Any] = mapped_column(UTCDateTime)


TABLES: dict[str, type] = {
    "users": User, "jobs": Job, "stages": Stage, "candidates": Candidate,
    "applications": Application, "custom_fields": CustomField, "activity": Activity,
}
