"""Signed bundles and verdicts (bundle/keys.py, bundle/signing.py, docs/security.md): who sealed
a bundle, refusing one edited and re-sealed without the key, and a leaderboard that counts only
verdicts it can verify. Every test has its own operators' keys in tmp_path, never the user's."""
from __future__ import annotations

import json
import os
import shutil
import stat
import sys
from pathlib import Path

import pytest

from bundle.manifest import bundle_files, sha256_file
from grader.errors import SigningError, TamperedBundleError
from bundle.keys import Keyring, key_path, load_private_key, public_of
from grader.scoring import grade_bundle, verdict_bytes
from grader.schema import validate_verdict
from bundle.signing import sign_manifest
from tests.grader.builder import BundleBuilder, simple

SAMPLES = Path(__file__).parents[2] / "traces" / "samples"


# --- helpers ------------------------------------------------------------------------------

@pytest.fixture
def operator(tmp_path, monkeypatch):
    """Switch to an operator's key and trusted keys (a directory per operator)."""
    def use(name: str) -> Path:
        home = tmp_path / "operators" / name
        monkeypatch.setenv("IBENCH_SIGNING_KEY", str(home / "signing_key"))
        monkeypatch.setenv("IBENCH_TRUSTED_KEYS", str(home / "trusted_keys"))
        return home
    use("alice")
    return use


def make_run(root: Path, agent: str = "oracle", solved: bool = True, trial: int = 1) -> Path:
    task = "build-01-staffline-demo"
    b = BundleBuilder(root / f"{task}__{agent}__t{trial}", run_id=f"{task}__{agent}__t{trial}",
                      task_id=task, agent=agent, trial=trial)
    b.x(t=0)
    b.criterion("c1", simple("C1", passing=solved, weight=3))
    return b.build()


def reseal_without_key(bundle: Path, signature: str = "keep") -> None:
    """What a cheat can do: recompute every digest, keep (or drop) the old signature."""
    m = json.loads((bundle / "manifest.json").read_text())
    m["files"] = {rel: sha256_file(bundle / rel) for rel in bundle_files(bundle)}
    if signature == "drop":
        m.pop("signature")
    (bundle / "manifest.json").write_text(json.dumps(m, indent=2, sort_keys=True) + "\n")


def ibench(monkeypatch, capsys, *args) -> tuple[int, str, str]:
    """`ibench ARGS` in process, as the console entry runs it."""
    from ibench.cli import main

    monkeypatch.setattr(sys, "argv", ["ibench", *map(str, args)])
    capsys.readouterr()  # what came before (a key created on first use) is not this command's
    code = 0
    try:
        main()
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else 1
    out = capsys.readouterr()
    return code, out.out, out.err


def one_line_error(code: int, err: str, *words: str) -> None:
    assert code == 2 and "Traceback" not in err, err
    lines = [x for x in err.splitlines() if x.strip()]
    assert len(lines) == 1 and lines[0].startswith("ibench: error:"), err
    for w in words:
        assert w in lines[0], lines[0]


# --- keys ---------------------------------------------------------------------------------

def test_key_created_on_first_use_with_mode_0600(tmp_path, monkeypatch, capsys):
    monkeypatch.delenv("IBENCH_SIGNING_KEY", raising=False)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    path = tmp_path / "config" / "ibench" / "signing_key"
    assert key_path() == path and not path.exists()
    first = public_of(load_private_key())
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert stat.S_IMODE(path.parent.stat().st_mode) == 0o700
    assert "created a signing key" in capsys.readouterr().err
    assert public_of(load_private_key()) == first  # the same key from then on
    monkeypatch.setenv("IBENCH_SIGNING_KEY", str(tmp_path / "ci" / "key"))
    assert public_of(load_private_key()) != first and (tmp_path / "ci" / "key").is_file()


