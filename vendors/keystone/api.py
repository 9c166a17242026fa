"""Keystone's public API (`/hr/v2`): employees, onboarding items, equipment and internal
mobility. XML in and out; every record GET carries an ETag; every PUT needs If-Match."""
from __future__ import annotations

from datetime import timedelta

from flask import Blueprint, request
from sqlalchemy import select

from vendors.kit.behaviours import search_cutoff
from vendors.kit.context import ctx
from vendors.kit.errors import VendorError
from vendors.kit.etag import check_if_match, etag_for
from vendors.kit.pagination import offset_page, slice_offset

from .models import (EMPLOYEE_STATUSES, EQUIPMENT_STATUSES, ITEM_STATUSES, Employee, Equipment,
                     InternalMobility, OnboardingItem)
from .xmlio import (element, get_bool, get_date, get_enum, get_str, parse_body, xml_response)

bp = Blueprint("keystone_api", __name__, url_prefix="/hr/v2")
DEFAULT_LIMIT, MAX_LIMIT = 50, 200
_MAX_ID = 2**63 - 1

# --- serialisers ---------------------------------------------------------------------------


def employee_el(e: Employee):
    return element("Employee", [
        ("Id", e.id), ("EmployeeNo", e.employee_no), ("ExternalRef", e.external_ref), ("FirstName", e.first_name),
        ("LastName", e.last_name), ("Email", e.email), ("Phone", e.phone), ("Address", e.address),
        ("JobTitle", e.job_title),
        ("Department", e.department), ("StartDate", e.start_date), ("Status", e.status),
        ("CreatedAt", e.created_at), ("UpdatedAt", e.updated_at)])


def done_on_enabled() -> bool:
    """The `item_done_on` setting (off by default; the alder-hr account): items carry DoneOn."""
    return bool(ctx().settings.get("item_done_on"))


def item_el(i: OnboardingItem):
    done = [("DoneOn", i.done_on)] if done_on_enabled() else []
    return element("OnboardingItem", [
        ("Id", i.id), ("EmployeeId", i.employee_id), ("Code", i.code), ("Title", i.title), ("DueDate", i.due_date),
        ("Status", i.status), *done, ("UpdatedAt", i.updated_at)])


def equipment_el(q: Equipment):
    return element("Equipment", [
        ("Id", q.id), ("EmployeeId", q.employee_id), ("Ref", q.ref), ("Kind", q.kind), ("AssetTag", q.asset_tag),
        ("Size", q.size), ("IssuedOn", q.issued_on), ("Status", q.status), ("UpdatedAt", q.updated_at)])


def mobility_el(m: InternalMobility):
    return element("InternalMobility", [
        ("EmployeeId", m.employee_id), ("OpenToMove", m.open_to_move),
        ("PreferredDepartment", m.preferred_department), ("UpdatedAt", m.updated_at)])


KINDS = {Employee: ("employee", employee_el), OnboardingItem: ("onboarding-item", item_el),
         Equipment: ("equipment", equipment_el), InternalMobility: ("internal-mobility", mobility_el)}


def etag(obj) -> str:
    return etag_for(KINDS[type(obj)][0], obj.id, obj.version)


def record(obj, status: int = 200, location: str | None = None):
    headers = {"ETag": etag(obj)}
    if location:
        headers["Location"] = location
    return xml_response(KINDS[type(obj)][1](obj), status, headers)


def fetch(s, model, ident: int, what: str):
    obj = s.get(model, ident) if 0 < ident <= _MAX_ID else None
    if obj is None:
        raise VendorError(404, "not_found", f"No {what} with id {ident}.")
    return obj


def fetch_mobility(s, employee_id: int):
    fetch(s, Employee, employee_id, "employee")
    return s.scalars(select(InternalMobility).where(InternalMobility.employee_id == employee_id)).one()


def collection(tag: str, rows, serialise, **attrs):
    el = element(tag, [], attrs)
    for r in rows:
        el.append(serialise(r))
    return xml_response(el)


# --- employees -----------------------------------------------------------------------------


def employee_values(root) -> dict:
    return {
        "external_ref": get_str(root, "ExternalRef", max_len=100),
        "first_name": get_str(root, "FirstName", required=True, max_len=100),
        "last_name": get_str(root, "LastName", required=True, max_len=100),
        "email": get_str(root, "Email", max_len=254),
        "phone": get_str(root, "Phone", max_len=50),
        "address": get_str(root, "Address", max_len=300),
        "job_title": get_str(root, "JobTitle"),
        "department": get_str(root, "Department", max_len=100),
        "start_date": get_date(root, "StartDate", required=True),
        "status": get_enum(root, "Status", EMPLOYEE_STATUSES, default="pending"),
    }


@bp.get("/employees")
def list_employees():
    c = ctx()
    page = offset_page("offset", "limit", DEFAULT_LIMIT, MAX_LIMIT)
    qry = select(Employee).order_by(Employee.id)
    status = request.args.get("status")
    if status is not None:
        if status not in EMPLOYEE_STATUSES:
            raise VendorError(400, "invalid_parameter", f"`status` must be one of {', '.join(EMPLOYEE_STATUSES)}.")
        qry = qry.where(Employee.status == status)
    ref = request.args.get("externalRef")
    if ref is not None:
        qry = qry.where(Employee.external_ref == ref)
        cutoff = search_cutoff()  # the search index trails writes by search_lag_s
        if cutoff is not None:
            qry = qry.where(Employee.updated_at <= cutoff)
    with c.db.session() as s:
        rows, total = slice_offset(s, qry, page)
        return collection("Employees", rows, employee_el, total=total, offset=page.offset, limit=page.limit)


