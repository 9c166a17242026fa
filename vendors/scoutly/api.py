"""Candidates, jobs and applications. Reads are GET; creates are `POST /v1/<things>`, updates are
`POST /v1/<things>/{id}` with the fields to change (Scoutly has no PATCH or PUT)."""
from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, jsonify, request
from sqlalchemy import select

from vendors.kit import resources
from vendors.kit.context import ctx

from . import objects
from .api_common import (PAGE_PARAMS, bad, concurrency_headers, email, enum_arg, get_or_404, instant_arg,
                         json_body, list_call, list_page, obj, one_of, ordered, query_known, take, text)
from .models import APPLICATION_STATUSES, JOB_STATUSES, QUESTION_TYPES, Application, Candidate, Job

bp = Blueprint("scoutly_api", __name__, url_prefix="/v1")


def _finish_list(payload: dict):
    return concurrency_headers(jsonify(payload))


# --- candidates ------------------------------------------------------------------------------

CANDIDATE_FIELDS = {
    "firstName": ("first_name", text(100)), "lastName": ("last_name", text(100)), "email": ("email", email),
    "phoneNumber": ("phone", text(40, nullable=True)), "externalId": ("external_id", text(100, nullable=True)),
    "location": ("city", obj({"city": (text(100, nullable=True), False)})),
}


def _candidate_values(body: dict, create: bool) -> dict:
    required = {"firstName", "lastName", "email"} if create else set()
    data = take(body, {k: (check, k in required) for k, (_, check) in CANDIDATE_FIELDS.items()})
    out = {CANDIDATE_FIELDS[k][0]: v for k, v in data.items()}
    if "city" in out:
        out["city"] = out["city"].get("city")
    return out


@bp.get("/candidates")
def list_candidates():
    query_known(PAGE_PARAMS | {"updatedAfter", "email", "externalId"})
    c = ctx()
    q = select(Candidate)
    if (after := instant_arg("updatedAfter")) is not None:
        q = q.where(Candidate.updated_at > after)
    for arg, col in (("email", Candidate.email), ("externalId", Candidate.external_id)):
        if (val := request.args.get(arg)) is not None:
            q = q.where(col == val)
    q = ordered(q, Candidate)
    with list_call():
        with c.db.session() as s:
            payload = list_page(s, q, objects.candidate)
    return _finish_list(payload)


resources.register(bp, resources.Resource(
    "/candidates", "candidates", lambda create: _candidate_values(json_body(), create=create),
    lambda s, rid: get_or_404(s, Candidate, rid, "Candidate"), objects.candidate,
    before_read=lambda: query_known(set()), update_method="POST", id_name="candidateId",
    create_options={"via_api": True}))


@bp.delete("/candidates/<candidateId>")
def erase_candidate(candidateId: str):
    """Erasure (a person's data-protection request): the candidate and their applications are gone."""
    query_known(set())
    c = ctx()
    with c.db.session() as s:
        cand = get_or_404(s, Candidate, candidateId, "Candidate")
        c.spec.mutations.delete(s, c, "candidates", cand)
    return Response(status=204)


# --- jobs ------------------------------------------------------------------------------------

def _questions(name: str, v: Any) -> list[dict]:
    if not isinstance(v, list) or len(v) > 20:
        raise bad(name, f"`{name}` must be a list of at most 20 questions.")
    out, seen = [], set()
    for i, q in enumerate(v):
        item = obj({"id": (text(40), True), "text": (text(500), True), "type": (one_of(*QUESTION_TYPES), True),
                    "options": (_options, False)})(f"{name}[{i}]", q)
        if item["id"] in seen:
            raise bad(f"{name}[{i}].id", f"Question id {item['id']!r} is used twice.")
        seen.add(item["id"])
        if item["type"] == "SINGLE_SELECT" and not item.get("options"):
            raise bad(f"{name}[{i}].options", "A SINGLE_SELECT question needs options.")
        out.append({"id": item["id"], "text": item["text"], "type": item["type"],
                    **({"options": item["options"]} if "options" in item else {})})
    return out


def _options(name: str, v: Any) -> list[str]:
    if not isinstance(v, list) or not v or len(v) > 20 or not all(isinstance(o, str) and o and len(o) <= 100 for o in v):
        raise bad(name, f"`{name}` must be a non-empty list of strings.")
    return v


JOB_FIELDS = {
    "refNumber": ("ref_number", text(100)), "title": ("title", text(200)),
    "department": ("department", text(100, nullable=True)), "status": ("status", one_of(*JOB_STATUSES)),
    "location": (None, obj({"name": (text(200, nullable=True), False), "city": (text(100, nullable=True), False)})),
    "screeningQuestions": ("screening_questions", _questions),
}


def _job_values(body: dict, create: bool) -> dict:
    required = {"refNumber", "title"} if create else set()
    data = take(body, {k: (check, k in required) for k, (_, check) in JOB_FIELDS.items()})
    out = {JOB_FIELDS[k][0]: v for k, v in data.items() if k != "location"}
    if "location" in data:
        loc = data["location"]
        if "name" in loc:
            out["location_name"] = loc["name"]
        if "city" in loc:
            out["location_city"] = loc["city"]
    return out