def test_show_and_export(operator, monkeypatch, capsys):
    code, out, _ = ibench(monkeypatch, capsys, "key", "show")
    pub = public_of(load_private_key())
    assert code == 0 and pub.key_id in out and pub.fingerprint in out
    code, pem, _ = ibench(monkeypatch, capsys, "key", "export")
    assert code == 0 and pem.startswith("-----BEGIN PUBLIC KEY-----") and "PRIVATE" not in pem
    code, line, _ = ibench(monkeypatch, capsys, "key", "export", "--format", "line", "--label", "alice")
    assert line.strip() == f"ed25519 {pub.b64} alice"
    code, raw, _ = ibench(monkeypatch, capsys, "key", "export", "--format", "raw")
    assert raw.strip() == pub.b64


# --- grading ------------------------------------------------------------------------------

def test_signed_bundle_verifies_and_names_its_signer(operator, tmp_path, monkeypatch, capsys):
    run = make_run(tmp_path)
    v = grade_bundle(run)
    me = public_of(load_private_key())
    assert v["integrity"]["verified"] is True and v["integrity"]["problems"] == []
    assert v["integrity"]["signature"] == {"status": "valid", "algorithm": "ed25519",
                                           "key_id": me.key_id, "trusted": True}
    assert validate_verdict(v) == []
    code, out, _ = ibench(monkeypatch, capsys, "grade", run)
    assert code == 0 and f"signed by ed25519 key {me.key_id} (your own key)" in out
    assert (run / "verdict.sig").is_file()


def test_changed_file_is_refused(operator, tmp_path):
    run = make_run(tmp_path)
    (run / "criteria/c1.sql").write_text(simple("C1") + "-- edited\n")
    with pytest.raises(TamperedBundleError, match="does not match its manifest.*changed file"):
        grade_bundle(run)


@pytest.mark.parametrize("signature", ["keep", "drop"])
def test_edited_and_resealed_is_refused(operator, tmp_path, monkeypatch, capsys, signature):
    run = make_run(tmp_path, solved=False)
    (run / "criteria/c1.sql").write_text(simple("C1", passing=True, weight=3))  # unsolved → solved
    reseal_without_key(run, signature)
    why = "signature invalid" if signature == "keep" else "signature missing"
    with pytest.raises(TamperedBundleError, match=why) as exc:
        grade_bundle(run)
    assert "fails its signature check" in str(exc.value) and "--allow-tampered" in str(exc.value)
    code, _, err = ibench(monkeypatch, capsys, "grade", run)
    one_line_error(code, err, why, "refusing to grade")
    v = grade_bundle(run, allow_tampered=True)
    assert v["solved"] is True and v["integrity"]["verified"] is False
    assert v["integrity"]["signature"]["status"] == ("invalid" if signature == "keep" else "unsigned")
    assert validate_verdict(v) == []


def test_resigned_with_an_untrusted_key_is_refused(operator, tmp_path):
    run = make_run(tmp_path, solved=False)
    (run / "criteria/c1.sql").write_text(simple("C1", passing=True, weight=3))
    mallory = operator("mallory")
    reseal_without_key(run)
    m = sign_manifest(json.loads((run / "manifest.json").read_text()))  # mallory's own key
    (run / "manifest.json").write_text(json.dumps(m, indent=2))
    operator("alice")
    with pytest.raises(TamperedBundleError, match="untrusted key") as exc:
        grade_bundle(run)
    assert public_of(load_private_key()).key_id not in str(exc.value)
    assert (mallory / "signing_key").is_file()
    v = grade_bundle(run, allow_tampered=True)
    assert v["integrity"]["signature"]["status"] == "valid"
    assert v["integrity"]["signature"]["trusted"] is False and v["integrity"]["verified"] is False


