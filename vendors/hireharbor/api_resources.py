"""HireHarbor's resources: users, jobs and stages, candidates (with merges), applications
(stage moves, hire, reject), custom fields and the activity log."""
from __future__ import annotations

from flask import Blueprint, jsonify, request
from sqlalchemy import select

from vendors.kit.behaviours import search_cutoff
from vendors.kit.context import ctx
from vendors.kit.errors import VendorError

from . import objects
from .api_common import (check_on_behalf_of, choice_param, custom_fields_of, email_list, get_or_404, instant,
                         instant_param, int_param, integer, json_body, merge_custom, page_response, phone_list,
                         take, text)
from .models import (APPLICATION_STATUSES, CUSTOM_FIELD_OBJECTS, JOB_STATUSES, Activity, Application, Candidate,
                     CustomField, Job, Stage, User)
from .mutations import email_owner

bp = Blueprint("hireharbor_api", __name__, url_prefix="/v1")
bp.before_request(check_on_behalf_of)


def _m():
    return ctx().spec.mutations


# --- users -------------------------------------------------------------------------------

@bp.get("/users")
def list_users():
    c = ctx()
    q = select(User).order_by(User.id)
    if request.args.get("email"):
        q = q.where(User.email == request.args["email"].strip().lower())
    with c.db.session() as s:
        return page_response(s, q, objects.user)


@bp.get("/users/<int:user_id>")
def get_user(user_id: int):
    c = ctx()
    with c.db.session() as s:
        return jsonify(objects.user(get_or_404(s, User, user_id, "User")))


# --- jobs --------------------------------------------------------------------------------

def _stages(s, job_id: int) -> list:
    return list(s.scalars(select(Stage).where(Stage.job_id == job_id).order_by(Stage.priority, Stage.id)))


@bp.get("/jobs")
def list_jobs():
    c = ctx()
    q = select(Job).order_by(Job.id)
    if status := choice_param("status", JOB_STATUSES):
        q = q.where(Job.status == status)
    if after := instant_param("updated_after"):
        q = q.where(Job.updated_at > after)
    with c.db.session() as s:
        return page_response(s, q, lambda j: objects.job(j, _stages(s, j.id)))


@bp.get("/jobs/<int:job_id>")
def get_job(job_id: int):
    c = ctx()
    with c.db.session() as s:
        j = get_or_404(s, Job, job_id, "Job")
        return jsonify(objects.job(j, _stages(s, j.id)))


@bp.get("/jobs/<int:job_id>/stages")
def job_stages(job_id: int):
    c = ctx()
    with c.db.session() as s:
        get_or_404(s, Job, job_id, "Job")
        return jsonify([objects.stage(x) for x in _stages(s, job_id)])


# --- candidates --------------------------------------------------------------------------

def _candidate(s, candidate_id: int) -> Candidate:
    cand = get_or_404(s, Candidate, candidate_id, "Candidate")
    if cand.merged_into is not None:
        if request.method == "GET":
            raise VendorError(301, "candidate_merged",
                              f"Candidate {cand.id} was merged into candidate {cand.merged_into}.",
                              {"merged_into": cand.merged_into},
                              headers={"Location": f"/v1/candidates/{cand.merged_into}"})
        raise VendorError(409, "candidate_merged",
                          f"Candidate {cand.id} was merged into candidate {cand.merged_into}; write to that one.",
                          {"merged_into": cand.merged_into})
    return cand


def _check_emails(s, emails: list[str], exclude: int | None = None) -> None:
    # with `email_check_lag`, served from the e-mail index like the search: a candidate created
    # less than `search_lag_s` ago is not seen yet (trap email-taken-from-index)
    cutoff = search_cutoff() if ctx().settings.get("email_check_lag") else None
    if email_owner(s, emails, exclude, created_before=cutoff) is not None:
        raise VendorError(422, "email_taken", "A candidate with this e-mail address already exists.",
                          {"field": "emails"})