@bp.get("/jobs")
def list_jobs():
    query_known(PAGE_PARAMS | {"updatedAfter", "refNumber", "status"})
    c = ctx()
    q = select(Job)
    if (after := instant_arg("updatedAfter")) is not None:
        q = q.where(Job.updated_at > after)
    if (ref := request.args.get("refNumber")) is not None:
        q = q.where(Job.ref_number == ref)
    if (status := enum_arg("status", JOB_STATUSES)) is not None:
        q = q.where(Job.status == status)
    q = ordered(q, Job)
    with list_call():
        with c.db.session() as s:
            payload = list_page(s, q, objects.job)
    return _finish_list(payload)


resources.register(bp, resources.Resource(
    "/jobs", "jobs", lambda create: _job_values(json_body(), create=create),
    lambda s, rid: get_or_404(s, Job, rid, "Job"), objects.job,
    before_read=lambda: query_known(set()), update_method="POST", id_name="jobId",
    create_options={"via_api": True}))


# --- applications ----------------------------------------------------------------------------

def _answers_shape(name: str, v: Any) -> list[dict]:
    if not isinstance(v, list) or len(v) > 20:
        raise bad(name, f"`{name}` must be a list of at most 20 answers.")
    out = []
    for i, a in enumerate(v):
        item = obj({"questionId": (text(40), True), "answer": (_answer_value, True)})(f"{name}[{i}]", a)
        out.append({"questionId": item["questionId"], "answer": item["answer"]})
    return out


def _answer_value(name: str, v: Any):
    if isinstance(v, bool) or (isinstance(v, (int, float)) and abs(v) < 1e12) or (isinstance(v, str) and len(v) <= 2000):
        return v
    raise bad(name, f"`{name}` must be a string (at most 2000 characters), a number or a boolean.")


def check_answers(job: Job, answers: list[dict]) -> list[dict]:
    """Answers must name the job's questions, once each, with a value of the question's type."""
    questions = {q["id"]: q for q in job.screening_questions or []}
    seen = set()
    for i, a in enumerate(answers):
        field = f"screeningAnswers[{i}]"
        q = questions.get(a["questionId"])
        if q is None:
            raise bad(f"{field}.questionId", f"Job {job.id} has no screening question {a['questionId']!r}.",
                      "unknown_question")
        if a["questionId"] in seen:
            raise bad(f"{field}.questionId", f"Question {a['questionId']!r} is answered twice.")
        seen.add(a["questionId"])
        val, typ = a["answer"], q["type"]
        ok = ((typ == "TEXT" and isinstance(val, str))
              or (typ == "NUMBER" and isinstance(val, (int, float)) and not isinstance(val, bool))
              or (typ == "BOOLEAN" and isinstance(val, bool))
              or (typ == "SINGLE_SELECT" and val in (q.get("options") or [])))
        if not ok:
            raise bad(f"{field}.answer", f"Question {a['questionId']!r} takes a {typ} answer.", "invalid_answer")
    return answers


@bp.get("/applications")
def list_applications():
    query_known(PAGE_PARAMS | {"updatedAfter", "candidateId", "jobId", "status"})
    c = ctx()
    q = select(Application)
    if (after := instant_arg("updatedAfter")) is not None:
        q = q.where(Application.updated_at > after)
    for arg, col in (("candidateId", Application.candidate_id), ("jobId", Application.job_id)):
        if (val := request.args.get(arg)) is not None:
            q = q.where(col == val)
    if (status := enum_arg("status", APPLICATION_STATUSES)) is not None:
        q = q.where(Application.status == status)
    q = ordered(q, Application)
    with list_call():
        with c.db.session() as s:
            payload = list_page(s, q, objects.application)
    return _finish_list(payload)


@bp.post("/applications")
def create_application():
    data = take(json_body(), {"candidateId": (text(36), True), "jobId": (text(36), True),
                              "status": (one_of(*APPLICATION_STATUSES), False),
                              "screeningAnswers": (_answers_shape, False)})
    c = ctx()
    with c.db.session() as s:
        job = s.get(Job, data["jobId"])
        if job is not None and "screeningAnswers" in data:
            check_answers(job, data["screeningAnswers"])
        values = {"candidate_id": data["candidateId"], "job_id": data["jobId"],
                  "status": data.get("status", "NEW"), "screening_answers": data.get("screeningAnswers", [])}
        app_ = c.spec.mutations.create(s, c, "applications", values, via_api=True)
        return jsonify(objects.application(app_)), 201


@bp.get("/applications/<applicationId>")
def get_application(applicationId: str):
    query_known(set())
    c = ctx()
    with c.db.session() as s:
        return jsonify(objects.application(get_or_404(s, Application, applicationId, "Application")))


@bp.post("/applications/<applicationId>")
def update_application(applicationId: str):
    data = take(json_body(), {"status": (one_of(*APPLICATION_STATUSES), False),
                              "screeningAnswers": (_answers_shape, False)})
    c = ctx()
    with c.db.session() as s:
        app_ = get_or_404(s, Application, applicationId, "Application")
        values: dict[str, Any] = {}
        if "status" in data:
            values["status"] = data["status"]
        if "screeningAnswers" in data:
            job = s.get(Job, app_.job_id)
            values["screening_answers"] = check_answers(job, data["screeningAnswers"]) if job else data["screeningAnswers"]
        c.spec.mutations.update(s, c, "applications", app_, values)
        return jsonify(objects.application(app_))