def test_a_trusted_key_is_accepted_and_the_verdict_is_the_same(operator, tmp_path, monkeypatch,
                                                               capsys):
    operator("bob")
    run = make_run(tmp_path)
    bobs = verdict_bytes(grade_bundle(run))
    pem = tmp_path / "bob.pem"
    code, text, _ = ibench(monkeypatch, capsys, "key", "export")
    pem.write_text(text)
    bob = public_of(load_private_key())
    operator("alice")
    with pytest.raises(TamperedBundleError, match="untrusted key"):
        grade_bundle(run)
    assert grade_bundle(run, keyring=Keyring.default([pem]))["integrity"]["verified"] is True
    code, out, _ = ibench(monkeypatch, capsys, "key", "trust", pem, "--label", "bob's lab")
    assert code == 0 and f"trusted {bob.key_id}" in out
    # whoever re-grades, as long as they accept the signer: the same bytes
    assert verdict_bytes(grade_bundle(run)) == bobs
    code, out, _ = ibench(monkeypatch, capsys, "grade", run, "--out", tmp_path / "v.json")
    assert code == 0 and f"key {bob.key_id} (trusted key 'bob's lab')" in out
    assert (tmp_path / "v.json").read_bytes() == bobs
    code, out, _ = ibench(monkeypatch, capsys, "key", "list")
    assert f"trusted  {bob.key_id}" in out
    code, out, _ = ibench(monkeypatch, capsys, "key", "untrust", bob.key_id)
    with pytest.raises(TamperedBundleError, match="untrusted key"):
        grade_bundle(run)


def test_unsigned_bundle_is_reported_unverified(operator, tmp_path, monkeypatch, capsys):
    run = make_run(tmp_path)  # an older bundle: sealed before manifests were signed
    m = json.loads((run / "manifest.json").read_text())
    m.pop("signature")
    (run / "manifest.json").write_text(json.dumps(m, indent=2))
    with pytest.raises(TamperedBundleError, match="not signed"):
        grade_bundle(run)
    v = grade_bundle(run, allow_tampered=True)
    assert v["integrity"]["verified"] is False
    assert v["integrity"]["signature"] == {"status": "unsigned", "algorithm": None,
                                           "key_id": None, "trusted": False}
    code, out, _ = ibench(monkeypatch, capsys, "grade", run, "--allow-tampered")
    assert "not signed: NOT verified" in out and "integrity NOT verified" in out
    # the operator can adopt a bundle they know they produced
    code, out, _ = ibench(monkeypatch, capsys, "key", "sign", run)
    assert code == 0 and "signed with key" in out
    assert grade_bundle(run)["integrity"]["verified"] is True


def test_key_sign_never_vouches_for_an_edit(operator, tmp_path, monkeypatch, capsys):
    run = make_run(tmp_path)
    (run / "logs/agent.log").write_text("edited\n")
    code, out, _ = ibench(monkeypatch, capsys, "key", "sign", run)
    assert code == 2 and "changed file logs/agent.log" in out
    other = make_run(tmp_path, agent="noop")
    reseal_without_key(other)  # digests fine, signature no longer matches
    (other / "manifest.json").write_text((other / "manifest.json").read_text().replace(
        '"agent": "noop"', '"agent": "oracle"'))
    code, out, _ = ibench(monkeypatch, capsys, "key", "sign", other, "--replace")
    assert code == 2 and "signature is invalid" in out
    operator("bob")
    third = make_run(tmp_path, agent="third")
    operator("alice")
    code, out, _ = ibench(monkeypatch, capsys, "key", "sign", third)
    assert code == 2 and "--replace" in out


def test_rotation_keeps_old_bundles_unless_compromised(operator, tmp_path, monkeypatch, capsys):
    first_run = make_run(tmp_path, agent="first")
    first = public_of(load_private_key())
    code, out, _ = ibench(monkeypatch, capsys, "key", "rotate")
    second = public_of(load_private_key())
    assert code == 0 and second != first and first.key_id in out
    assert grade_bundle(first_run)["integrity"]["verified"] is True  # now a trusted (retired) key
    second_run = make_run(tmp_path, agent="second")
    assert grade_bundle(second_run)["integrity"]["signature"]["key_id"] == second.key_id
    code, out, _ = ibench(monkeypatch, capsys, "key", "rotate", "--compromised")
    assert code == 0 and "refused from now on" in out
    with pytest.raises(TamperedBundleError, match=f"untrusted key {second.key_id}"):
        grade_bundle(second_run)
    assert grade_bundle(first_run)["integrity"]["verified"] is True


