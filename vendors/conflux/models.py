"""Conflux's tables. Every common-model row belongs to one linked account (`account_id`),
has Conflux's own `id` (regenerated when the account is re-linked) and the source system's
`remote_id` (stable), and is never deleted: `remote_was_deleted` is set instead."""
from __future__ import annotations

from typing import Any

from sqlalchemy import JSON, Boolean, Index, String
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

from vendors.kit.db import UTCDateTime
from vendors.kit.models import add_kit_models


class Base(DeclarativeBase):
    pass


KIT = add_kit_models(Base)


class LinkedAccount(Base):
    __tablename__ = "linked_accounts"
    id: Mapped[str] = mapped_column(String(40), primary_key=True)
    token_credential: Mapped[str] = mapped_column(String(60))  # credential name holding its account token
    integration: Mapped[str] = mapped_column(String(60))  # the source ATS
    end_user_organization_name: Mapped[str] = mapped_column(String(200))
    status: Mapped[str] = mapped_column(String(20), default="COMPLETE")  # COMPLETE | RELINK_NEEDED
    linked_at: Mapped[Any] = mapped_column(UTCDateTime)
    # the customer's choice for lists that do not say include_remote_deleted (true: listed)
    remote_deleted_listed: Mapped[bool] = mapped_column(Boolean, default=True)


class _Common:
    id: Mapped[str] = mapped_column(String(40), primary_key=True)
    account_id: Mapped[str] = mapped_column(String(40), index=True)
    remote_id: Mapped[str] = mapped_column(String(60), index=True)
    remote_was_deleted: Mapped[bool] = mapped_column(Boolean, default=False)
    remote_created_at: Mapped[Any] = mapped_column(UTCDateTime, nullable=True)
    created_at: Mapped[Any] = mapped_column(UTCDateTime)
    modified_at: Mapped[Any] = mapped_column(UTCDateTime)


class Candidate(_Common, Base):
    __tablename__ = "candidates"
    __table_args__ = (Index("ix_cand_page", "account_id", "id"),)
    first_name: Mapped[str] = mapped_column(String(100))
    last_name: Mapped[str] = mapped_column(String(100))
    company: Mapped[str | None] = mapped_column(String(200), nullable=True)
    title: Mapped[str | None] = mapped_column(String(200), nullable=True)
    email_addresses: Mapped[list] = mapped_column(JSON, default=list)  # [{value, type}]
    phone_numbers: Mapped[list] = mapped_column(JSON, default=list)  # [{value, type}]
    tags: Mapped[list] = mapped_column(JSON, default=list)


class Job(_Common, Base):
    __tablename__ = "jobs"
    __table_args__ = (Index("ix_job_page", "account_id", "id"),)
    name: Mapped[str] = mapped_column(String(200))
    code: Mapped[str | None] = mapped_column(String(60), nullable=True)
    status: Mapped[str] = mapped_column(String(20), default="OPEN")  # OPEN CLOSED DRAFT ARCHIVED PENDING
    department: Mapped[str | None] = mapped_column(String(120), nullable=True)
    location: Mapped[str | None] = mapped_column(String(120), nullable=True)


class Application(_Common, Base):
    __tablename__ = "applications"
    __table_args__ = (Index("ix_app_page", "account_id", "id"),)
    candidate_id: Mapped[str] = mapped_column(String(40), index=True)  # Conflux id of the candidate
    job_id: Mapped[str] = mapped_column(String(40), index=True)  # Conflux id of the job
    current_stage: Mapped[str] = mapped_column(String(60))
    status: Mapped[str] = mapped_column(String(20), default="ACTIVE")  # ACTIVE REJECTED HIRED
    applied_at: Mapped[Any] = mapped_column(UTCDateTime)
    source: Mapped[str | None] = mapped_column(String(60), nullable=True)


TABLES = {"linked_accounts": LinkedAccount, "candidates": Candidate, "jobs": Job, "applications": Application}
COMMON = {"candidates": Candidate, "jobs": Job, "applications": Application}
ID_PREFIX = {"candidates": "cand", "jobs": "job", "applications": "appl"}