@bp.get("/candidates")
def list_candidates():
    c = ctx()
    q = select(Candidate).where(Candidate.merged_into.is_(None)).order_by(Candidate.id)
    if after := instant_param("updated_after"):
        q = q.where(Candidate.updated_at > after)
    email = request.args.get("email")
    with c.db.session() as s:
        if email:
            owner_ids = _ids_with_email(s, email)
            q = q.where(Candidate.id.in_(owner_ids))
            if (cutoff := search_cutoff()) is not None:
                q = q.where(Candidate.created_at <= cutoff)
        return page_response(s, q, objects.candidate)


def _ids_with_email(s, email: str) -> list[int]:
    from sqlalchemy import text as sql

    rows = s.execute(sql("SELECT c.id FROM candidates c, json_each(c.emails) j "
                         "WHERE lower(trim(j.value)) = :e"), {"e": email.strip().lower()}).scalars()
    return sorted(set(rows))


_CANDIDATE_FIELDS = {
    "first_name": (text(100), True), "last_name": (text(100), True),
    "company": (text(200, allow_null=True), False), "title": (text(200, allow_null=True), False),
    "emails": (email_list, False), "phone_numbers": (phone_list, False),
    "custom_fields": (custom_fields_of("candidate"), False),
}


@bp.post("/candidates")
def create_candidate():
    data = take(json_body(), _CANDIDATE_FIELDS)
    c = ctx()
    with c.db.session() as s:
        _check_emails(s, data.get("emails") or [])
        cf = merge_custom({}, data.pop("custom_fields", {}))
        cand = _m().create(s, c, "candidates", {**data, "custom_fields": cf})
        return jsonify(objects.candidate(cand)), 201


@bp.get("/candidates/<int:candidate_id>")
def get_candidate(candidate_id: int):
    c = ctx()
    with c.db.session() as s:
        return jsonify(objects.candidate(_candidate(s, candidate_id)))


@bp.patch("/candidates/<int:candidate_id>")
def update_candidate(candidate_id: int):
    fields = {k: (check, False) for k, (check, _) in _CANDIDATE_FIELDS.items()}
    data = take(json_body(), fields)
    c = ctx()
    with c.db.session() as s:
        cand = _candidate(s, candidate_id)
        if "emails" in data:
            _check_emails(s, data["emails"], cand.id)
        if "custom_fields" in data:
            data["custom_fields"] = merge_custom(cand.custom_fields, data["custom_fields"])
        _m().update(s, c, "candidates", cand, data)
        return jsonify(objects.candidate(cand))


@bp.delete("/candidates/<int:candidate_id>")
def delete_candidate(candidate_id: int):
    c = ctx()
    with c.db.session() as s:
        cand = _candidate(s, candidate_id)
        _m().delete(s, c, "candidates", cand)
        return jsonify({"id": candidate_id, "deleted": True})


@bp.put("/candidates/merge")
def merge_candidates():
    data = take(json_body(), {"primary_candidate_id": (integer, True), "duplicate_candidate_id": (integer, True)})
    c = ctx()
    with c.db.session() as s:
        winner = get_or_404(s, Candidate, data["primary_candidate_id"], "Candidate")
        loser = get_or_404(s, Candidate, data["duplicate_candidate_id"], "Candidate")
        _m().merge(s, c, winner, loser)
        return jsonify(objects.candidate(winner))


# --- applications ------------------------------------------------------------------------

def _app_obj(s, a: Application) -> dict:
    return objects.application(a, s.get(Stage, a.current_stage_id) if a.current_stage_id else None)


@bp.get("/applications")
def list_applications():
    c = ctx()
    q = select(Application).order_by(Application.id)
    for name, col in (("job_id", Application.job_id), ("candidate_id", Application.candidate_id),
                      ("current_stage_id", Application.current_stage_id)):
        if (v := int_param(name)) is not None:
            q = q.where(col == v)
    if status := choice_param("status", APPLICATION_STATUSES):
        q = q.where(Application.status == status)
    if after := instant_param("updated_after"):
        q = q.where(Application.updated_at > after)
    with c.db.session() as s:
        return page_response(s, q, lambda a: _app_obj(s, a))