# --- leaderboard and rescore ----------------------------------------------------------------

def test_leaderboard_counts_only_verified_verdicts(operator, tmp_path, monkeypatch, capsys):
    root = tmp_path / "traces"
    runs = {a: make_run(root, agent=a, solved=False) for a in ("honest", "edited", "tampered",
                                                              "unsigned", "swapped")}
    code, _, _ = ibench(monkeypatch, capsys, "rescore", root, "--overwrite")
    assert code == 0
    # a hand-edited verdict: unsolved → solved
    vp = runs["edited"] / "verdict.json"
    vp.write_text(vp.read_text().replace('"solved": false', '"solved": true'))
    # a tampered bundle with its (genuine) old verdict left beside it
    (runs["tampered"] / "logs/agent.log").write_text("edited\n")
    reseal_without_key(runs["tampered"])
    # a verdict with no grader signature
    (runs["unsigned"] / "verdict.sig").unlink()
    # a genuine verdict and signature copied from another run
    shutil.copy(runs["honest"] / "verdict.json", runs["swapped"] / "verdict.json")
    shutil.copy(runs["honest"] / "verdict.sig", runs["swapped"] / "verdict.sig")
    code, out, _ = ibench(monkeypatch, capsys, "leaderboard", root, "--format", "json")
    agg = json.loads(out)
    assert code == 0 and agg["runs"] == 1 and list(agg["agents"]) == ["honest"]
    reasons = "\n".join(agg["problems"])
    assert "edited__t1/verdict.json: left out: verdict.json was changed after the grader signed it" in reasons
    assert "tampered__t1/verdict.json: left out: the bundle fails verification: signature invalid" in reasons
    assert "unsigned__t1/verdict.json: left out: verdict.json is not signed" in reasons
    assert "swapped__t1/verdict.json: left out: verdict.json was not graded from this bundle" in reasons
    code, out, _ = ibench(monkeypatch, capsys, "leaderboard", root)
    assert code == 0 and "left out" in out and "honest" in out
    # a verdict graded with --allow-tampered never counts either
    code, _, _ = ibench(monkeypatch, capsys, "grade", runs["tampered"], "--allow-tampered",
                        "--out", runs["tampered"] / "verdict.rescored.json")
    code, out, _ = ibench(monkeypatch, capsys, "leaderboard", root, "--format", "json")
    assert "tampered__t1/verdict.rescored.json: left out: the bundle fails verification" in out


def test_leaderboard_of_another_operators_verdicts_needs_their_key(operator, tmp_path, monkeypatch,
                                                                  capsys):
    home = operator("bob")
    root = tmp_path / "traces"
    make_run(root, agent="a")
    ibench(monkeypatch, capsys, "rescore", root, "--overwrite")
    code, pem, _ = ibench(monkeypatch, capsys, "key", "export")
    (tmp_path / "bob.pem").write_text(pem)
    operator("alice")
    code, _, err = ibench(monkeypatch, capsys, "leaderboard", root)
    one_line_error(code, err, "no verdict found that could be verified", "untrusted key")
    code, out, _ = ibench(monkeypatch, capsys, "leaderboard", root, "--format", "json", "--trust",
                          tmp_path / "bob.pem")
    assert code == 0 and json.loads(out)["runs"] == 1
    assert home.is_dir()


def test_rescore_is_byte_identical(operator, tmp_path, monkeypatch, capsys):
    root = tmp_path / "traces"
    for a in ("a", "b"):
        make_run(root, agent=a)
    ibench(monkeypatch, capsys, "rescore", root)
    ibench(monkeypatch, capsys, "rescore", root, "--overwrite")
    for b in root.iterdir():
        assert (b / "verdict.rescored.json").read_bytes() == (b / "verdict.json").read_bytes()


