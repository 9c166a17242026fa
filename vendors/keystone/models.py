"""Keystone's tables: employees (new hires), their onboarding items, equipment issued to them,
and their internal-mobility preference, plus the kit's tables.

Every record has an integer id and a `version` (bumped by the kit on every update, API or
control plane); the ETag served for a record is derived from (kind, id, version)."""
from __future__ import annotations

from typing import Any

from sqlalchemy import Boolean, Date, Integer, String
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

from vendors.kit.db import UTCDateTime
from vendors.kit.models import add_kit_models


class Base(DeclarativeBase):
    pass


KIT = add_kit_models(Base)

EMPLOYEE_STATUSES = ("pending", "active", "withdrawn")
ITEM_STATUSES = ("open", "done", "waived")
EQUIPMENT_STATUSES = ("requested", "issued", "returned")


class Employee(Base):
    __tablename__ = "employees"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    employee_no: Mapped[str | None] = mapped_column(String(20), nullable=True, unique=True)  # assigned by Keystone
    external_ref: Mapped[str | None] = mapped_column(String(100), nullable=True, index=True)
    first_name: Mapped[str] = mapped_column(String(100))
    last_name: Mapped[str] = mapped_column(String(100))
    email: Mapped[str | None] = mapped_column(String(254), nullable=True)
    phone: Mapped[str | None] = mapped_column(String(50), nullable=True)
    address: Mapped[str | None] = mapped_column(String(300), nullable=True)
    job_title: Mapped[str | None] = mapped_column(String(200), nullable=True)
    department: Mapped[str | None] = mapped_column(String(100), nullable=True)
    start_date: Mapped[Any] = mapped_column(Date, nullable=True)
    status: Mapped[str] = mapped_column(String(20), default="pending")
    version: Mapped[int] = mapped_column(Integer, default=1)
    created_at: Mapped[Any] = mapped_column(UTCDateTime)
    updated_at: Mapped[Any] = mapped_column(UTCDateTime, index=True)


class OnboardingItem(Base):
    __tablename__ = "onboarding_items"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    employee_id: Mapped[int] = mapped_column(Integer, index=True)
    code: Mapped[str | None] = mapped_column(String(50), nullable=True)
    title: Mapped[str] = mapped_column(String(200))
    due_date: Mapped[Any] = mapped_column(Date, nullable=True)
    status: Mapped[str] = mapped_column(String(20), default="open")
    # the day the item was completed: on the wire only with the `item_done_on` setting (alder-hr)
    done_on: Mapped[Any] = mapped_column(Date, nullable=True)
    version: Mapped[int] = mapped_column(Integer, default=1)
    created_at: Mapped[Any] = mapped_column(UTCDateTime)
    updated_at: Mapped[Any] = mapped_column(UTCDateTime)


class Equipment(Base):
    __tablename__ = "equipment"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    employee_id: Mapped[int] = mapped_column(Integer, index=True)
    kind: Mapped[str] = mapped_column(String(100))
    ref: Mapped[str | None] = mapped_column(String(100), nullable=True)  # the issuer's reference
    asset_tag: Mapped[str | None] = mapped_column(String(100), nullable=True)
    size: Mapped[str | None] = mapped_column(String(20), nullable=True)
    issued_on: Mapped[Any] = mapped_column(Date, nullable=True)
    status: Mapped[str] = mapped_column(String(20), default="requested")
    version: Mapped[int] = mapped_column(Integer, default=1)
    created_at: Mapped[Any] = mapped_column(UTCDateTime)
    updated_at: Mapped[Any] = mapped_column(UTCDateTime)


class InternalMobility(Base):
    __tablename__ = "internal_mobility"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    employee_id: Mapped[int] = mapped_column(Integer, unique=True)
    open_to_move: Mapped[bool] = mapped_column(Boolean, default=False)
    preferred_department: Mapped[str | None] = mapped_column(String(100), nullable=True)
    version: Mapped[int] = mapped_column(Integer, default=1)
    updated_at: Mapped[Any] = mapped_column(UTCDateTime)


TABLES: dict[str, type] = {"employees": Employee, "onboarding_items": OnboardingItem,
                           "equipment": Equipment, "internal_mobility": InternalMobility}