@bp.post("/applications")
def create_application():
    data = take(json_body(), {"candidate_id": (integer, True), "job_id": (integer, True),
                              "initial_stage_id": (integer, False), "source": (text(100, allow_null=True), False),
                              "applied_at": (instant, False),
                              "custom_fields": (custom_fields_of("application"), False)})
    c = ctx()
    with c.db.session() as s:
        cand = s.get(Candidate, data["candidate_id"])
        if cand is None:
            raise VendorError(422, "invalid_candidate", f"Candidate {data['candidate_id']} does not exist.",
                              {"field": "candidate_id"})
        if cand.merged_into is not None:
            raise VendorError(422, "candidate_merged", f"Candidate {cand.id} was merged into {cand.merged_into}.",
                              {"field": "candidate_id", "merged_into": cand.merged_into})
        job = s.get(Job, data["job_id"])
        if job is None:
            raise VendorError(422, "invalid_job", f"Job {data['job_id']} does not exist.", {"field": "job_id"})
        values = {"candidate_id": cand.id, "job_id": job.id, "source": data.get("source"),
                  "custom_fields": merge_custom({}, data.get("custom_fields") or {})}
        if "applied_at" in data:
            values["applied_at"] = data["applied_at"]
        if "initial_stage_id" in data:
            st = s.get(Stage, data["initial_stage_id"])
            if st is None or st.job_id != job.id:
                raise VendorError(422, "invalid_stage", f"Stage {data['initial_stage_id']} is not a stage of job {job.id}.",
                                  {"field": "initial_stage_id"})
            values["current_stage_id"] = st.id
        a = _m().create(s, c, "applications", values)
        return jsonify(_app_obj(s, a)), 201


@bp.get("/applications/<int:application_id>")
def get_application(application_id: int):
    c = ctx()
    with c.db.session() as s:
        return jsonify(_app_obj(s, get_or_404(s, Application, application_id, "Application")))


@bp.patch("/applications/<int:application_id>")
def update_application(application_id: int):
    data = take(json_body(), {"source": (text(100, allow_null=True), False),
                              "custom_fields": (custom_fields_of("application"), False)})
    c = ctx()
    with c.db.session() as s:
        a = get_or_404(s, Application, application_id, "Application")
        if "custom_fields" in data:
            data["custom_fields"] = merge_custom(a.custom_fields, data["custom_fields"])
        _m().update(s, c, "applications", a, data)
        return jsonify(_app_obj(s, a))


@bp.post("/applications/<int:application_id>/move")
def move_application(application_id: int):
    data = take(json_body(), {"from_stage_id": (integer, True), "to_stage_id": (integer, True)})
    c = ctx()
    with c.db.session() as s:
        a = get_or_404(s, Application, application_id, "Application")
        _m().move(s, c, a, data["to_stage_id"], data["from_stage_id"])
        return jsonify(_app_obj(s, a))


@bp.post("/applications/<int:application_id>/hire")
def hire_application(application_id: int):
    raw = request.get_data()
    data = take(json_body(), {"hired_at": (instant, False)}) if raw.strip() else {}
    c = ctx()
    with c.db.session() as s:
        a = get_or_404(s, Application, application_id, "Application")
        _m().hire(s, c, a, data.get("hired_at"))
        return jsonify(_app_obj(s, a))


@bp.post("/applications/<int:application_id>/reject")
def reject_application(application_id: int):
    raw = request.get_data()
    data = take(json_body(), {"rejection_reason": (text(200, allow_null=True), False)}) if raw.strip() else {}
    c = ctx()
    with c.db.session() as s:
        a = get_or_404(s, Application, application_id, "Application")
        _m().reject(s, c, a, data.get("rejection_reason"))
        return jsonify(_app_obj(s, a))


# --- custom fields and activity ----------------------------------------------------------

@bp.get("/custom_fields")
def list_custom_fields():
    c = ctx()
    q = select(CustomField).order_by(CustomField.id)
    if ot := choice_param("object_type", CUSTOM_FIELD_OBJECTS):
        q = q.where(CustomField.object_type == ot)
    with c.db.session() as s:
        return page_response(s, q, objects.custom_field)


@bp.get("/activity")
def list_activity():
    c = ctx()
    q = select(Activity).order_by(Activity.id)
    for name, col in (("user_id", Activity.user_id), ("candidate_id", Activity.candidate_id),
                      ("application_id", Activity.application_id)):
        if (v := int_param(name)) is not None:
            q = q.where(col == v)
    with c.db.session() as s:
        return page_response(s, q, objects.activity)