@bp.post("/employees")
def create_employee():
    c = ctx()
    values = employee_values(parse_body("Employee"))
    with c.db.session() as s:
        e = c.spec.mutations.create(s, c, "employees", values)
        return record(e, 201, f"/hr/v2/employees/{e.id}")


@bp.get("/employees/<int:employee_id>")
def get_employee(employee_id: int):
    c = ctx()
    with c.db.session() as s:
        return record(fetch(s, Employee, employee_id, "employee"))


@bp.put("/employees/<int:employee_id>")
def put_employee(employee_id: int):
    c = ctx()
    with c.db.session() as s:
        e = fetch(s, Employee, employee_id, "employee")
        check_if_match(etag(e))
        values = employee_values(parse_body("Employee"))  # PUT replaces: omitted fields are cleared
        c.spec.mutations.update(s, c, "employees", e, values)
        return record(e)


# --- onboarding items ----------------------------------------------------------------------


def item_values(root) -> dict:
    values = {"code": get_str(root, "Code", max_len=50),
              "title": get_str(root, "Title", required=True),
              "due_date": get_date(root, "DueDate"),
              "status": get_enum(root, "Status", ITEM_STATUSES, default="open")}
    if done_on_enabled():  # PUT replaces: DoneOn left out is cleared
        values["done_on"] = get_date(root, "DoneOn")
    return values


@bp.get("/employees/<int:employee_id>/onboarding-items")
def list_items(employee_id: int):
    c = ctx()
    with c.db.session() as s:
        fetch(s, Employee, employee_id, "employee")
        rows = s.scalars(select(OnboardingItem).where(OnboardingItem.employee_id == employee_id)
                         .order_by(OnboardingItem.id)).all()
        return collection("OnboardingItems", rows, item_el)


@bp.post("/employees/<int:employee_id>/onboarding-items")
def create_item(employee_id: int):
    c = ctx()
    values = item_values(parse_body("OnboardingItem"))
    with c.db.session() as s:
        fetch(s, Employee, employee_id, "employee")
        i = c.spec.mutations.create(s, c, "onboarding_items", {"employee_id": employee_id, **values})
        return record(i, 201, f"/hr/v2/onboarding-items/{i.id}")


@bp.get("/onboarding-items/<int:item_id>")
def get_item(item_id: int):
    c = ctx()
    with c.db.session() as s:
        return record(fetch(s, OnboardingItem, item_id, "onboarding item"))


@bp.put("/onboarding-items/<int:item_id>")
def put_item(item_id: int):
    c = ctx()
    with c.db.session() as s:
        i = fetch(s, OnboardingItem, item_id, "onboarding item")
        check_if_match(etag(i))
        c.spec.mutations.update(s, c, "onboarding_items", i, item_values(parse_body("OnboardingItem")))
        return record(i)


# --- equipment -----------------------------------------------------------------------------


def equipment_values(root) -> dict:
    return {"ref": get_str(root, "Ref", max_len=100),
            "kind": get_str(root, "Kind", required=True, max_len=100),
            "asset_tag": get_str(root, "AssetTag", max_len=100),
            "size": get_str(root, "Size", max_len=20),
            "issued_on": get_date(root, "IssuedOn"),
            "status": get_enum(root, "Status", EQUIPMENT_STATUSES, default="requested")}


@bp.get("/employees/<int:employee_id>/equipment")
def list_equipment(employee_id: int):
    c = ctx()
    with c.db.session() as s:
        fetch(s, Employee, employee_id, "employee")
        qry = select(Equipment).where(Equipment.employee_id == employee_id).order_by(Equipment.id)
        lag = c.settings.get("equipment_list_lag_s")
        if lag:  # the list is served from an index that picks up new items `lag` seconds late
            qry = qry.where(Equipment.created_at <= c.now() - timedelta(seconds=float(lag)))
        rows = s.scalars(qry).all()
        return collection("EquipmentList", rows, equipment_el)


@bp.post("/employees/<int:employee_id>/equipment")
def create_equipment(employee_id: int):
    c = ctx()
    values = equipment_values(parse_body("Equipment"))
    with c.db.session() as s:
        fetch(s, Employee, employee_id, "employee")
        q = c.spec.mutations.create(s, c, "equipment", {"employee_id": employee_id, **values})
        return record(q, 201, f"/hr/v2/equipment/{q.id}")


@bp.get("/equipment/<int:equipment_id>")
def get_equipment(equipment_id: int):
    c = ctx()
    with c.db.session() as s:
        return record(fetch(s, Equipment, equipment_id, "equipment"))


@bp.put("/equipment/<int:equipment_id>")
def put_equipment(equipment_id: int):
    c = ctx()
    with c.db.session() as s:
        q = fetch(s, Equipment, equipment_id, "equipment")
        check_if_match(etag(q))
        c.spec.mutations.update(s, c, "equipment", q, equipment_values(parse_body("Equipment")))
        return record(q)


# --- internal mobility ---------------------------------------------------------------------


@bp.get("/employees/<int:employee_id>/internal-mobility")
def get_mobility(employee_id: int):
    c = ctx()
    with c.db.session() as s:
        return record(fetch_mobility(s, employee_id))


@bp.put("/employees/<int:employee_id>/internal-mobility")
def put_mobility(employee_id: int):
    c = ctx()
    with c.db.session() as s:
        m = fetch_mobility(s, employee_id)
        check_if_match(etag(m))
        root = parse_body("InternalMobility")
        values = {"open_to_move": get_bool(root, "OpenToMove"),
                  "preferred_department": get_str(root, "PreferredDepartment", max_len=100)}
        c.spec.mutations.update(s, c, "internal_mobility", m, values)
        return record(m)
