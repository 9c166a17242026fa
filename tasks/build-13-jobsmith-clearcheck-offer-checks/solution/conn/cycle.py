# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""`cycle` (every 15 minutes):

1. make sure ClearCheck delivers webhooks to this deployment's receiver;
2. poll ClearCheck for every check that moved since the last poll (webhooks are a
   convenience, not a guarantee), watermarked with ClearCheck's own clock (`Date`);
3. order one `enhanced_childcare` check for each Offer applicant without a live one (looked up
   by external_id first, so a lost answer or a lost database never doubles an order; then
   among the checks head office ordered by hand before us, which carry no usable external_id
   and belong to candidates typed by hand: those are the applicant's when the candidate's
   e-mail is the applicant's, ignoring case and spaces, and a live one is adopted);
4. write every completed result back to Jobsmith once: the note, and `Cleared` on CLEAR only."""
import json
import sys
from datetime import timedelta

from conn import config, store
from conn.clearcheck import ClearCheck
from conn.jobsmith import Jobsmith

EVENTS = ["check.created", "check.in_progress", "check.completed", "check.cancelled"]


def webhook_file():
    return config.state_dir() / "clearcheck_webhook.json"


def ensure_webhook(cc: ClearCheck) -> None:
    url = config.receiver_url() + config.HOOK_PATH
    path = webhook_file()
    if path.exists() and json.loads(path.read_text()).get("url") == url:
        return
    r = cc.post("/v1/webhooks", {"url": url, "events": EVENTS}, key=f"webhook-{url}")
    if r.status_code != 201:
        print(f"cycle: could not register the webhook endpoint: {r.status_code} {r.text[:200]}", file=sys.stderr)
        return
    doc = r.json()
    config.state_dir().mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"url": url, "id": doc["id"], "secret": doc["secret"]}))


def poll(cc: ClearCheck, db) -> None:
    since = store.meta(db, "watermark")
    params = {"updated_since": since} if since else {}
    first_date = None
    for check in cc.walk("/v1/checks", params):
        first_date = first_date or cc.last_date
        store.merge(db, check)
    first_date = first_date or cc.last_date
    if first_date is not None:  # inclusive filter: a minute of overlap costs nothing
        mark = (first_date - timedelta(seconds=60)).strftime("%Y-%m-%dT%H:%M:%SZ")
        store.meta(db, "watermark", mark)
    store.meta(db, "clock_offset_s", f"{cc.offset_s:.3f}")


def live_check(db, applicant_id: int):
    return db.execute("SELECT check_id FROM checks WHERE applicant_id = ? AND status <> 'cancelled'",
                      (applicant_id,)).fetchone()


def mail(value) -> str:
    return "".join(str(value or "").split()).lower()


class HandMade:
    """The candidates of the account by e-mail, read once per cycle and only when needed."""

    def __init__(self, cc: ClearCheck):
        self.cc, self.by_mail = cc, None

    def checks_of(self, email: str) -> list[dict]:
        if self.by_mail is None:
            self.by_mail = {}
            for cand in self.cc.walk("/v1/candidates"):
                self.by_mail.setdefault(mail(cand.get("email")), []).append(cand["id"])
        out = []
        for cand_id in self.by_mail.get(mail(email), []):
            out += [c for c in self.cc.walk("/v1/checks", {"candidate_id": cand_id})
                    if store.applicant_of(c) is None]
        return out


def order(cc: ClearCheck, db, applicant: dict, hand: HandMade) -> None:
    aid, job_id = int(applicant["id"]), int(applicant["job_id"])
    if live_check(db, aid):
        db.execute("UPDATE checks SET job_id = ? WHERE applicant_id = ? AND job_id IS NULL", (job_id, aid))
        return
    earlier = list(cc.walk("/v1/checks", {"external_id": str(aid)}))
    for check in earlier:
        store.merge(db, check, job_id)
    if any(c["status"] != "cancelled" for c in earlier):
        return
    by_hand = [c for c in hand.checks_of(applicant.get("email")) if c["status"] != "cancelled"]
    if by_hand:  # ordered by hand before the integration: that is their one check
        for check in by_hand:
            store.merge(db, check, job_id, applicant_id=aid)
        print(f"cycle: adopted {', '.join(c['id'] for c in by_hand)} (ordered by hand) for applicant {aid}")
        return
    cands = list(cc.walk("/v1/candidates", {"external_id": str(aid)}))
    if cands:
        cand_id = cands[0]["id"]
    else:
        r = cc.post("/v1/candidates", {"first_name": applicant["first_name"], "last_name": applicant["last_name"],
                                       "email": applicant["email"], "external_id": str(aid)},
                    key=f"candidate-{aid}")
        r.raise_for_status()
        cand_id = r.json()["id"]
    r = cc.post("/v1/checks", {"candidate_id": cand_id, "package": config.PACKAGE, "external_id": str(aid)},
                key=f"check-{aid}-after-{len(earlier)}")
    r.raise_for_status()
    store.merge(db, r.json(), job_id)
    print(f"cycle: ordered {r.json()['id']} for applicant {aid}")


def note_text(check_id: str, result: str) -> str:
    return f"Background check: {result.upper()} (ClearCheck {check_id})"


def write_back(js: Jobsmith, db) -> None:
    rows = db.execute("SELECT check_id, applicant_id, result, job_id FROM checks"
                      " WHERE status = 'complete' AND written_back = 0 ORDER BY check_id").fetchall()
    for check_id, aid, result, job_id in rows:
        text = note_text(check_id, result)
        if not any((n.get("contents") or "").strip() == text for n in js.notes(aid)):
            js.add_note(aid, text)
        if result == "clear":
            if job_id is None:
                job_id = next((j["job_id"] for j in js.get(f"/v1/applicants/{aid}").get("jobs") or []
                               if j.get("status") == "Offer"), None)
            if job_id is not None:
                js.set_status(aid, int(job_id), "Cleared")
        db.execute("UPDATE checks SET written_back = 1 WHERE check_id = ?", (check_id,))
        print(f"cycle: {text} written back to applicant {aid}")


def cycle() -> int:
    cc, js, db = ClearCheck(), Jobsmith(), store.connect()
    ensure_webhook(cc)
    poll(cc, db)
    hand = HandMade(cc)
    for applicant in js.offers():
        order(cc, db, applicant, hand)
    write_back(js, db)
    return 0
