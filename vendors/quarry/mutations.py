"""Quarry's write path, shared by the public API (`candidate.create`, `application.create`)
and the control plane (`mutate`, scheduled mutations).

Control-plane creates may omit `id` (a UUID from the run's seeded generator), `seq` and the
stamps. Deletions are hard deletes: they never show in an incremental (sync-token) walk.
Deleting a candidate deletes its applications and their interview schedules; deleting an
application deletes its schedules and feedback."""
from __future__ import annotations

import random
import uuid
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from vendors.kit.mutations import Mutations

from .models import TABLES, Application, Feedback, InterviewSchedule


def next_seq(s: Session, model: type) -> int:
    return int(s.scalar(select(func.coalesce(func.max(model.seq), 0))) or 0) + 1


def new_uuid(c) -> str:
    rng = c.extra.get("uuid_rng")
    if rng is None:
        rng = c.extra["uuid_rng"] = random.Random(f"quarry:{c.dataset}:{c.seed}:runtime-uuids")
    return str(uuid.UUID(int=rng.getrandbits(128), version=4))


class QuarryMutations(Mutations):
    def __init__(self):
        super().__init__(dict(TABLES))

    def create(self, s: Session, c, table: str, values: dict) -> Any:
        model = self.model(table)
        values = dict(values)
        if table in TABLES:
            values.setdefault("id", new_uuid(c))
            values.setdefault("seq", next_seq(s, model))
        return super().create(s, c, table, values)

    def on_delete(self, s: Session, c, table: str, obj: Any) -> None:
        if table == "candidates":
            for app in s.scalars(select(Application).where(Application.candidate_id == obj.id)):
                self.on_delete(s, c, "applications", app)
        elif table == "applications":
            for sched in s.scalars(select(InterviewSchedule).where(InterviewSchedule.application_id == obj.id)):
                s.delete(sched)
            for fb in s.scalars(select(Feedback).where(Feedback.application_id == obj.id)):
                s.delete(fb)
        s.delete(obj)
