"""The trace bundle: the one artefact every part of Integration Bench shares. A run ends as a
self-contained folder that the grader re-grades offline, byte for byte (docs/trace-format.md
holds its layout and columns, docs/architecture.md where it sits).

The package owns the bundle's layout and the shared schemas, and sits below the parts that
use it: the recorder writes exchanges through `bundle.exchanges`, the harness writes events,
dumps and input snapshots (`bundle.events`, `bundle.dumps`, `bundle.inputs`) and seals the
bundle (`bundle.manifest.seal_bundle`, signed through `bundle.signing` with `bundle.keys`), and
the grader reads and verifies it (`bundle.manifest`, `bundle.signing`). `bundle.traits` is the
schema of a vendor's vendor.yaml, which vendors, recorder, harness and grader all read.
Nothing here imports the harness, the recorder or the grader.

Modules: layout (file names), errors, exchanges (columns, conversions, the trace writer),
events (events.jsonl), dumps (Parquet tables), inputs (traits and criteria snapshots),
manifest (digests, seal, verify), keys and signing (Ed25519 signatures of manifests and
verdicts), verdicts (verdict.json's bytes), traits (vendor.yaml).
"""
