"""Which dumped columns a criterion *compares*: a static analysis of its SQL.

The completeness gate (ibench/completeness.py) needs to know, for each criterion, which columns
of which checkpoint's tables it holds against something else. A regex over the text would count
a column that is only selected into the evidence, or one that merely shares its name with a
column of another table, so the SQL is parsed with DuckDB's own parser (`json_serialize_sql`,
which gives the parse tree of a SELECT) and column references are resolved through the query's
scopes, CTEs, subqueries and the views the shared definitions (`criteria/_*.sql`) create.

A *base column* is `(checkpoint, source, table, column)`: source `output` for `output.<t>` /
`cp_<cp>.output_<t>`, or a vendor name for `state.<vendor>_<t>` / `cp_<cp>.<vendor>_<t>`;
`output.*` and `state.*` are checkpoint `final`.

A column counts as compared when an expression in a comparing position depends on it: WHERE,
JOIN ... ON / USING, HAVING, QUALIFY, the lists of an EXCEPT or INTERSECT, and the select list of
a subquery used in such a position (`x NOT IN (SELECT id ...)`, `(SELECT count(*) ...) = 0`).
Lineage carries a derived column (a CTE's, a view's, a subquery's, either side of a UNION) back
to the base columns it is computed from. Not counted: the select list of the criterion itself
(the evidence), a bare `IS [NOT] NULL` test, the PARTITION BY / ORDER BY of a window, GROUP BY
and ORDER BY. Comparisons inside a CTE, subquery or view count for a criterion that reads it.

Statements DuckDB cannot serialise (anything but SELECT; CREATE VIEW bodies are cut out and
parsed as SELECTs) fall back to text: a known column named anywhere in a statement that names
its table counts, and the result says the fallback was used."""
from __future__ import annotations

import json
import re
from dataclasses import dataclass, field

import duckdb

Base = tuple[str, str, str, str]  # (checkpoint, source, table, column)

_VIEW_RE = re.compile(r"^\s*CREATE\s+(?:OR\s+REPLACE\s+)?(?:TEMP(?:ORARY)?\s+)?(?:VIEW|TABLE)\s+"
                      r"(?:IF\s+NOT\s+EXISTS\s+)?(?:(?:temp|main)\.)?\"?(\w+)\"?\s*(?:\(([^)]*)\))?\s+AS\s+(.*)$",
                      re.I | re.S)
_COMMENT_RE = re.compile(r"--[^\n]*")


class Schema:
    """The task's dumped tables: declared outputs and each vendor's tables with their columns."""

    def __init__(self, outputs: dict[str, list[str]], vendors: dict[str, dict[str, list[str]]]):
        self.outputs = {k.lower(): [c.lower() for c in v] for k, v in outputs.items()}
        self.vendors = {v.lower(): {t.lower(): [c.lower() for c in cols] for t, cols in tables.items()}
                        for v, tables in vendors.items()}

    def table(self, schema: str, name: str) -> tuple[tuple[str, str, str], list[str] | None] | None:
        """(checkpoint, source, table) and its columns for a dump view; None if it is not one."""
        schema, name = schema.lower(), name.lower()
        if schema in ("output", "state"):
            cp, rest = "final", (f"output_{name}" if schema == "output" else name)
        elif schema.startswith("cp_"):
            cp, rest = schema[3:], name
        else:
            return None
        if rest.startswith("output_"):
            t = rest[len("output_"):]
            return (cp, "output", t), self.outputs.get(t)
        for vendor in sorted(self.vendors, key=len, reverse=True):
            if rest.startswith(vendor + "_"):
                t = rest[len(vendor) + 1:]
                return (cp, vendor, t), self.vendors[vendor].get(t)
        return None


@dataclass
class Rel:
    """A relation in a query: its columns' lineage, and what was compared to produce it."""

    cols: list[tuple[str, frozenset]]  # (name, base columns it derives from), in order
    compared: set = field(default_factory=set)
    opaque: bool = False  # columns unknown (exchanges, events, a table function ...)

    def col(self, name: str) -> frozenset | None:
        found = [lin for n, lin in self.cols if n == name]
        return frozenset().union(*found) if found else None


@dataclass
class Reads:
    compared: set = field(default_factory=set)
    fallback: str | None = None  # why the text fallback was used


def _parse(con: duckdb.DuckDBPyConnection, sql: str) -> dict | None:
    out = json.loads(con.execute("SELECT json_serialize_sql(?)", [sql]).fetchone()[0])
    if out.get("error") or len(out.get("statements") or []) != 1:
        return None
    return out["statements"][0]["node"]


