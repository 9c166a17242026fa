"""Pipelane's tables: users (who writes), postings (jobs), contacts (people), opportunities
(a contact's candidacy for a posting, with stage history, tags and archive state), notes and
the activity log (who changed what), plus the kit's tables.

Ids are UUID strings; instants are stored as UTC and served as epoch milliseconds."""
from __future__ import annotations

from typing import Any

from sqlalchemy import JSON, Index, String, Text
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

from vendors.kit.db import UTCDateTime
from vendors.kit.models import add_kit_models


class Base(DeclarativeBase):
    pass


KIT = add_kit_models(Base)

STAGES = ("new-lead", "phone-screen", "interview", "offer", "hired")
ORIGINS = ("applied", "sourced", "referred", "agency", "internal")
ARCHIVE_REASONS = ("hired", "withdrew", "not-a-fit", "position-filled", "unresponsive", "stale", "other")


class User(Base):
    __tablename__ = "users"
    id: Mapped[str] = mapped_column(String(36), primary_key=True)
    name: Mapped[str] = mapped_column(String(200))
    email: Mapped[str] = mapped_column(String(254))
    role: Mapped[str] = mapped_column(String(40), default="team-member")
    deactivated_at: Mapped[Any] = mapped_column(UTCDateTime, nullable=True)
    created_at: Mapped[Any] = mapped_column(UTCDateTime)


class Posting(Base):
    __tablename__ = "postings"
    id: Mapped[str] = mapped_column(String(36), primary_key=True)
    text: Mapped[str] = mapped_column(String(200))
    team: Mapped[str | None] = mapped_column(String(100), nullable=True)
    location: Mapped[str | None] = mapped_column(String(100), nullable=True)
    state: Mapped[str] = mapped_column(String(20), default="published")
    created_at: Mapped[Any] = mapped_column(UTCDateTime)
    updated_at: Mapped[Any] = mapped_column(UTCDateTime)


class Contact(Base):
    __tablename__ = "contacts"
    __table_args__ = (Index("ix_contacts_order", "created_at", "id"),)
    id: Mapped[str] = mapped_column(String(36), primary_key=True)
    name: Mapped[str] = mapped_column(String(200))
    email: Mapped[str | None] = mapped_column(String(254), nullable=True, index=True)
    phone: Mapped[str | None] = mapped_column(String(40), nullable=True)
    location: Mapped[str | None] = mapped_column(String(100), nullable=True)
    headline: Mapped[str | None] = mapped_column(String(200), nullable=True)
    created_at: Mapped[Any] = mapped_column(UTCDateTime)
    updated_at: Mapped[Any] = mapped_column(UTCDateTime)


class Opportunity(Base):
    __tablename__ = "opportunities"
    __table_args__ = (Index("ix_opps_order", "created_at", "id"),)
    id: Mapped[str] = mapped_column(String(36), primary_key=True)
    contact_id: Mapped[str] = mapped_column(String(36), index=True)
    posting_id: Mapped[str | None] = mapped_column(String(36), nullable=True)
    owner_id: Mapped[str | None] = mapped_column(String(36), nullable=True)
    stage: Mapped[str] = mapped_column(String(40), default="new-lead")
    origin: Mapped[str] = mapped_column(String(20), default="applied")
    tags: Mapped[list] = mapped_column(JSON, default=list)
    stage_changes: Mapped[list] = mapped_column(JSON, default=list)  # [{toStage, userId, updatedAt(ms)}]
    last_advanced_at: Mapped[Any] = mapped_column(UTCDateTime)
    last_interaction_at: Mapped[Any] = mapped_column(UTCDateTime)
    archived_at: Mapped[Any] = mapped_column(UTCDateTime, nullable=True)
    archive_reason: Mapped[str | None] = mapped_column(String(40), nullable=True)
    archived_by: Mapped[str | None] = mapped_column(String(36), nullable=True)
    # Set on opportunities brought in by a bulk import (tutors-1500): until it is advanced (or
    # touched) in Pipelane, such an opportunity is served with lastAdvancedAt (lastInteractionAt)
    # null; its stage history (stageChanges) carries the dates.
    imported_at: Mapped[Any] = mapped_column(UTCDateTime, nullable=True, default=None)
    created_at: Mapped[Any] = mapped_column(UTCDateTime)
    updated_at: Mapped[Any] = mapped_column(UTCDateTime)


class Note(Base):
    __tablename__ = "notes"
    __table_args__ = (Index("ix_notes_opp", "opportunity_id", "created_at"),)
    id: Mapped[str] = mapped_column(String(36), primary_key=True)
    opportunity_id: Mapped[str] = mapped_column(String(36))
    user_id: Mapped[str | None] = mapped_column(String(36), nullable=True)  # author
    value: Mapped[str] = mapped_column(Text)
    created_at: Mapped[Any] = mapped_column(UTCDateTime)


class Activity(Base):
    """Who did what: one row per change to an opportunity (API or "other users")."""

    __tablename__ = "activities"
    __table_args__ = (Index("ix_activities_opp", "opportunity_id", "created_at"),)
    id: Mapped[str] = mapped_column(String(36), primary_key=True)
    opportunity_id: Mapped[str] = mapped_column(String(36))
    contact_id: Mapped[str | None] = mapped_column(String(36), nullable=True)
    type: Mapped[str] = mapped_column(String(40))  # created|stage_changed|archived|unarchived|tags_changed|note_added|interview_scheduled
    user_id: Mapped[str | None] = mapped_column(String(36), nullable=True)  # the actor (perform_as)
    data: Mapped[dict] = mapped_column(JSON, default=dict)
    created_at: Mapped[Any] = mapped_column(UTCDateTime)


class Interview(Base):
    __tablename__ = "interviews"
    __table_args__ = (Index("ix_interviews_opp", "opportunity_id", "scheduled_at"),)
    id: Mapped[str] = mapped_column(String(36), primary_key=True)
    opportunity_id: Mapped[str] = mapped_column(String(36))
    scheduled_at: Mapped[Any] = mapped_column(UTCDateTime)
    duration_min: Mapped[int] = mapped_column(default=45)
    kind: Mapped[str] = mapped_column(String(20), default="in-person")  # in-person|video|phone
    interviewer_id: Mapped[str | None] = mapped_column(String(36), nullable=True)
    created_at: Mapped[Any] = mapped_column(UTCDateTime)
    updated_at: Mapped[Any] = mapped_column(UTCDateTime)


TABLES: dict[str, type] = {"users": User, "postings": Posting, "contacts": Contact,
                           "opportunities": Opportunity, "notes": Note, "activities": Activity,
                           "interviews": Interview}