def test_samples_rescore_byte_identical_under_any_accepted_key(operator, tmp_path, monkeypatch,
                                                                capsys):
    """In place, the project's key is accepted for traces/samples; a copy elsewhere is accepted
    only when its key is trusted, and re-grades to the same bytes (tests/traces/test_samples.py
    compares them with the committed verdicts)."""
    names = ["example-00-staffline-hello__oracle__t1", "example-00-staffline-hello__noop__t1"]
    in_place = {n: verdict_bytes(grade_bundle(SAMPLES / n)) for n in names}
    root = tmp_path / "copies"
    for n in names:
        shutil.copytree(SAMPLES / n, root / n)
    code, out, _ = ibench(monkeypatch, capsys, "rescore", root)
    assert code == 2 and "untrusted key" in out  # the project key counts in traces/samples only
    code, out, _ = ibench(monkeypatch, capsys, "rescore", root, "--trust", SAMPLES / "signers.pub")
    assert code == 0, out
    for n in names:
        assert (root / n / "verdict.rescored.json").read_bytes() == in_place[n]


def test_verdict_signature_is_not_a_manifest_signature(operator, tmp_path):
    """One key signs both; the context strings keep one from passing for the other."""
    from bundle.signing import VERDICT_CONTEXT, _signature_block

    run = make_run(tmp_path)
    manifest = json.loads((run / "manifest.json").read_text())
    manifest["signature"] = _signature_block(load_private_key(), VERDICT_CONTEXT, manifest)
    (run / "manifest.json").write_text(json.dumps(manifest))
    with pytest.raises(TamperedBundleError, match="signature invalid"):
        grade_bundle(run)


# --- bad input: one line, never a traceback -------------------------------------------------

def test_corrupt_or_open_key_is_one_line(operator, tmp_path, monkeypatch, capsys):
    run = make_run(tmp_path)
    path = key_path()
    path.write_text("-----BEGIN PRIVATE KEY-----\nnot a key\n-----END PRIVATE KEY-----\n")
    code, _, err = ibench(monkeypatch, capsys, "key", "show")
    one_line_error(code, err, str(path), "not an unencrypted PEM private key")
    code, _, err = ibench(monkeypatch, capsys, "grade", run)
    one_line_error(code, err, "not an unencrypted PEM private key")
    path.unlink()
    load_private_key()
    os.chmod(path, 0o644)
    code, _, err = ibench(monkeypatch, capsys, "rescore", tmp_path)
    one_line_error(code, err, "readable by other users", "chmod 600")
    with pytest.raises(SigningError):
        load_private_key()


def test_bad_trust_files_are_one_line(operator, tmp_path, monkeypatch, capsys):
    run = make_run(tmp_path)
    trust = Path(os.environ["IBENCH_TRUSTED_KEYS"])
    trust.write_text("ed25519 AAAA bob\n")
    code, _, err = ibench(monkeypatch, capsys, "grade", run)
    one_line_error(code, err, str(trust), "line 1", "32 bytes")
    trust.write_text("ssh-rsa AAAAB3Nza bob\n")
    code, _, err = ibench(monkeypatch, capsys, "leaderboard", tmp_path)
    one_line_error(code, err, "line 1", "ed25519 <base64 public key>")
    trust.unlink()
    code, _, err = ibench(monkeypatch, capsys, "key", "trust", tmp_path / "nope.pem")
    one_line_error(code, err, "nope.pem: no such file")
    (tmp_path / "empty.pem").write_text("# nothing\n")
    code, _, err = ibench(monkeypatch, capsys, "key", "trust", tmp_path / "empty.pem")
    one_line_error(code, err, "no public key")
    (tmp_path / "bin.pem").write_bytes(b"\xff\xfe\x00junk")
    code, _, err = ibench(monkeypatch, capsys, "grade", run, "--trust", tmp_path / "bin.pem")
    one_line_error(code, err, "bin.pem: cannot read the keys")
    code, _, err = ibench(monkeypatch, capsys, "key", "untrust", "0123456789abcdef")
    one_line_error(code, err, "no trusted key with id 0123456789abcdef")