class Analyzer:
    def __init__(self, schema: Schema, con: duckdb.DuckDBPyConnection | None = None):
        self.schema = schema
        self.con = con or duckdb.connect()
        self.views: dict[str, Rel] = {}
        self.view_text: dict[str, str] = {}

    # --- entry points -----------------------------------------------------------------------

    def add_shared(self, text: str) -> list[str]:
        """Register the views of a shared-definitions file; returns fallback notes."""
        notes = []
        for stmt in duckdb.extract_statements(text):
            body_text = _COMMENT_RE.sub("", stmt.query).strip()
            m = _VIEW_RE.match(body_text)
            if not m:
                continue  # macros, settings: nothing a criterion reads columns from
            name, cols, body = m.group(1).lower(), m.group(2), m.group(3)
            node = _parse(self.con, body)
            if node is None:
                rel = Rel([], self._text_reads(body), opaque=True)
                notes.append(f"view {name}: not parsed, read as text")
            else:
                rel = self.query(node, [], {})
            if cols:
                names = [c.strip().strip('"').lower() for c in cols.split(",")]
                rel = Rel([(n, lin) for n, (_, lin) in zip(names, rel.cols)], rel.compared, rel.opaque)
            self.views[name] = rel
            self.view_text[name] = body
        return notes

    def reads(self, sql: str) -> Reads:
        node = _parse(self.con, sql)
        if node is None:
            return Reads(self._text_reads(sql), "DuckDB could not parse it as one SELECT")
        return Reads(self.query(node, [], {}).compared)

    def _text_reads(self, sql: str) -> set:
        out: set = set()
        words = set(re.findall(r"\w+", sql.lower()))
        for schema, name in re.findall(r"\b(output|state|cp_\w+)\s*\.\s*(\w+)", sql, re.I):
            hit = self.schema.table(schema, name)
            if hit and hit[1]:
                out |= {(*hit[0], c) for c in hit[1] if c in words}
        for v, rel in self.views.items():
            if v in words:
                out |= rel.compared
        return out

    # --- queries ----------------------------------------------------------------------------

    def query(self, node: dict, outer: list, ctes: dict[str, Rel]) -> Rel:
        ctes = dict(ctes)
        for entry in (node.get("cte_map") or {}).get("map", []):
            ctes[entry["key"].lower()] = self.query(entry["value"]["query_node"], outer, ctes)
        if node["type"] == "SET_OPERATION_NODE":
            kids = node.get("children") or [node["left"], node["right"]]
            rels = [self.query(k, outer, ctes) for k in kids]
            compared = set().union(*(r.compared for r in rels))
            if node.get("setop_type") in ("EXCEPT", "INTERSECT"):
                for r in rels:
                    compared |= set().union(*(lin for _, lin in r.cols)) if r.cols else set()
            width = max(len(r.cols) for r in rels)
            cols = []
            for i in range(width):
                lin = frozenset().union(*(r.cols[i][1] for r in rels if i < len(r.cols)))
                cols.append((rels[0].cols[i][0] if i < len(rels[0].cols) else f"#{i}", lin))
            return Rel(cols, compared, any(r.opaque for r in rels))
        if node["type"] == "RECURSIVE_CTE_NODE":
            left = self.query(node["left"], outer, ctes)
            return Rel(left.cols, left.compared, True)
        if node["type"] != "SELECT_NODE":
            return Rel([], set(), True)
        compared: set = set()
        scope = self.from_(node.get("from_table"), outer, ctes, compared)
        ctx = _Ctx(self, scope, outer, ctes, compared)
        cols = []
        for i, item in enumerate(node.get("select_list") or []):
            if item.get("class") == "STAR":
                cols += ctx.star(item)
                continue
            name = (item.get("alias") or (item["column_names"][-1] if item.get("class") == "COLUMN_REF" else f"#{i}"))
            cols.append((name.lower(), frozenset(ctx.walk(item, False))))
        ctx.aliases = {n: lin for n, lin in cols}
        for key in ("where_clause", "having", "qualify"):
            if node.get(key):
                ctx.walk(node[key], True)
        for g in node.get("group_expressions") or []:
            ctx.walk(g, False)
        return Rel(cols, compared, any(r.opaque for _, r in scope) and any(
            it.get("class") == "STAR" for it in node.get("select_list") or []))

    def from_(self, ref: dict | None, outer: list, ctes: dict, compared: set) -> list[tuple[str, Rel]]:
        """The relations a FROM clause brings into scope, as (alias, Rel)."""
        if not ref or ref["type"] == "EMPTY":
            return []
        kind, alias = ref["type"], (ref.get("alias") or "").lower()
        if kind == "BASE_TABLE":
            schema, name = (ref.get("schema_name") or "").lower(), ref["table_name"].lower()
            rel = None
            if schema in ("", "temp", "main"):
                rel = ctes.get(name) if schema == "" else None
                rel = rel or self.views.get(name)
            if rel is None:
                hit = self.schema.table(schema, name) if schema else None
                if hit is None:
                    rel = Rel([], set(), True)
                else:
                    (cp, src, t), cols = hit
                    rel = Rel([(c, frozenset({(cp, src, t, c)})) for c in cols or []], set(), cols is None)
            compared |= rel.compared
            return [(alias or name, _renamed(rel, ref.get("column_name_alias")))]
        if kind == "SUBQUERY":
            rel = self.query(ref["subquery"]["node"], outer, ctes)
            compared |= rel.compared
            return [(alias or "unnamed_subquery", _renamed(rel, ref.get("column_name_alias")))]
        if kind == "JOIN":
            left = self.from_(ref["left"], outer, ctes, compared)
            right = self.from_(ref["right"], outer, ctes, compared)
            scope = left + right
            ctx = _Ctx(self, scope, outer, ctes, compared)
            if ref.get("condition"):
                ctx.walk(ref["condition"], True)
            for col in ref.get("using_columns") or []:
                for _, rel in scope:
                    lin = rel.col(col.lower())
                    if lin:
                        compared |= lin
            return scope
        if kind == "TABLE_FUNCTION":
            ctx = _Ctx(self, [], outer, ctes, compared)
            lin = frozenset(ctx.walk(ref["function"], False))
            names = [n.lower() for n in ref.get("column_name_alias") or []]
            return [(alias or ref["function"].get("function_name", "f"), Rel([(n, lin) for n in names], set(), True))]
        if kind == "EXPRESSION_LIST":
            width = len(ref["values"][0]) if ref.get("values") else 0
            names = [n.lower() for n in ref.get("expected_names") or []] or [f"col{i}" for i in range(width)]
            return [(alias or "valueslist", _renamed(Rel([(n, frozenset()) for n in names], set()),
                                                     ref.get("column_name_alias")))]
        return [(alias or kind.lower(), Rel([], set(), True))]


