# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Reference solution: signed requests, a walk over every page, Retry-After honoured, and the
vendor's clock learned from its Date header when a signature is judged expired."""
import csv
import hashlib
import hmac
import json
import os
import sys
import time
import urllib.error
import urllib.request
from email.utils import parsedate_to_datetime

BASE = os.environ.get("STAFFLINE_BASE_URL", "").rstrip("/")
KEY = os.environ.get("STAFFLINE_API_KEY", "")
SECRET = os.environ.get("STAFFLINE_API_SECRET", "")
clock_offset = 0.0


def get(path: str) -> dict:
    global clock_offset
    for _ in range(8):
        ts = str(int(time.time() + clock_offset))
        canonical = f"{ts}\nGET\n{path}\n{hashlib.sha256(b'').hexdigest()}"
        sig = hmac.new(SECRET.encode(), canonical.encode(), hashlib.sha256).hexdigest()
        req = urllib.request.Request(BASE + path, headers={
            "X-SL-Key": KEY, "X-SL-Timestamp": ts, "X-SL-Signature": sig, "Accept": "application/json"})
        try:
            with urllib.request.urlopen(req, timeout=30) as resp:
                return json.load(resp)
        except urllib.error.HTTPError as err:
            body = err.read().decode(errors="replace")
            if err.code == 401 and "signature_expired" in body and err.headers.get("Date"):
                clock_offset = parsedate_to_datetime(err.headers["Date"]).timestamp() - time.time()
                continue
            if err.code in (429, 503):
                time.sleep(float(err.headers.get("Retry-After", "1")))
                continue
            raise
    raise RuntimeError(f"giving up on {path}")


def sync() -> int:
    rows, start = [], 0
    while True:
        page = get(f"/v1/candidates?start={start}&count=20")
        rows += page["data"]
        start += len(page["data"])
        if not page["data"] or start >= page["total"]:
            break
    out = os.path.join(os.environ["IB_OUTPUT_DIR"], "candidates.csv")
    with open(out + ".tmp", "w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["id", "email", "last_name"])
        for c in sorted(rows, key=lambda c: c["id"]):
            w.writerow([c["id"], c["email"], c["last_name"]])
    os.replace(out + ".tmp", out)
    print(f"sync: {len(rows)} candidates")
    return 0


def main(argv: list[str]) -> int:
    if argv[:1] != ["sync"]:
        print("usage: python -m conn sync", file=sys.stderr)
        return 2
    return sync()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
