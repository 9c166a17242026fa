"""TalentForge's tables. Column names are the wire names (req_code, cc_code, email …); the
nested `hm` object of a requisition is stored flat as hm_email / hm_name.

Every instant is stored at whole-second resolution (`SecondsUTCDateTime`): TalentForge stamps
a bulk edit with one second, and `updated_since` compares at that resolution.
"""
from __future__ import annotations

import datetime as dt
from typing import Any

from sqlalchemy import JSON, Date, ForeignKey, Index, Integer, String, Text
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

from vendors.kit.db import UTCDateTime
from vendors.kit.models import add_kit_models


class SecondsUTCDateTime(UTCDateTime):
    """A UTC instant truncated to the whole second when stored."""

    cache_ok = True

    def process_bind_param(self, value, dialect):
        value = super().process_bind_param(value, dialect)
        return None if value is None else value.replace(microsecond=0)


def whole_second(value: dt.datetime) -> dt.datetime:
    return value.replace(microsecond=0)


class Base(DeclarativeBase):
    pass


KIT = add_kit_models(Base)

REQUISITION_STATUSES = ("OPEN", "PAUSED", "FILLED", "CLOSED")
APPLICATION_STATUSES = ("active", "offer", "rejected", "hired", "withdrawn")
STAGES = ("applied", "recruiter_screen", "hm_review", "interview", "offer", "hired")
SOURCES = ("external", "internal", "referral", "agency")


class Requisition(Base):
    __tablename__ = "requisitions"
    __table_args__ = (Index("ix_req_keyset", "updated_at", "id"),)
    id: Mapped[str] = mapped_column(String(40), primary_key=True)
    req_code: Mapped[str] = mapped_column(String(40), index=True)
    title: Mapped[str] = mapped_column(String(200))
    site: Mapped[str | None] = mapped_column(String(120), nullable=True)
    department: Mapped[str | None] = mapped_column(String(120), nullable=True)
    status: Mapped[str] = mapped_column(String(20), default="OPEN")
    headcount: Mapped[int] = mapped_column(Integer, default=1)
    hm_email: Mapped[str | None] = mapped_column(String(254), nullable=True)
    hm_name: Mapped[str | None] = mapped_column(String(200), nullable=True)
    cc_code: Mapped[str | None] = mapped_column(String(40), nullable=True)
    created_at: Mapped[Any] = mapped_column(SecondsUTCDateTime)
    updated_at: Mapped[Any] = mapped_column(SecondsUTCDateTime)


class Candidate(Base):
    __tablename__ = "candidates"
    __table_args__ = (Index("ix_cand_keyset", "updated_at", "id"),)
    id: Mapped[str] = mapped_column(String(40), primary_key=True)
    first_name: Mapped[str] = mapped_column(String(100))
    last_name: Mapped[str] = mapped_column(String(100))
    email: Mapped[str | None] = mapped_column(String(254), nullable=True, index=True)
    phone: Mapped[str | None] = mapped_column(String(40), nullable=True)
    external_id: Mapped[str | None] = mapped_column(String(100), nullable=True, index=True)
    source: Mapped[str] = mapped_column(String(20), default="external")
    tags: Mapped[list] = mapped_column(JSON, default=list)
    hired_on: Mapped[dt.date | None] = mapped_column(Date, nullable=True)
    created_at: Mapped[Any] = mapped_column(SecondsUTCDateTime)
    updated_at: Mapped[Any] = mapped_column(SecondsUTCDateTime)


class Application(Base):
    __tablename__ = "applications"
    __table_args__ = (Index("ix_app_keyset", "updated_at", "id"),)
    id: Mapped[str] = mapped_column(String(40), primary_key=True)
    requisition_id: Mapped[str] = mapped_column(String(40), ForeignKey("requisitions.id"), index=True)
    candidate_id: Mapped[str] = mapped_column(String(40), ForeignKey("candidates.id"), index=True)
    candidate_email: Mapped[str | None] = mapped_column(String(254), nullable=True)
    stage: Mapped[str] = mapped_column(String(40), default="applied")
    status: Mapped[str] = mapped_column(String(20), default="active")
    created_at: Mapped[Any] = mapped_column(SecondsUTCDateTime)
    updated_at: Mapped[Any] = mapped_column(SecondsUTCDateTime)


class CandidateNote(Base):
    __tablename__ = "candidate_notes"
    __table_args__ = (Index("ix_note_page", "candidate_id", "created_at", "id"),)
    id: Mapped[str] = mapped_column(String(40), primary_key=True)
    candidate_id: Mapped[str] = mapped_column(String(40), ForeignKey("candidates.id"))
    body: Mapped[str] = mapped_column(Text)
    author_name: Mapped[str | None] = mapped_column(String(200), nullable=True)
    author_email: Mapped[str | None] = mapped_column(String(254), nullable=True)
    created_at: Mapped[Any] = mapped_column(SecondsUTCDateTime)


TABLES = {"requisitions": Requisition, "candidates": Candidate, "applications": Application,
          "candidate_notes": CandidateNote}
ID_PREFIX = {"requisitions": "req", "candidates": "cand", "applications": "app", "candidate_notes": "note",
             "webhook_subscriptions": "wh"}
