"""Crewtide's tables: users, jobs and their own stages, candidates (with tags and an
external id), custom fields and their values, job applications, onboardings and their tasks,
plus the kit's tables.

Ids are integers per table, so ids overlap across types (candidate 12 and job 12 both exist):
a JSON:API client keys resources by (type, id). A job application with `job_id` null is a
general (open) application. Stages belong to one job; stage names repeat across jobs, ids do not.
"""
from __future__ import annotations

from typing import Any

from sqlalchemy import JSON, Date, Integer, String
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

from vendors.kit.db import UTCDateTime
from vendors.kit.models import add_kit_models


class Base(DeclarativeBase):
    pass


KIT = add_kit_models(Base)

JOB_STATUSES = ("open", "unlisted", "archived", "draft")
# `withdrawn` (the candidate pulled out; set in Crewtide's app) is on the wire but not in the docs or
# openapi.yaml (vendor.yaml trap application-status-withdrawn).
APPLICATION_STATUSES = ("active", "rejected", "hired", "withdrawn")
ONBOARDING_STATUSES = ("active", "completed", "cancelled")


class User(Base):
    __tablename__ = "users"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(200))
    email: Mapped[str] = mapped_column(String(254))
    role: Mapped[str] = mapped_column(String(30), default="recruiter")
    created_at: Mapped[Any] = mapped_column(UTCDateTime)
    updated_at: Mapped[Any] = mapped_column(UTCDateTime)


class Job(Base):
    __tablename__ = "jobs"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    title: Mapped[str] = mapped_column(String(200))
    status: Mapped[str] = mapped_column(String(20), default="open")
    department: Mapped[str | None] = mapped_column(String(100), nullable=True)
    location: Mapped[str | None] = mapped_column(String(100), nullable=True)
    external_id: Mapped[str | None] = mapped_column(String(100), nullable=True)
    created_at: Mapped[Any] = mapped_column(UTCDateTime)
    updated_at: Mapped[Any] = mapped_column(UTCDateTime, index=True)


class Stage(Base):
    __tablename__ = "stages"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    job_id: Mapped[int] = mapped_column(Integer, index=True)
    name: Mapped[str] = mapped_column(String(100))
    stage_type: Mapped[str] = mapped_column(String(20), default="in_process")  # inbox|in_process|hired
    row_order: Mapped[int] = mapped_column(Integer)
    created_at: Mapped[Any] = mapped_column(UTCDateTime)
    updated_at: Mapped[Any] = mapped_column(UTCDateTime)


class Candidate(Base):
    __tablename__ = "candidates"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    first_name: Mapped[str] = mapped_column(String(100))
    last_name: Mapped[str] = mapped_column(String(100))
    email: Mapped[str | None] = mapped_column(String(254), nullable=True, index=True)
    phone: Mapped[str | None] = mapped_column(String(50), nullable=True)
    external_id: Mapped[str | None] = mapped_column(String(100), nullable=True, index=True)
    tags: Mapped[list] = mapped_column(JSON, default=list)
    sourced: Mapped[bool] = mapped_column(default=False)
    created_at: Mapped[Any] = mapped_column(UTCDateTime)
    updated_at: Mapped[Any] = mapped_column(UTCDateTime, index=True)


class CustomField(Base):
    __tablename__ = "custom_fields"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    api_name: Mapped[str] = mapped_column(String(64))
    name: Mapped[str] = mapped_column(String(200))
    field_type: Mapped[str] = mapped_column(String(20), default="text")


class CustomFieldValue(Base):
    __tablename__ = "custom_field_values"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    custom_field_id: Mapped[int] = mapped_column(Integer)
    candidate_id: Mapped[int] = mapped_column(Integer, index=True)
    value: Mapped[str | None] = mapped_column(String(500), nullable=True)
    created_at: Mapped[Any] = mapped_column(UTCDateTime)
    updated_at: Mapped[Any] = mapped_column(UTCDateTime)


class JobApplication(Base):
    __tablename__ = "job_applications"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    candidate_id: Mapped[int] = mapped_column(Integer, index=True)
    job_id: Mapped[int | None] = mapped_column(Integer, nullable=True, index=True)
    stage_id: Mapped[int | None] = mapped_column(Integer, nullable=True)
    status: Mapped[str] = mapped_column(String(20), default="active")
    sourced: Mapped[bool] = mapped_column(default=False)
    note: Mapped[str | None] = mapped_column(String(4000), nullable=True)
    rejection_reason: Mapped[str | None] = mapped_column(String(200), nullable=True)
    hired_at: Mapped[Any] = mapped_column(UTCDateTime, nullable=True)
    rejected_at: Mapped[Any] = mapped_column(UTCDateTime, nullable=True)
    created_at: Mapped[Any] = mapped_column(UTCDateTime)
    updated_at: Mapped[Any] = mapped_column(UTCDateTime, index=True)


class Onboarding(Base):
    __tablename__ = "onboardings"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    candidate_id: Mapped[int] = mapped_column(Integer, index=True)
    job_id: Mapped[int | None] = mapped_column(Integer, nullable=True)
    status: Mapped[str] = mapped_column(String(20), default="active")
    start_date: Mapped[Any] = mapped_column(Date, nullable=True)
    created_at: Mapped[Any] = mapped_column(UTCDateTime)
    updated_at: Mapped[Any] = mapped_column(UTCDateTime, index=True)


class OnboardingTask(Base):
    __tablename__ = "onboarding_tasks"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    onboarding_id: Mapped[int] = mapped_column(Integer, index=True)
    code: Mapped[str | None] = mapped_column(String(64), nullable=True)  # null: a task added by hand
    title: Mapped[str] = mapped_column(String(200))
    row_order: Mapped[int] = mapped_column(Integer)
    done_at: Mapped[Any] = mapped_column(UTCDateTime, nullable=True)
    created_at: Mapped[Any] = mapped_column(UTCDateTime)
    updated_at: Mapped[Any] = mapped_column(UTCDateTime)


TABLES: dict[str, type] = {
    "users": User, "jobs": Job, "stages": Stage, "candidates": Candidate,
    "custom_fields": CustomField, "custom_field_values": CustomFieldValue,
    "job_applications": JobApplication, "onboardings": Onboarding, "onboarding_tasks": OnboardingTask,
}
