"""The two headers of the bench's own plumbing, named once: the recorder and the harness speak
them, the vendors (and the recorder's control channel) check them (docs/recorder.md,
docs/security.md)."""

# every request the recorder forwards to a vendor carries the run's nonce in it (the proxy guard)
VIA_HEADER = "X-IB-Via"
# the run's control token on /_control/* of a vendor and on the recorder's control channel
CONTROL_HEADER = "X-Control-Token"
