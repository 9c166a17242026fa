"""One vendor explored the way an agent pokes at an API before writing code: log in (minting
tokens where the vendor's auth needs them, after one try with wrong credentials), read every
documented list and record (ids taken from the lists it read), register a webhook endpoint at
the receiver URL, call every write with a valid body and then an invalid one, delete what it
created, and look at a record that does not exist."""
from __future__ import annotations

import random
import re
from typing import Any, Callable
from urllib.parse import parse_qsl, quote, urlsplit

from ibench.explorer.client import Client, body_of
from ibench.explorer.openapi import Operation, Param
from ibench.explorer.records import dig, flatten, id_resource, items_of, resource_of, walk_items
from ibench.explorer.synth import MISSING, Synth, encode, looks_like

URL_FIELDS = {"url", "uri", "callback", "callback_url", "callbackurl", "target_url", "targeturl", "endpoint",
              "endpoint_url", "webhook_url", "webhookurl", "hook_url", "notification_url"}
HOOKISH = ("webhook", "subscription", "hook")


class VendorWalk:
    def __init__(self, name: str, traits, client: Client, ops: list[Operation], rng: random.Random,
                 receiver_url: str | None, log: Callable[[str], None]):
        self.name, self.traits, self.client, self.ops, self.rng = name, traits, client, ops, rng
        self.receiver_url, self.log = receiver_url, log
        self.lists: dict[str, list[dict]] = {}  # concrete collection path → records of its first page
        self.pools: dict[str, list[dict]] = {}  # resource name → records
        self.created: dict[str, list[dict]] = {}  # collection path → records the explorer created
        self.records: dict[str, Any] = {}  # concrete record path → the record
        self.etags: dict[str, str] = {}
        self.webhook_secrets: list[str] = []
        self.read_calls: list[tuple[Operation, str]] = []  # lists read successfully, in order
        self.op_resource = ""
        self.synth = Synth(rng, self.hint)
        self.idem = 0
        self.replayed = False

    # --- values -------------------------------------------------------------------------

    def pick(self, records: list[dict]) -> dict | None:
        return records[self.rng.randrange(min(len(records), 10))] if records else None

    @staticmethod
    def key_of(record: dict | None, pname: str) -> Any:
        if not isinstance(record, dict):
            return None
        camel = re.sub(r"_([a-z])", lambda m: m.group(1).upper(), pname)
        for key in (pname, camel, "id", "Id", "ID", "uuid"):
            if record.get(key) not in (None, ""):
                return record[key]
        return None

    def known(self, name: str) -> Any:
        """A value the explorer holds under this name: a credential or a learned token."""
        low = name.lower()
        if low in self.client.creds:
            return self.client.creds[low]
        return self.client.learned.get(name, MISSING)

    def hint(self, name: str, schema: dict) -> Any:
        value = self.known(name)
        if value is not MISSING:
            return value
        low = name.lower().replace("-", "_")
        if self.receiver_url and (low in URL_FIELDS or (schema.get("format") in ("uri", "url") and "url" in low)):
            return self.receiver_url
        resource = id_resource(name) or (self.op_resource if low == "id" else None)
        if resource and resource in self.pools:
            got = self.key_of(self.pick(self.pools[resource]), "id")
            if got is not None:
                return int(got) if schema.get("type") == "integer" and str(got).isdigit() else got
        return MISSING

    def param_value(self, p, prefix: str, prefer_created: bool, fallback: bool) -> tuple[Any, dict | None]:
        value = self.known(p.name)
        if value is not MISSING:
            return value, None
        for url in [v for v in self.client.learned.values() if isinstance(v, str) and "/" in v]:
            m = re.match(re.escape(prefix) + r"/([^/?]+)", urlsplit(url).path)
            if m and p.location == "path":
                return m.group(1), None
        records = ((self.created.get(prefix) if prefer_created else None) or self.lists.get(prefix)
                   or self.created.get(prefix))  # an empty list: what the explorer made there
        if records:
            record = self.pick(records)
            got = self.key_of(record, p.name)
            if got is not None:
                return got, record
        # A pool of the same resource read elsewhere: `candidate_id` → candidates, and an item
        # path under another list of the same records (`entity/Candidate/{ids}` ← `search/Candidate`).
        resource = id_resource(p.name) if id_resource(p.name) in self.pools else resource_of(prefix)
        if resource in self.pools:
            record = self.pick(self.pools[resource])
            got = self.key_of(record, "id")
            if got is not None:
                return got, record
        s = p.schema or {}
        if s.get("enum"):
            return s["enum"][0], None
        if re.search(r"\* for all|\bor \*", p.description):  # a wildcard the docs offer (fields=, query=)
            return "*", None
        if not fallback:
            return None, None
        for key in ("default", "example", "minimum"):
            if s.get(key) is not None:
                return s[key], None
        return (1 if s.get("type") == "integer" else "explorer"), None

    def resolve(self, op: Operation, prefer_created: bool = False, fallback: bool = False):
        """(concrete path, the record the last path parameter names) or None."""
        out, pos, record = "", 0, None
        for m in re.finditer(r"\{([^}]+)\}", op.path):
            out += op.path[pos:m.start()]
            p = next((q for q in op.params if q.name == m.group(1) and q.location == "path"), None)
            if p is None:
                p = Param(m.group(1), "path", True, {})
            value, record = self.param_value(p, out.rstrip("/"), prefer_created, fallback)
            if value is None:
                return None
            out += quote(str(value), safe="")
            pos = m.end()
        return out + op.path[pos:], record

    def query_for(self, op: Operation, fallback: bool = True) -> tuple[dict, dict]:
        params, headers = {}, {}
        for p in op.params:
            if p.location == "path" or not p.required:
                continue
            value, _ = self.param_value(p, "", False, fallback)
            if value is MISSING or value is None:
                continue
            (params if p.location == "query" else headers)[p.name] = str(value)
        return params, headers

    # --- stages ---------------------------------------------------------------------------

    def is_write(self, op: Operation) -> bool:
        from fnmatch import fnmatchcase

        if op.method == "GET":
            return False
        if op.method in self.traits.write_methods:
            return True
        return any(fnmatchcase(op.path, g) for g in self.traits.write_paths)

    def bootstrap(self, wrong_first: bool) -> None:
        """The unauthenticated operations (token, authorize, login) in document order; what
        they answer (tokens, codes, session URLs) is learned and used from then on."""
        public = [op for op in self.ops if op.public]
        for i, op in enumerate(public):
            if wrong_first and i == 0:
                self.call_public(op, wrong=True)
            resp = self.call_public(op, wrong=False)
            if resp is None:
                continue
            body = body_of(resp)
            if isinstance(body, dict):
                for k, v in body.items():
                    if isinstance(v, (str, int)) and not isinstance(v, bool):
                        self.client.learned[k] = str(v)
            loc = resp.headers.get("Location")
            if loc:
                self.client.learned.update(dict(parse_qsl(urlsplit(loc).query)))

    def call_public(self, op: Operation, wrong: bool):
        def val(name: str, schema: dict, required: bool) -> Any:
            v = self.known(name)
            if v is not MISSING:
                return "explorer-wrong-" + str(v)[-4:] if wrong and name.lower() in self.client.creds else v
            if schema.get("enum"):  # grant_type, response_type, version: the first is the usual one
                return schema["enum"][0]
            return MISSING

        params = {}
        for p in op.params:
            if p.location == "query":
                v = val(p.name, p.schema, p.required)
                if v is not MISSING:
                    params[p.name] = v
        content, ctype = None, None
        if op.body is not None:
            from ibench.explorer.synth import merged
            s = merged(op.body)
            req = set(s.get("required") or [])
            fields = {k: val(k, merged(v), k in req) for k, v in (s.get("properties") or {}).items()}
            content, ctype = encode({k: v for k, v in fields.items() if v is not MISSING}, op.content_type, s)
        return self.client.send(op.method, op.path, params, content, ctype, mode="none",
                                label="(wrong credentials) " if wrong else "")

    def reads(self) -> None:
        pending = [op for op in self.ops if not op.public and not self.is_write(op) and op.method != "DELETE"]
        fallback = False
        for _ in range(8):
            progressed = False
            for op in list(pending):
                got = self.resolve(op, fallback=fallback)
                if got is None:
                    continue
                pending.remove(op)
                progressed = True
                self.read(op, *got)
            if not pending:
                break
            fallback = not progressed or fallback
        for op in pending:
            self.log(f"{self.name} {op.method} {op.path} not called: no value for its path parameters")

    def read(self, op: Operation, path: str, record: dict | None) -> None:
        self.op_resource = resource_of(op.path)
        params, headers = self.query_for(op)
        content = ctype = None
        if op.method != "GET" and op.body is not None:  # RPC reads: the query is the body
            content, ctype = encode(self.synth.value(op.body), op.content_type, op.body)
        resp = self.client.send(op.method, path, params, content, ctype, headers)
        if resp is None or resp.status_code >= 400:
            return
        body = body_of(resp)
        if resp.headers.get("ETag"):
            self.etags[path] = resp.headers["ETag"]
        hint = self.traits.pagination.response.get("items", "")
        records = items_of(body, hint)
        if op.collection or op.method != "GET":
            self.read_calls.append((op, path))
            self.lists.setdefault(path, records)
            if records:
                self.pools.setdefault(resource_of(op.path), records)
            self.next_page(op, path, resp, body, records)
        else:
            one = body.get("data") if isinstance(body, dict) and isinstance(body.get("data"), dict) else body
            self.records[path] = flatten(one) if isinstance(one, dict) else one

    def next_page(self, op: Operation, path: str, resp, body: Any, records: list) -> None:
        """The second page, the way the vendor pages (one page more, not a full walk)."""
        pg = self.traits.pagination
        link = resp.links.get("next", {}).get("url")
        nxt = link or dig(body, pg.response.get("next"))
        params: dict = {}
        if isinstance(nxt, str) and nxt:
            if "/" in nxt:
                self.client.send("GET", self.client.target(nxt)[len(self.client.base):], label="(next page) ")
                return
            params = {pg.params.get("cursor") or pg.params.get("offset") or "cursor": nxt}
        elif pg.style in ("start_count", "offset_total") and records and "offset" in pg.params:
            total = dig(body, pg.response.get("total"))
            if isinstance(total, int) and total <= len(records):
                return
            params = {pg.params["offset"]: len(records)}
        elif pg.style == "rpc_cursor" and dig(body, pg.response.get("more")):
            content, ctype = encode({pg.params["cursor"]: dig(body, pg.response.get("next_cursor"))}, op.content_type)
            self.client.send(op.method, path, None, content, ctype, label="(next page) ")
            return
        if params and op.method == "GET":
            self.client.send("GET", path, {**self.query_for(op)[0], **params}, label="(next page) ")

    def writes(self) -> None:
        writes = [op for op in self.ops if not op.public and self.is_write(op) and op.method != "DELETE"]
        # Registrations first (a POST to a webhook/subscription collection), so the writes
        # after them make the vendor deliver events to the receiver.
        hooks = [op for op in writes if op.method == "POST" and not op.path_params
                 and any(h in op.path.lower() for h in HOOKISH)]
        for op in hooks + [op for op in writes if op not in hooks]:
            if op in hooks and not self.receiver_url:
                self.log(f"{self.name} {op.method} {op.path} not called: the task has no receiver URL to register")
                continue
            self.write(op, op in hooks)

    def write(self, op: Operation, hook: bool) -> None:
        got = self.resolve(op, fallback=True)
        if got is None:
            return
        path, record = got
        self.op_resource = resource_of(op.path)
        base = self.records.get(path) or record or {}
        params, headers = self.query_for(op)
        if self.traits.idempotency and op.method in self.traits.idempotency.methods:
            self.idem += 1
            headers[self.traits.idempotency.header] = f"explorer-{self.name}-{self.idem:04d}"
        if path in self.etags and op.method in ("PUT", "PATCH"):
            headers["If-Match"] = self.etags[path]
        content = ctype = None
        if op.body is not None:
            content, ctype = encode(self.synth.value(op.body, base=base), op.content_type, op.body)
        resp = self.client.send(op.method, path, params, content, ctype, headers)
        body = body_of(resp)
        idem = self.traits.idempotency
        if idem and idem.header in headers and resp is not None and resp.status_code < 300 and not self.replayed:
            # Once per vendor, as an agent checks the idempotency it read about: the same key
            # and body again (a replay), then the same key with another body (a mismatch).
            self.replayed = True
            self.client.send(op.method, path, params, content, ctype, headers, label="(same idempotency key) ")
            sent = self.synth.value(op.body, base=base) if op.body is not None else {}
            other, _ = encode({**sent, "explorer_note": "changed"} if isinstance(sent, dict) else sent,
                              op.content_type, op.body)
            self.client.send(op.method, path, params, other, ctype or "application/json", headers,
                             label="(same key, other body) ")
        if resp is not None and resp.status_code < 300 and isinstance(body, dict):
            one = flatten(body.get("data") if isinstance(body.get("data"), dict) else body)
            if op.collection:
                self.created.setdefault(path, []).append(one)
            if hook:
                self.webhook_secrets += [v for k, v in walk_items(body) if "secret" in k.lower() and isinstance(v, str)]
        if op.body is not None:  # and the same write with a body the vendor must refuse
            if self.traits.idempotency and op.method in self.traits.idempotency.methods:
                self.idem += 1
                headers[self.traits.idempotency.header] = f"explorer-{self.name}-{self.idem:04d}"
            content, ctype = encode(self.synth.invalid(op.body), op.content_type, op.body)
            self.client.send(op.method, path, params, content, ctype, headers, label="(invalid body) ")

    def deletes(self) -> None:
        for op in [op for op in self.ops if not op.public and op.method == "DELETE"]:
            got = self.resolve(op, prefer_created=True, fallback=True)
            if got is not None:
                params, headers = self.query_for(op)
                self.client.send("DELETE", got[0], params, headers=headers)

    def probe_missing(self) -> None:
        """A record that does not exist: the first record read, with an id of the same shape."""
        for op in self.ops:
            if op.method == "GET" and not op.collection and not op.public:
                got = self.resolve(op)
                if got is None or got[1] is None:
                    continue
                real = self.key_of(got[1], op.path_params[-1])
                fake = quote(str(looks_like(real)), safe="")
                path = got[0][: got[0].rstrip("/").rfind("/") + 1] + fake
                self.client.send("GET", path, self.query_for(op)[0], label="(no such record) ")
                return

    def probe_unauthorized(self) -> None:
        """The first list read again with wrong credentials, then with none."""
        for op, path in self.read_calls[:1]:
            content, ctype = (encode({}, op.content_type) if op.method != "GET" else (None, None))
            for mode, label in (("bad", "(wrong credentials) "), ("none", "(no credentials) ")):
                self.client.send(op.method, path, self.query_for(op)[0], content, ctype, mode=mode, label=label)
