"""Crewtide's public API: JSON:API documents under /v1, `X-Api-Version` required on every call.

Versions differ in the candidate's name attributes: `first-name`/`last-name` in 20161108 and
20240301, `given-name`/`family-name` in 20250115. On writes, attributes the version does not know are
ignored (JSON:API lenience), so a 2024 client writing `given-name` changes nothing.
"""
from __future__ import annotations

import datetime as dt
import re
from typing import Any, Callable

from flask import Blueprint, g, jsonify, request
from sqlalchemy import Select, select, text
from sqlalchemy.orm import Session

from vendors.kit.context import ctx
from vendors.kit.errors import VendorError
from vendors.kit import query
from vendors.kit.query import DIGITS
from vendors.kit.formats import iso_utc, parse_iso_utc
from vendors.kit.jsonapi import (document, includes, page_links, page_request, resource, slice_rows, to_many,
                                 to_one)

from .models import (APPLICATION_STATUSES, JOB_STATUSES, ONBOARDING_STATUSES, Candidate, CustomField,
                     CustomFieldValue, Job, JobApplication, Onboarding, OnboardingTask, Stage)

bp = Blueprint("crewtide_api", __name__, url_prefix="/v1")

VERSIONS = ("20161108", "20240301", "20250115")
VERSION_HEADER = "X-Api-Version"
NAME_ATTRS = {"20161108": ("first-name", "last-name"), "20240301": ("first-name", "last-name"),
              "20250115": ("given-name", "family-name")}
CUSTOM_FIELD_ATTR_VERSIONS = ("20240301", "20250115")  # `custom-fields` attribute on candidates
SORTS = {"id": "id", "created-at": "created_at", "updated-at": "updated_at"}
EMAIL_RE = re.compile(r"^[^@\s]{1,64}@[^@\s]+\.[^@\s]+$")


@bp.before_request
def _require_version():
    v = request.headers.get(VERSION_HEADER)
    if v is None or not v.strip():
        raise VendorError(400, "api_version_missing",
                          f"The {VERSION_HEADER} header is required; supported versions: {', '.join(VERSIONS)}.",
                          {"parameter": VERSION_HEADER})
    if v.strip() not in VERSIONS:
        raise VendorError(406, "api_version_unsupported",
                          f"API version {v.strip()[:40]!r} is not supported; use one of {', '.join(VERSIONS)}.",
                          {"parameter": VERSION_HEADER})
    g.api_version = v.strip()


@bp.after_request
def _echo_version(resp):
    if g.get("api_version"):
        resp.headers[VERSION_HEADER] = g.api_version
    return resp


# --- helpers ----------------------------------------------------------------------------------

def bad(message: str, parameter: str | None = None, code: str = "invalid_parameter", status: int = 400,
        pointer: str | None = None) -> VendorError:
    details = {"pointer": pointer} if pointer else {"parameter": parameter} if parameter else None
    return VendorError(status, code, message, details)


def not_found(type_: str, id_: Any) -> VendorError:
    return VendorError(404, "record_not_found", f"No {type_} with id {id_}.")


def get_or_404(s: Session, model, type_: str, id_: int):
    obj = s.get(model, id_) if id_ <= 2**53 else None
    if obj is None:
        raise not_found(type_, id_)
    return obj


def _bad_parameter(parameter: str, message: str) -> VendorError:
    return bad(message, parameter)


def id_filter(name: str) -> int | None:
    return query.id_param(name, _bad_parameter, "an id (a positive integer)")


def instant_filter(name: str):
    return query.instant_param(name, _bad_parameter)


def choice_filter(name: str, options: tuple[str, ...]) -> str | None:
    return query.choice_param(name, options, _bad_parameter)


def respond(doc: dict, status: int = 200):
    resp = jsonify(doc)
    resp.status_code = status
    return resp


