"""The suite as Inspect AI tasks (docs/inspect.md): `inspect eval` with Inspect's mock model and
the oracle scores 1.0 in the Inspect log, the noop 0; a (mock) model that works through the
`shell` tool is graded by our grader, with the bundle in the sample's metadata."""
import json
import subprocess
import sys
from pathlib import Path

import pytest

inspect_ai = pytest.importorskip("inspect_ai")

from inspect_ai.log import read_eval_log  # noqa: E402

from .conftest import TASKS  # noqa: E402

ROOT = Path(__file__).parents[2]
TASK = "example-00-staffline-hello"
TASK_FILE = ROOT / "ibench" / "inspect_tasks.py"


def inspect_eval(tmp_path, agent):
    logs = tmp_path / f"logs-{agent}"
    proc = subprocess.run([str(Path(sys.executable).parent / "inspect"), "eval", f"{TASK_FILE}@integration_bench",
                           "--model", "mockllm/model", "-T", f"tasks={TASK}", "-T", f"agent={agent}",
                           "-T", f"out={tmp_path / 'bundles'}", "--log-dir", str(logs), "--display", "none"],
                          capture_output=True, text=True, cwd=tmp_path, timeout=280)
    assert proc.returncode == 0, proc.stdout[-2000:] + proc.stderr[-3000:]
    (log_file,) = logs.glob("*.eval")
    return read_eval_log(str(log_file))


def metrics(log):
    return {s.name: s.metrics["mean"].value for s in log.results.scores}


@pytest.mark.parametrize("agent, score", [("oracle", 1.0), ("noop", 0.0)])
def test_inspect_eval_reads_our_verdict(tmp_path, agent, score):
    log = inspect_eval(tmp_path, agent)
    assert log.status == "success"
    m = metrics(log)
    assert m["score"] == score and m["solved"] == score
    (sample,) = log.samples
    bundle = Path(sample.metadata["bundle"])
    verdict = json.loads((bundle / "verdict.json").read_text())
    assert verdict["score"] / 100 == score
    assert sample.scores["ibench_verdict"].metadata["bundle"] == str(bundle)
    assert m["correctness"] == verdict["by_category"]["correctness"]["score"] / 100


def test_a_model_works_through_the_shell_tool_and_is_graded(tmp_path):
    from inspect_ai import eval as inspect_eval_api
    from inspect_ai.model import ModelOutput, ModelUsage, get_model

    from ibench.inspect_tasks import integration_bench

    usage = ModelUsage(input_tokens=10, output_tokens=10, total_tokens=20)  # no tokenizer download
    solution = TASKS / TASK / "solution"
    steps = [ModelOutput.for_tool_call("mockllm", "shell", {"cmd": "test -f TICKET.md && echo $STAFFLINE_BASE_URL"}),
             ModelOutput.for_tool_call("mockllm", "shell", {"cmd": f"cp -r {solution}/. ."}),
             ModelOutput.from_content("mockllm", "Done: the connector is in place.")]
    for s in steps:
        s.usage = usage
    model = get_model("mockllm/model", custom_outputs=steps)
    (log,) = inspect_eval_api(integration_bench(tasks=TASK, out=str(tmp_path / "bundles")), model=model,
                              log_dir=str(tmp_path / "logs"), display="none")
    assert log.status == "success", log.error
    assert metrics(log)["score"] == 1.0
    (sample,) = log.samples
    tool_results = [m for m in sample.messages if m.role == "tool"]
    assert "http://127.0.0.1:" in tool_results[0].text and "(exit code 0)" in tool_results[0].text
    bundle = Path(sample.metadata["bundle"])
    manifest = json.loads((bundle / "manifest.json").read_text())
    assert manifest["agent"] == "inspect" and manifest["model"] == "mockllm/model"
