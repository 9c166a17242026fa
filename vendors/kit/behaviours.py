"""Vendor-side behaviours switched through `/_control/config` that endpoints consult."""
from __future__ import annotations

from datetime import datetime, timedelta

from vendors.kit.context import ctx


def search_cutoff() -> datetime | None:
    """Rows changed after this vendor instant are not yet visible to search/list endpoints
    that honour `search_lag_s` (read-after-write lag); None when no lag is set."""
    c = ctx()
    lag = c.settings.get("search_lag_s")
    return c.now() - timedelta(seconds=float(lag)) if lag else None
