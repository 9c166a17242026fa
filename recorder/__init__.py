"""Integration Bench recorder: a mitmproxy-based reverse proxy that records every HTTP exchange
of a run and injects faults, rate limits and forged webhooks (docs/recorder.md).

Entry points:
- `python -m recorder --config <run config>`: one recorder process per run (recorder.master)
- `recorder.process.start_recorder(...)`: launch it as a subprocess and wait until it is ready
- `recorder.client.RecorderClient`: the control channel client used by the harness
"""

__all__ = ["__version__"]

__version__ = "0.1.0"
