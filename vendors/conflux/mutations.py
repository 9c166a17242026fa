"""Conflux's domain effects, shared by the control plane and the config settings.

- a common-model row created by `mutate` gets a Conflux id (`cand_…`, `job_…`, `appl_…`)
  and `modified_at` = now; any update stamps `modified_at`;
- a `delete` op never removes a row: it sets `remote_was_deleted` (as a sync from the source
  ATS would);
- `relink(account_id)` regenerates every Conflux id of that account (remote ids unchanged,
  applications follow their candidate and job), stamps `modified_at` and marks the account
  re-linked (custom op `relink` and config setting `relink_accounts`).
"""
from __future__ import annotations

from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from vendors.kit.mutations import Mutations, OpError

from .models import COMMON, ID_PREFIX, Application, Candidate, Job, LinkedAccount


class ConfluxMutations(Mutations):
    def create(self, s: Session, c, table: str, values: dict) -> Any:
        values = dict(values)
        if table in ID_PREFIX and not values.get("id"):
            values["id"] = c.ids(ID_PREFIX[table])
        if table in COMMON:
            if s.get(LinkedAccount, values.get("account_id") or "") is None:
                raise OpError(f"{table}: account_id must name a linked account")
            for k in ("remote_id",):
                if not values.get(k):
                    raise OpError(f"{table}: {k} is required")
            values.setdefault("remote_was_deleted", False)
        if table == "candidates":
            values.setdefault("email_addresses", [])
            values.setdefault("phone_numbers", [])
            values.setdefault("tags", [])
            if not values.get("first_name") or not values.get("last_name"):
                raise OpError("candidates: first_name and last_name are required")
        if table == "jobs" and not values.get("name"):
            raise OpError("jobs: name is required")
        if table == "applications":
            for k, model in (("candidate_id", Candidate), ("job_id", Job)):
                if s.get(model, values.get(k) or "") is None:
                    raise OpError(f"applications: {k} must name an existing row")
            values.setdefault("current_stage", "Application Review")
            values.setdefault("applied_at", c.now())
        if table == "linked_accounts":
            values.setdefault("linked_at", c.now())
        if "modified_at" in self._columns(self.model(table)):
            values.setdefault("modified_at", c.now())
        return super().create(s, c, table, values)

    def update(self, s: Session, c, table: str, obj: Any, values: dict, touch: bool = True) -> Any:
        values = dict(values)
        if touch and table in COMMON and "modified_at" not in values:
            values["modified_at"] = c.now()
        return super().update(s, c, table, obj, values, touch)

    def on_delete(self, s: Session, c, table: str, obj: Any) -> None:
        if table in COMMON:
            obj.remote_was_deleted = True
            obj.modified_at = c.now()
        else:
            s.delete(obj)


def relink(s: Session, c, account_id: str) -> dict:
    acct = s.get(LinkedAccount, account_id)
    if acct is None:
        raise OpError(f"no linked account {account_id!r}")
    now = c.now()
    new_ids: dict[str, str] = {}
    for table in ("candidates", "jobs"):
        model = COMMON[table]
        for row in s.scalars(select(model).where(model.account_id == account_id).order_by(model.remote_id)):
            new_ids[row.id] = c.ids(ID_PREFIX[table])
    apps = list(s.scalars(select(Application).where(Application.account_id == account_id)
                          .order_by(Application.remote_id)))
    for table in ("candidates", "jobs"):
        model = COMMON[table]
        for row in list(s.scalars(select(model).where(model.account_id == account_id))):
            row.id, row.modified_at = new_ids[row.id], now
    for app in apps:
        app.id = c.ids("appl")
        app.candidate_id = new_ids.get(app.candidate_id, app.candidate_id)
        app.job_id = new_ids.get(app.job_id, app.job_id)
        app.modified_at = now
    acct.status, acct.linked_at = "COMPLETE", now
    s.flush()
    return {"account_id": account_id, "regenerated": len(new_ids) + len(apps)}


def _relink_op(s: Session, c, op: dict) -> dict:
    return relink(s, c, op.get("account_id") or "")


def make_mutations() -> ConfluxMutations:
    from .models import TABLES
    return ConfluxMutations(dict(TABLES), custom_ops={"relink": _relink_op})
