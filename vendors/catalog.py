"""`docs/vendors.md`: one table comparing every vendor's traits, generated from vendor.yaml."""
from __future__ import annotations

from vendors import VENDORS
from bundle.traits import load_traits

HEADER = """# Vendor catalog

Generated from each vendor's `vendor.yaml` by `python -m vendors.catalog`; a test keeps it
current. Traps (deliberate docs-vs-wire differences) are listed in the vendor.yaml files and
never shown to agents.

"""


def _rate(t) -> str:
    rules = ", ".join(f"{r.policy} {r.limit}/{r.window_s:g}s" if r.policy == "fixed_window" else
                      f"{r.policy} {r.limit}" for r in t.rate_limits.rules) or "none"
    return f"{rules} ({t.rate_limits.dialect}, Retry-After {t.rate_limits.retry_after})"


def render() -> str:
    cols = ["vendor", "auth", "pagination", "freshness", "timestamps", "ids", "webhooks", "idempotency",
            "rate limits", "datasets"]
    lines = ["| " + " | ".join(cols) + " |", "|" + "---|" * len(cols)]
    for name in VENDORS:
        t = load_traits(name)
        fresh = f"`{t.freshness.param}` ({t.freshness.unit}{', inclusive' if t.freshness.inclusive else ''})" \
            if t.freshness else "—"
        hooks = f"{t.webhooks.signing}, tolerance {t.webhooks.tolerance_s}s" if t.webhooks else "—"
        idem = f"`{t.idempotency.header}`" if t.idempotency else "—"
        ttl = f", TTL {t.auth.token.ttl_s}s" if t.auth.token else ""
        row = [f"**{t.title}** — {t.summary}", f"{t.auth.scheme}{ttl}",
               f"{t.pagination.style} ({', '.join(f'`{v}`' for v in t.pagination.params.values())}; max {t.pagination.max_limit})",
               fresh, t.timestamps, t.ids, hooks, idem, _rate(t), ", ".join(t.datasets)]
        lines.append("| " + " | ".join(c.replace("|", "\\|") for c in row) + " |")
    return HEADER + "\n".join(lines) + "\n"


if __name__ == "__main__":
    from pathlib import Path

    Path("docs/vendors.md").write_text(render())
