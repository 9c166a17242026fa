"""Checks every vendor passes: its OpenAPI matches its Flask url_map, and schemathesis finds no
server error and no response that breaks the documented schema.

Vendors authenticate in many ways (signatures over the exact bytes, tokens, keys); the tests
give a `sign(method, target, body) -> headers` function, applied by a WSGI middleware to the
request schemathesis generated, so signatures cover the bytes actually sent.
"""
from __future__ import annotations

import io
import re
from importlib import resources
from typing import Callable

import yaml

SignFn = Callable[[str, str, bytes], dict]
_NOT_API = ("/_control", "/docs", "/openapi.yaml", "/static")


def load_openapi(vendor: str) -> dict:
    return yaml.safe_load(resources.files(f"vendors.{vendor}").joinpath("openapi.yaml").read_text())


def documented_routes(spec: dict) -> set[tuple[str, str]]:
    methods = {"get", "post", "put", "patch", "delete"}
    return {(m.upper(), path) for path, item in spec["paths"].items() for m in item if m in methods}


def served_routes(app) -> set[tuple[str, str]]:
    out = set()
    for rule in app.url_map.iter_rules():
        if rule.rule.startswith(_NOT_API):
            continue
        path = re.sub(r"<(?:[^:<>]+:)?([^<>]+)>", r"{\1}", rule.rule)
        for m in rule.methods - {"HEAD", "OPTIONS"}:
            out.add((m, path))
    return out


def assert_openapi_matches_url_map(app, vendor: str) -> None:
    spec = load_openapi(vendor)
    documented, served = documented_routes(spec), served_routes(app)
    assert documented - served == set(), f"documented but not served: {sorted(documented - served)}"
    assert served - documented == set(), f"served but not documented: {sorted(served - documented)}"


class SigningMiddleware:
    def __init__(self, wsgi_app, sign: SignFn):
        self.wsgi_app, self.sign = wsgi_app, sign

    def __call__(self, environ, start_response):
        length = int(environ.get("CONTENT_LENGTH") or 0)
        body = environ["wsgi.input"].read(length) if length else b""
        environ["wsgi.input"] = io.BytesIO(body)
        target = environ.get("PATH_INFO", "")
        if environ.get("QUERY_STRING"):
            target += "?" + environ["QUERY_STRING"]
        environ["RAW_URI"] = target
        for name, value in self.sign(environ["REQUEST_METHOD"], target, body).items():
            environ["HTTP_" + name.upper().replace("-", "_")] = value
        return self.wsgi_app(environ, start_response)


WRITE_METHODS = ("POST", "PUT", "PATCH", "DELETE")


def run_schemathesis(app, vendor: str, sign: SignFn, max_examples: int = 20,
                     skip: Callable[[str], bool] | None = None,
                     transform: Callable[[dict], dict] | None = None,
                     every_write_2xx: bool = True) -> list[str]:
    """Run every documented operation; returns the labels exercised. Raises on a failure.

    `transform` may rewrite a copy of the loaded spec first (e.g. pin path parameters to ids
    that exist in the seeded data, so generated requests reach the handlers, not just 404).

    The `example`s the spec gives run first (Hypothesis' explicit phase), then the generated
    cases. Deletes run after every other operation, so the records the others' pinned ids name
    still exist when they run. With `every_write_2xx`, every write operation (POST, PUT, PATCH,
    DELETE) that documents a 2xx answer must have been answered 2xx at least once: a spec looser
    than the server's validation would leave the write path itself untested."""
    import schemathesis
    import schemathesis.specs.openapi.checks as oc
    from hypothesis import HealthCheck, Phase, example, given, settings
    from schemathesis.checks import not_a_server_error
    from schemathesis.generation.hypothesis.examples import generate_one

    spec = load_openapi(vendor)
    if transform is not None:
        spec = transform(spec)
    schema = schemathesis.openapi.from_dict(spec)
    wsgi = SigningMiddleware(app.wsgi_app, sign)
    checks = [not_a_server_error, oc.response_schema_conformance, oc.status_code_conformance,
              oc.content_type_conformance]
    operations = [result.ok() for result in schema.get_all_operations()]
    operations = [op for op in operations if not (skip and skip(op.label))]
    operations.sort(key=lambda op: op.method.upper() == "DELETE")  # stable: the rest keep their order
    seen: dict[str, dict[int, str]] = {}  # label -> status -> the first answer's body (for the report)
    for op in operations:
        answers = seen.setdefault(op.label, {})

        def check(case):
            response = case.call(app=wsgi)
            answers.setdefault(response.status_code, response.text[:300])
            case.validate_response(response, checks=checks)

        test = given(case=op.as_strategy())(check)
        for strategy in op.get_strategies_from_examples():
            test = example(case=generate_one(strategy))(test)
        settings(max_examples=max_examples, deadline=None, derandomize=True, database=None,
                 suppress_health_check=list(HealthCheck), phases=[Phase.explicit, Phase.generate])(test)()
    if every_write_2xx:
        succeeds = {op.label for op in operations  # a write whose only answer is a redirect is exempt
                    if any(str(code).startswith("2") for code in spec["paths"][op.path][op.method.lower()]["responses"])}
        unreached = {label: answers for label, answers in seen.items()
                     if label.split(" ", 1)[0] in WRITE_METHODS and label in succeeds
                     and not any(200 <= s < 300 for s in answers)}
        assert not unreached, "write operations never answered 2xx:\n" + "\n".join(
            f"  {label}: " + "; ".join(f"{s} {body!r}" for s, body in sorted(answers.items()))
            for label, answers in unreached.items())
    return [op.label for op in operations]
