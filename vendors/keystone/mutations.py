"""Keystone's write path, shared by the public API and the control plane (`mutate`, scheduled
mutations such as the GET–PUT conflict injection), so both bump `version` (hence the ETag)
and stamp `updated_at` identically. An update that changes nothing is a no-op: no stamp,
no version bump, the ETag stays.

Creating an employee assigns its `employee_no` (`K<100000+id>`) and creates its internal-mobility record (open_to_move false)."""
from __future__ import annotations

from vendors.kit.mutations import Mutations

from .models import TABLES, InternalMobility


def employee_no(ident: int) -> str:
    return f"K{100000 + ident}"


class KeystoneMutations(Mutations):
    def __init__(self):
        super().__init__(dict(TABLES))

    def update(self, s, c, table, obj, values, touch=True):
        if all(getattr(obj, k, object()) == v for k, v in values.items()):
            return obj
        return super().update(s, c, table, obj, values, touch)

    def after_change(self, s, c, kind, table, obj, before=None):
        if kind == "create" and table == "employees":
            if obj.employee_no is None:
                obj.employee_no = employee_no(obj.id)
            s.add(InternalMobility(employee_id=obj.id, open_to_move=False, version=1, updated_at=c.now()))
            s.flush()