def listing(s: Session, q: Select, serialize: Callable, include_paths: list[str], side: Callable):
    t = ctx().traits.pagination
    page = page_request(t.default_limit, t.max_limit)
    rows, total = slice_rows(s, q, page)
    data = [serialize(s, r) for r in rows]
    included = side(s, rows, include_paths) if include_paths else None
    return respond(document(data, included, page_links(page, total),
                            {"record-count": total, "page-count": max(1, -(-total // page.size))}))


def single(s: Session, obj, serialize: Callable, include_paths: list[str], side: Callable, status: int = 200):
    included = side(s, [obj], include_paths) if include_paths else None
    return respond(document(serialize(s, obj), included, {"self": request.base_url}), status)


def body_data(type_: str, id_: int | None = None) -> dict:
    data = request.get_json(silent=True, force=True) if request.get_data() else None
    if not isinstance(data, dict) or not isinstance(data.get("data"), dict):
        raise bad("The body must be a JSON:API document with a `data` object.", code="invalid_document",
                  pointer="/data")
    d = data["data"]
    if d.get("type") != type_:
        raise bad(f"`data.type` must be {type_!r}.", code="type_mismatch", status=409, pointer="/data/type")
    if id_ is not None and "id" in d and str(d["id"]) != str(id_):
        raise bad(f"`data.id` must match the URL ({id_}).", code="id_mismatch", status=409, pointer="/data/id")
    for key in ("attributes", "relationships"):
        if key in d and not isinstance(d[key], dict):
            raise bad(f"`data.{key}` must be an object.", code="invalid_document", pointer=f"/data/{key}")
    return d


def rel_id(d: dict, name: str, type_: str, required: bool = False, nullable: bool = False) -> Any:
    """The id of a to-one relationship in a write body; `...` when absent."""
    rels = d.get("relationships") or {}
    if name not in rels:
        if required:
            raise bad(f"Relationship `{name}` is required.", code="missing_relationship", status=422,
                      pointer=f"/data/relationships/{name}")
        return ...
    link = rels[name].get("data", ...) if isinstance(rels[name], dict) else ...
    if link is None and nullable:
        return None
    if not isinstance(link, dict) or link.get("type") != type_ or not DIGITS.match(str(link.get("id", ""))):
        raise bad(f"Relationship `{name}` must be {{\"data\": {{\"type\": \"{type_}\", \"id\": \"<id>\"}}}}.",
                  code="invalid_relationship", status=422, pointer=f"/data/relationships/{name}")
    return int(link["id"])


def str_attr(attrs: dict, name: str, max_len: int = 200, nullable: bool = True) -> Any:
    if name not in attrs:
        return ...
    v = attrs[name]
    if v is None and nullable:
        return None
    if not isinstance(v, str) or len(v) > max_len or (not nullable and not v.strip()):
        raise bad(f"`{name}` must be a string of at most {max_len} characters.", code="invalid_attribute",
                  status=422, pointer=f"/data/attributes/{name}")
    return v


def sort_order(model) -> list:
    """`sort=created-at`, `sort=-created-at` (descending), also `id`, `updated-at`; ties by id."""
    raw = request.args.get("sort")
    if raw is None or raw == "":
        return [model.id]
    desc = raw.startswith("-")
    key = raw[1:] if desc else raw
    if key not in SORTS:
        raise bad(f"`sort` must be one of {', '.join(SORTS)} (prefix `-` for descending).", "sort")
    col = getattr(model, SORTS[key])
    return [col.desc(), model.id.desc()] if desc else [col, model.id]


def ids_of(s: Session, q) -> list[int]:
    return list(s.scalars(q))


# --- serializers --------------------------------------------------------------------------------

def ser_candidate(s: Session, c: Candidate) -> dict:
    fa, la = NAME_ATTRS[g.api_version]
    attrs = {fa: c.first_name, la: c.last_name, "email": c.email, "phone": c.phone,
             "external-id": c.external_id, "tags": list(c.tags or []), "sourced": bool(c.sourced),
             "created-at": iso_utc(c.created_at), "updated-at": iso_utc(c.updated_at)}
    if g.api_version in CUSTOM_FIELD_ATTR_VERSIONS:
        rows = s.execute(select(CustomField.api_name, CustomFieldValue.value)
                         .join(CustomField, CustomField.id == CustomFieldValue.custom_field_id)
                         .where(CustomFieldValue.candidate_id == c.id).order_by(CustomField.id)).all()
        attrs["custom-fields"] = {k: v for k, v in rows}
    apps = ids_of(s, select(JobApplication.id).where(JobApplication.candidate_id == c.id).order_by(JobApplication.id))
    vals = ids_of(s, select(CustomFieldValue.id).where(CustomFieldValue.candidate_id == c.id)
                  .order_by(CustomFieldValue.id))
    return resource("candidates", c.id, attrs, {"job-applications": to_many("job-applications", apps),
                                                "custom-field-values": to_many("custom-field-values", vals),
                                                "onboardings": to_many("onboardings", ids_of(
                                                    s, select(Onboarding.id).where(Onboarding.candidate_id == c.id)
                                                    .order_by(Onboarding.id)))})


def ser_job(s: Session, j: Job) -> dict:
    attrs = {"title": j.title, "status": j.status, "department": j.department, "location": j.location,
             "external-id": j.external_id, "created-at": iso_utc(j.created_at), "updated-at": iso_utc(j.updated_at)}
    st = ids_of(s, select(Stage.id).where(Stage.job_id == j.id).order_by(Stage.row_order, Stage.id))
    return resource("jobs", j.id, attrs, {"stages": to_many("stages", st)})


def ser_stage(s: Session, st: Stage) -> dict:
    return resource("stages", st.id, {"name": st.name, "stage-type": st.stage_type, "row-order": st.row_order},
                    {"job": to_one("jobs", st.job_id)})


def ser_application(s: Session, a: JobApplication) -> dict:
    attrs = {"status": a.status, "sourced": bool(a.sourced), "note": a.note, "rejection-reason": a.rejection_reason,
             "hired-at": iso_utc(a.hired_at),
             "rejected-at": iso_utc(a.rejected_at), "created-at": iso_utc(a.created_at),
             "updated-at": iso_utc(a.updated_at)}
    return resource("job-applications", a.id, attrs, {"candidate": to_one("candidates", a.candidate_id),
                                                      "job": to_one("jobs", a.job_id),
                                                      "stage": to_one("stages", a.stage_id)})


def ser_custom_field(s: Session, f: CustomField) -> dict:
    return resource("custom-fields", f.id, {"api-name": f.api_name, "name": f.name, "field-type": f.field_type})


def ser_value(s: Session, v: CustomFieldValue) -> dict:
    return resource("custom-field-values", v.id, {"value": v.value, "updated-at": iso_utc(v.updated_at)},
                    {"candidate": to_one("candidates", v.candidate_id),
                     "custom-field": to_one("custom-fields", v.custom_field_id)})


def ser_onboarding(s: Session, o: Onboarding) -> dict:
    attrs = {"status": o.status, "start-date": o.start_date.isoformat() if o.start_date else None,
             "created-at": iso_utc(o.created_at), "updated-at": iso_utc(o.updated_at)}
    tasks = ids_of(s, select(OnboardingTask.id).where(OnboardingTask.onboarding_id == o.id)
                   .order_by(OnboardingTask.row_order, OnboardingTask.id))
    return resource("onboardings", o.id, attrs, {"candidate": to_one("candidates", o.candidate_id),
                                                 "job": to_one("jobs", o.job_id),
                                                 "tasks": to_many("onboarding-tasks", tasks)})


def ser_task(s: Session, t: OnboardingTask) -> dict:
    return resource("onboarding-tasks", t.id, {"code": t.code, "title": t.title, "row-order": t.row_order,
                                               "done-at": iso_utc(t.done_at), "updated-at": iso_utc(t.updated_at)},
                    {"onboarding": to_one("onboardings", t.onboarding_id)})


def _many(s: Session, model, ids, ser) -> list[dict]:
    ids = sorted({i for i in ids if i is not None})
    if not ids:
        return []
    return [ser(s, r) for r in s.scalars(select(model).where(model.id.in_(ids)).order_by(model.id))]


def side_candidate(s, rows, paths):
    out = []
    cids = [r.id for r in rows]
    if "job-applications" in paths:
        out += [ser_application(s, a) for a in s.scalars(select(JobApplication).where(
            JobApplication.candidate_id.in_(cids)).order_by(JobApplication.id))]
    if "custom-field-values" in paths:
        out += [ser_value(s, v) for v in s.scalars(select(CustomFieldValue).where(
            CustomFieldValue.candidate_id.in_(cids)).order_by(CustomFieldValue.id))]
    if "onboardings" in paths:
        out += [ser_onboarding(s, o) for o in s.scalars(select(Onboarding).where(
            Onboarding.candidate_id.in_(cids)).order_by(Onboarding.id))]
    return out


def side_job(s, rows, paths):
    return [ser_stage(s, st) for st in s.scalars(select(Stage).where(Stage.job_id.in_([r.id for r in rows]))
                                                 .order_by(Stage.id))] if "stages" in paths else []


def side_stage(s, rows, paths):
    return _many(s, Job, [r.job_id for r in rows], ser_job) if "job" in paths else []


def side_application(s, rows, paths):
    out = []
    if "candidate" in paths:
        out += _many(s, Candidate, [r.candidate_id for r in rows], ser_candidate)
    if "job" in paths:
        out += _many(s, Job, [r.job_id for r in rows], ser_job)
    if "stage" in paths:
        out += _many(s, Stage, [r.stage_id for r in rows], ser_stage)
    return out


def side_value(s, rows, paths):
    out = []
    if "candidate" in paths:
        out += _many(s, Candidate, [r.candidate_id for r in rows], ser_candidate)
    if "custom-field" in paths:
        out += _many(s, CustomField, [r.custom_field_id for r in rows], ser_custom_field)
    return out


def side_onboarding(s, rows, paths):
    out = []
    if "candidate" in paths:
        out += _many(s, Candidate, [r.candidate_id for r in rows], ser_candidate)
    if "job" in paths:
        out += _many(s, Job, [r.job_id for r in rows], ser_job)
    if "tasks" in paths:
        out += [ser_task(s, t) for t in s.scalars(select(OnboardingTask).where(
            OnboardingTask.onboarding_id.in_([r.id for r in rows])).order_by(OnboardingTask.id))]
    return out


def side_task(s, rows, paths):
    return _many(s, Onboarding, [r.onboarding_id for r in rows], ser_onboarding) if "onboarding" in paths else []


def side_none(s, rows, paths):
    return []


CANDIDATE_INCLUDES = ("job-applications", "custom-field-values", "onboardings")
APPLICATION_INCLUDES = ("candidate", "job", "stage")
ONBOARDING_INCLUDES = ("candidate", "job", "tasks")


# --- candidates ---------------------------------------------------------------------------------

@bp.get("/candidates")
def list_candidates():
    inc = includes(CANDIDATE_INCLUDES)
    q = select(Candidate).order_by(*sort_order(Candidate))
    if (ext := request.args.get("filter[external-id]")) not in (None, ""):
        q = q.where(Candidate.external_id == ext)
    if (email := request.args.get("filter[email]")) not in (None, ""):
        q = q.where(Candidate.email == email.strip().lower())
    if (since := instant_filter("filter[updated-at][from]")) is not None:
        q = q.where(Candidate.updated_at >= since)
    if (tag := request.args.get("filter[tags]")) not in (None, ""):
        q = q.where(text("EXISTS (SELECT 1 FROM json_each(candidates.tags) WHERE json_each.value = :tag)")
                    .bindparams(tag=tag))
    c = ctx()
    with c.db.session() as s:
        return listing(s, q, ser_candidate, inc, side_candidate)


@bp.get("/candidates/<int:candidate_id>")
def get_candidate(candidate_id: int):
    inc = includes(CANDIDATE_INCLUDES)
    with ctx().db.session() as s:
        return single(s, get_or_404(s, Candidate, "candidate", candidate_id), ser_candidate, inc, side_candidate)


def candidate_values(d: dict, creating: bool) -> dict:
    attrs = d.get("attributes") or {}
    fa, la = NAME_ATTRS[g.api_version]
    out: dict[str, Any] = {}
    for wire, col, nullable in ((fa, "first_name", False), (la, "last_name", False), ("phone", "phone", True),
                                ("external-id", "external_id", True)):
        v = str_attr(attrs, wire, 100, nullable)
        if v is not ...:
            out[col] = v
    email = str_attr(attrs, "email", 254, True)
    if email is not ...:
        if email is not None and not EMAIL_RE.match(email):
            raise bad("`email` is not a valid e-mail address.", code="invalid_attribute", status=422,
                      pointer="/data/attributes/email")
        out["email"] = email.strip().lower() if email else None
    if "tags" in attrs:
        tags = attrs["tags"]
        if not isinstance(tags, list) or not all(isinstance(t, str) and 0 < len(t) <= 50 for t in tags) or len(tags) > 50:
            raise bad("`tags` must be a list of strings.", code="invalid_attribute", status=422,
                      pointer="/data/attributes/tags")
        out["tags"] = sorted(set(tags))
    if "sourced" in attrs:
        if not isinstance(attrs["sourced"], bool):
            raise bad("`sourced` must be a boolean.", code="invalid_attribute", status=422,
                      pointer="/data/attributes/sourced")
        out["sourced"] = attrs["sourced"]
    if "custom-fields" in attrs and g.api_version in CUSTOM_FIELD_ATTR_VERSIONS:
        cf = attrs["custom-fields"]
        if not isinstance(cf, dict) or not all(isinstance(v, str) and len(v) <= 500 or v is None for v in cf.values()):
            raise bad("`custom-fields` must be an object of custom field api-name → string (or null).",
                      code="invalid_attribute", status=422, pointer="/data/attributes/custom-fields")
        out["__custom_fields"] = cf
    if creating:
        for wire, col in ((fa, "first_name"), (la, "last_name")):
            if col not in out:
                raise bad(f"`{wire}` is required.", code="missing_attribute", status=422,
                          pointer=f"/data/attributes/{wire}")
    return out


@bp.post("/candidates")
def create_candidate():
    d = body_data("candidates")
    values = candidate_values(d, creating=True)
    cf = values.pop("__custom_fields", None)
    c = ctx()
    with c.db.session() as s:
        obj = c.spec.mutations.create(s, c, "candidates", values)
        set_custom_fields(s, obj, cf)
        return single(s, obj, ser_candidate, [], side_none, 201)


def set_custom_fields(s: Session, cand: Candidate, cf: dict | None) -> None:
    """Upsert custom-field-values from the `custom-fields` attribute (api-name → value)."""
    if not cf:
        return
    c = ctx()
    fields = {f.api_name: f for f in s.scalars(select(CustomField))}
    for name in cf:
        if name not in fields:
            raise bad(f"Unknown custom field `{name}`; see GET /v1/custom-fields.", code="invalid_attribute",
                      status=422, pointer="/data/attributes/custom-fields")
    for name, value in cf.items():
        f = fields[name]
        row = s.scalars(select(CustomFieldValue).where(CustomFieldValue.candidate_id == cand.id,
                                                       CustomFieldValue.custom_field_id == f.id)).first()
        if row is None:
            c.spec.mutations.create(s, c, "custom_field_values",
                                    {"candidate_id": cand.id, "custom_field_id": f.id, "value": value})
        else:
            c.spec.mutations.update(s, c, "custom_field_values", row, {"value": value})


@bp.patch("/candidates/<int:candidate_id>")
def update_candidate(candidate_id: int):
    d = body_data("candidates", candidate_id)
    c = ctx()
    with c.db.session() as s:
        obj = get_or_404(s, Candidate, "candidate", candidate_id)
        values = candidate_values(d, creating=False)
        cf = values.pop("__custom_fields", None)
        c.spec.mutations.update(s, c, "candidates", obj, values)
        set_custom_fields(s, obj, cf)
        return single(s, obj, ser_candidate, [], side_none)


# --- jobs and stages ---------------------------------------------------------------------------

@bp.get("/jobs")
def list_jobs():
    inc = includes(("stages",))
    q = select(Job).order_by(Job.id)
    if (st := choice_filter("filter[status]", JOB_STATUSES)) is not None:
        q = q.where(Job.status == st)
    if (ext := request.args.get("filter[external-id]")) not in (None, ""):
        q = q.where(Job.external_id == ext)
    if (since := instant_filter("filter[updated-at][from]")) is not None:
        q = q.where(Job.updated_at >= since)
    with ctx().db.session() as s:
        return listing(s, q, ser_job, inc, side_job)


@bp.get("/jobs/<int:job_id>")
def get_job(job_id: int):
    inc = includes(("stages",))
    with ctx().db.session() as s:
        return single(s, get_or_404(s, Job, "job", job_id), ser_job, inc, side_job)


@bp.get("/stages")
def list_stages():
    inc = includes(("job",))
    q = select(Stage).order_by(Stage.id)
    if (jid := id_filter("filter[job]")) is not None:
        q = q.where(Stage.job_id == jid)
    with ctx().db.session() as s:
        return listing(s, q, ser_stage, inc, side_stage)


# --- job applications --------------------------------------------------------------------------

@bp.get("/job-applications")
def list_applications():
    inc = includes(APPLICATION_INCLUDES)
    q = select(JobApplication).order_by(JobApplication.id)
    if (jid := id_filter("filter[job]")) is not None:
        q = q.where(JobApplication.job_id == jid)
    if (cid := id_filter("filter[candidate]")) is not None:
        q = q.where(JobApplication.candidate_id == cid)
    if (st := choice_filter("filter[status]", APPLICATION_STATUSES)) is not None:
        q = q.where(JobApplication.status == st)
    if (since := instant_filter("filter[updated-at][from]")) is not None:
        q = q.where(JobApplication.updated_at >= since)
    with ctx().db.session() as s:
        return listing(s, q, ser_application, inc, side_application)


@bp.get("/job-applications/<int:application_id>")
def get_application(application_id: int):
    inc = includes(APPLICATION_INCLUDES)
    with ctx().db.session() as s:
        return single(s, get_or_404(s, JobApplication, "job-application", application_id), ser_application, inc,
                      side_application)


@bp.post("/job-applications")
def create_application():
    d = body_data("job-applications")
    cand_id = rel_id(d, "candidate", "candidates", required=True)
    job_id = rel_id(d, "job", "jobs", nullable=True)
    stage_id = rel_id(d, "stage", "stages")
    c = ctx()
    with c.db.session() as s:
        if cand_id > 2**53 or s.get(Candidate, cand_id) is None:
            raise bad(f"Candidate {cand_id} does not exist.", code="invalid_relationship", status=422,
                      pointer="/data/relationships/candidate")
        job_id = None if job_id is ... else job_id
        if job_id is not None and (job_id > 2**53 or s.get(Job, job_id) is None):
            raise bad(f"Job {job_id} does not exist.", code="invalid_relationship", status=422,
                      pointer="/data/relationships/job")
        values: dict[str, Any] = {"candidate_id": cand_id, "job_id": job_id}
        if stage_id is not ...:
            st = s.get(Stage, stage_id) if stage_id <= 2**53 else None
            if st is None or st.job_id != job_id:
                raise bad(f"Stage {stage_id} is not a stage of job {job_id}.", code="invalid_stage", status=422,
                          pointer="/data/relationships/stage")
            values["stage_id"] = stage_id
        attrs = d.get("attributes") or {}
        sourced = attrs.get("sourced", False)
        if not isinstance(sourced, bool):
            raise bad("`sourced` must be a boolean.", code="invalid_attribute", status=422,
                      pointer="/data/attributes/sourced")
        values["sourced"] = sourced
        values.update(application_text(attrs))
        status = attrs.get("status", "active")
        if status not in APPLICATION_STATUSES:
            raise bad(f"`status` must be one of {', '.join(APPLICATION_STATUSES)}.", code="invalid_attribute",
                      status=422, pointer="/data/attributes/status")
        if status != "active":
            values.update(status=status, **{f"{status}_at": c.now()})
        obj = c.spec.mutations.create(s, c, "job_applications", values)
        return single(s, obj, ser_application, [], side_none, 201)


def application_text(attrs: dict) -> dict:
    out = {}
    for wire, col, n in (("note", "note", 4000), ("rejection-reason", "rejection_reason", 200)):
        v = str_attr(attrs, wire, n, True)
        if v is not ...:
            out[col] = v
    return out


@bp.patch("/job-applications/<int:application_id>")
def update_application(application_id: int):
    d = body_data("job-applications", application_id)
    stage_id = rel_id(d, "stage", "stages")
    status = (d.get("attributes") or {}).get("status", ...)
    if status is not ... and status not in APPLICATION_STATUSES:
        raise bad(f"`status` must be one of {', '.join(APPLICATION_STATUSES)}.", code="invalid_attribute",
                  status=422, pointer="/data/attributes/status")
    c = ctx()
    m = c.spec.mutations
    with c.db.session() as s:
        a = get_or_404(s, JobApplication, "job-application", application_id)
        if stage_id is not ...:
            if stage_id > 2**53:
                raise bad(f"Stage {stage_id} does not exist.", code="invalid_stage", status=422,
                          pointer="/data/relationships/stage")
            m.move(s, c, a, stage_id)
        text_values = application_text(d.get("attributes") or {})
        if status is not ... and status != a.status:
            stamp = {"hired": {"hired_at": c.now()}, "rejected": {"rejected_at": c.now()}}.get(status, {})
            m.update(s, c, "job_applications", a, {"status": status, **stamp})
        if text_values:
            m.update(s, c, "job_applications", a, text_values)
        return single(s, a, ser_application, [], side_none)


# --- custom fields ------------------------------------------------------------------------------

@bp.get("/custom-fields")
def list_custom_fields():
    with ctx().db.session() as s:
        return listing(s, select(CustomField).order_by(CustomField.id), ser_custom_field, [], side_none)


@bp.get("/custom-field-values")
def list_custom_field_values():
    inc = includes(("candidate", "custom-field"))
    q = select(CustomFieldValue).order_by(CustomFieldValue.id)
    if (cid := id_filter("filter[candidate]")) is not None:
        q = q.where(CustomFieldValue.candidate_id == cid)
    with ctx().db.session() as s:
        return listing(s, q, ser_value, inc, side_value)


@bp.post("/custom-field-values")
def create_custom_field_value():
    d = body_data("custom-field-values")
    cand_id = rel_id(d, "candidate", "candidates", required=True)
    field_id = rel_id(d, "custom-field", "custom-fields", required=True)
    value = str_attr(d.get("attributes") or {}, "value", 500, True)
    c = ctx()
    with c.db.session() as s:
        if cand_id > 2**53 or s.get(Candidate, cand_id) is None:
            raise bad(f"Candidate {cand_id} does not exist.", code="invalid_relationship", status=422,
                      pointer="/data/relationships/candidate")
        if field_id > 2**53 or s.get(CustomField, field_id) is None:
            raise bad(f"Custom field {field_id} does not exist.", code="invalid_relationship", status=422,
                      pointer="/data/relationships/custom-field")
        existing = s.scalars(select(CustomFieldValue).where(CustomFieldValue.candidate_id == cand_id,
                                                            CustomFieldValue.custom_field_id == field_id)).first()
        if existing is not None:
            raise VendorError(409, "value_exists", f"Candidate {cand_id} already has a value for custom field "
                              f"{field_id} (custom-field-values {existing.id}); PATCH it instead.",
                              {"pointer": "/data/relationships/custom-field"})
        obj = c.spec.mutations.create(s, c, "custom_field_values", {
            "candidate_id": cand_id, "custom_field_id": field_id, "value": None if value is ... else value})
        return single(s, obj, ser_value, [], side_none, 201)


@bp.patch("/custom-field-values/<int:value_id>")
def update_custom_field_value(value_id: int):
    d = body_data("custom-field-values", value_id)
    value = str_attr(d.get("attributes") or {}, "value", 500, True)
    c = ctx()
    with c.db.session() as s:
        obj = get_or_404(s, CustomFieldValue, "custom-field-value", value_id)
        if value is not ...:
            c.spec.mutations.update(s, c, "custom_field_values", obj, {"value": value})
        return single(s, obj, ser_value, [], side_none)


# --- onboardings --------------------------------------------------------------------------------

@bp.get("/onboardings")
def list_onboardings():
    inc = includes(ONBOARDING_INCLUDES)
    q = select(Onboarding).order_by(Onboarding.id)
    if (st := choice_filter("filter[status]", ONBOARDING_STATUSES)) is not None:
        q = q.where(Onboarding.status == st)
    if (since := instant_filter("filter[updated-at][from]")) is not None:
        q = q.where(Onboarding.updated_at >= since)
    with ctx().db.session() as s:
        return listing(s, q, ser_onboarding, inc, side_onboarding)


@bp.get("/onboardings/<int:onboarding_id>")
def get_onboarding(onboarding_id: int):
    inc = includes(ONBOARDING_INCLUDES)
    with ctx().db.session() as s:
        return single(s, get_or_404(s, Onboarding, "onboarding", onboarding_id), ser_onboarding, inc,
                      side_onboarding)


@bp.get("/onboarding-tasks")
def list_onboarding_tasks():
    inc = includes(("onboarding",))
    q = select(OnboardingTask).order_by(OnboardingTask.id)
    if (oid := id_filter("filter[onboarding]")) is not None:
        q = q.where(OnboardingTask.onboarding_id == oid)
    if (since := instant_filter("filter[updated-at][from]")) is not None:
        q = q.where(OnboardingTask.updated_at >= since)
    with ctx().db.session() as s:
        return listing(s, q, ser_task, inc, side_task)


@bp.patch("/onboarding-tasks/<int:task_id>")
def update_onboarding_task(task_id: int):
    d = body_data("onboarding-tasks", task_id)
    attrs = d.get("attributes") or {}
    c = ctx()
    with c.db.session() as s:
        t = get_or_404(s, OnboardingTask, "onboarding-task", task_id)
        if "done-at" in attrs:
            raw = attrs["done-at"]
            if raw is None:
                done = None
            else:
                try:
                    if not isinstance(raw, str):
                        raise ValueError
                    done = parse_iso_utc(raw).replace(microsecond=0)
                    if not dt.datetime(1970, 1, 2, tzinfo=dt.timezone.utc) <= done <= dt.datetime(
                            9999, 1, 1, tzinfo=dt.timezone.utc):
                        raise ValueError
                except (ValueError, OverflowError):
                    raise bad("`done-at` must be an ISO-8601 timestamp with a zone, or null.",
                              code="invalid_attribute", status=422, pointer="/data/attributes/done-at") from None
            c.spec.mutations.update(s, c, "onboarding_tasks", t, {"done_at": done})
        return single(s, t, ser_task, [], side_none)