def _renamed(rel: Rel, names) -> Rel:
    if not names:
        return rel
    names = [n.lower() for n in names]
    cols = [(names[i] if i < len(names) else n, lin) for i, (n, lin) in enumerate(rel.cols)]
    return Rel(cols, rel.compared, rel.opaque)


class _Ctx:
    """Expression walking in one SELECT's scope (outer scopes for correlated subqueries)."""

    def __init__(self, an: Analyzer, scope: list, outer: list, ctes: dict, compared: set):
        self.an, self.scope, self.outer, self.ctes, self.compared = an, scope, outer, ctes, compared
        self.aliases: dict[str, frozenset] = {}
        self.shadow: set[str] = set()  # lambda parameters

    def star(self, item: dict) -> list:
        rel_name = (item.get("relation_name") or "").lower()
        exclude = {e.lower() if isinstance(e, str) else str(e).lower() for e in item.get("exclude_list") or []}
        out = []
        for alias, rel in self.scope:
            if rel_name and alias != rel_name:
                continue
            out += [(n, lin) for n, lin in rel.cols if n not in exclude]
        return out

    def resolve(self, names: list[str]) -> set:
        names = [n.lower() for n in names]
        levels = [self.scope] + list(self.outer)
        if len(names) >= 2:
            for level in levels:
                for alias, rel in level:
                    if alias == names[-2]:
                        return set(rel.col(names[-1]) or ())
            names = names[:1]  # not a relation's alias: a struct or JSON field of a column (`o.x`)
        if names[0] in self.shadow:
            return set()
        for i, level in enumerate(levels):
            hits = [h for h in (rel.col(names[0]) for _, rel in level) if h is not None]
            if hits:
                return set().union(*hits)
            if i == 0 and names[0] in self.aliases:  # WHERE / HAVING may name a select-list alias
                return set(self.aliases[names[0]])
        return set()

    def walk(self, e, compare: bool) -> set:
        """The base columns `e` depends on; in a comparing position they are also recorded."""
        if isinstance(e, list):
            return set().union(*(self.walk(x, compare) for x in e)) if e else set()
        if not isinstance(e, dict):
            return set()
        cls, typ = e.get("class"), e.get("type")
        if cls == "COLUMN_REF":
            lin = self.resolve(e["column_names"])
            if compare:
                self.compared |= lin
            return lin
        if cls == "SUBQUERY":
            sub = self.an.query(e["subquery"]["node"], [self.scope] + list(self.outer), self.ctes)
            self.compared |= sub.compared
            lin = set().union(*(lin for _, lin in sub.cols)) if sub.cols else set()
            if e.get("subquery_type") in ("EXISTS", "NOT_EXISTS"):
                lin = set()
            if compare:
                self.compared |= lin
            return lin | self.walk(e.get("child"), compare)
        if cls == "OPERATOR" and typ in ("OPERATOR_IS_NULL", "OPERATOR_IS_NOT_NULL"):
            return self.walk(e.get("children"), False)
        if cls == "WINDOW":
            lin = self.walk(e.get("children"), compare) | self.walk(e.get("arguments"), compare)
            return lin | self.walk([e.get("partitions"), e.get("orders")], False)
        if cls == "LAMBDA" and e.get("syntax_type") == "LAMBDA_KEYWORD":
            params = {n.lower() for p in _lambda_params(e["lhs"]) for n in p}
            saved, self.shadow = self.shadow, self.shadow | params
            try:
                return self.walk(e.get("expr"), compare)
            finally:
                self.shadow = saved
        if cls == "TYPE":
            return set()
        out: set = set()
        for k, v in e.items():
            if isinstance(v, (dict, list)) and k != "type_expr":
                out |= self.walk(v, compare)
        return out


def _lambda_params(lhs: dict) -> list[list[str]]:
    if lhs.get("class") == "COLUMN_REF":
        return [lhs["column_names"]]
    return [p for c in lhs.get("children") or [] for p in _lambda_params(c)]
