"""The layers of docs/architecture.md hold in the source: nothing below the harness imports it,
the bundle package imports none of the parts above it, and no module imports itself back
through others (every import statement counts, also those inside functions)."""
from __future__ import annotations

from tests.architecture.imports import cycles, edges

# package -> the project packages it may import (vendors: the synthetic systems, below the bench)
ALLOWED = {
    "bundle": set(),
    "vendors": {"bundle"},
    "recorder": {"bundle", "vendors"},
    "grader": {"bundle"},
    "ibench": {"bundle", "vendors", "recorder", "grader"},
}


def test_no_import_runs_up_the_layers():
    wrong = sorted((a, b) for a, bs in edges().items() for b in bs
                   if b.split(".")[0] != a.split(".")[0] and b.split(".")[0] not in ALLOWED[a.split(".")[0]])
    assert not wrong, "imports against the layers:\n" + "\n".join(f"  {a} -> {b}" for a, b in wrong)


def test_no_import_cycle():
    found = cycles(edges())
    assert not found, "import cycles:\n" + "\n".join("  " + " <-> ".join(c) for c in found)


def test_the_checks_see_a_planted_violation():
    """The two checks above can fail: an edge from the grader into the harness and a cycle are found."""
    g = {m: set(d) for m, d in edges().items()}
    g["grader.scoring"].add("ibench.runner")
    g["bundle.layout"].add("bundle.manifest")
    assert ("grader.scoring", "ibench.runner") in {(a, b) for a, bs in g.items() for b in bs
                                                   if b.split(".")[0] not in ALLOWED[a.split(".")[0]] | {a.split(".")[0]}}
    assert any("bundle.layout" in c for c in cycles(g))
