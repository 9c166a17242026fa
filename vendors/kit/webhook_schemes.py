"""The webhook signing scheme a vendor's `webhooks` traits declare (docs/vendor-yaml.md): the
vendors' outboxes sign with it, the recorder forges with it and the explorer checks with it.
The schemes themselves live in vendors/kit/signing.py (the common ones), body_signing.py and
hook_secret_signing.py; this module is the one place that knows them all."""
from __future__ import annotations

from vendors.kit.body_signing import BodyEmbedded
from vendors.kit.hook_secret_signing import hook_secret_scheme
from vendors.kit.signing import HmacTimestampBody, Sha256Space, StandardWebhooks, StripeStyle, WebhookScheme


def scheme_for(webhooks) -> WebhookScheme:
    """The signing scheme declared by a vendor's `webhooks` traits."""
    kind = webhooks.signing
    if kind == "hmac_ts_body":
        return HmacTimestampBody(webhooks.signature_header, webhooks.timestamp_header)
    if kind == "stripe":
        return StripeStyle(webhooks.signature_header)
    if kind == "sha256_space":
        return Sha256Space(webhooks.signature_header or "Signature")
    if kind == "standard_webhooks":
        return StandardWebhooks()
    if kind == "body_embedded":
        return BodyEmbedded()
    if kind == "hook_secret":
        return hook_secret_scheme(webhooks)
    raise ValueError(f"no webhook signing scheme {kind!r} in vendors.kit.webhook_schemes")
