#!/usr/bin/env python3
"""Reads GreptimeDB's function registry (src/common/function/src) at each version line's tag and writes
tck's function catalog: one row per (kind, name) with the source file:line that names it at each tag, or
'-' where the tag lacks it. Run: python3 tck/catalog/extract_functions.py GREPTIMEDB_GIT_DIR > \
tck/src/main/resources/io/greptime/jdbc/tck/engine/duckdb/function-catalog.tsv

Rules (each names where the function's SQL name is written):
  - `fn name(&self) -> &str { "lit" }`              the literal's line
  - `fn name(&self) -> &str { CONST }` / Self::NAME  the `const ...: &str = "lit"` line (same file, else the tree)
  - `create_udaf(` whose next lines name a const     that const's line (aggregates)
  - `#[admin_fn(... display_name = ident ...)]`       the display_name line (admin functions)
  - `define_region_function!(T, name, ...)`          the invocation's line (admin)
  - `json_is!(JsonIsNull, ...)`                       the invocation's line, name in snake case
  - `define_distance_function!(T, CONST, ...)`        the const's line
  - `fn aliases` with string literals, `aliases: ["lit"...]`                each literal's line, kind of its function
Code after `#[cfg(test)]` and files named tests.rs are skipped. Kind: aggrs/ -> aggregate, admin_fn and
region macros -> admin, scalars/anomaly -> window, the rest -> scalar.
"""
import re
import subprocess
import sys

ROOT = "src/common/function/src"
LINES = [("0.14", "v0.14.4"), ("0.15", "v0.15.0"), ("0.17", "v0.17.2"), ("1.0", "v1.0.0"),
         ("1.2", "v1.2.0-beta.2"), ("1.3", "HEAD")]
CONST = re.compile(r'const\s+([A-Z_][A-Z0-9_]*)\s*:\s*&(?:\'static\s+)?str\s*=\s*"([^"]+)"')


def git(repo, *args):
    return subprocess.run(["git", "-C", repo, *args], capture_output=True, text=True, check=True).stdout


def files(repo, tag):
    return [p for p in git(repo, "ls-tree", "-r", "--name-only", tag, "--", ROOT).split()
            if p.endswith(".rs") and not p.rsplit("/", 1)[-1].startswith("test")]


def body(repo, tag, path):
    text = git(repo, "show", tag + ":" + path).split("\n")
    for i, line in enumerate(text):
        if line.strip().startswith("#[cfg(test)]"):
            return text[:i]
    return text


def kind(path, default="scalar"):
    if "/aggrs/" in path or "/aggr/" in path or path.endswith("scalars/aggregate.rs"):
        return "aggregate"
    if "/scalars/anomaly" in path:
        return "window"
    return default


def snake(ident):
    return re.sub(r"(?<!^)([A-Z])", r"_\1", ident).lower()


class Tag:
    def __init__(self, repo, tag):
        self.repo, self.tag, self.found = repo, tag, {}
        self.global_consts = None

    def add(self, k, name, path, line):
        self.found.setdefault((k, name), "%s:%d" % (path, line + 1))

    def const(self, lines, path, ident, before):
        best = None
        for i, l in enumerate(lines):
            m = CONST.search(l)
            if m and m.group(1) == ident and (best is None or i <= before):
                best = (path, i, m.group(2))
        if best:
            return best
        if self.global_consts is None:
            self.global_consts = {}
            out = git(self.repo, "grep", "-n", "-E", r"const [A-Z_0-9]+: &(.static )?str = \"", self.tag, "--", "src")
            for row in out.splitlines():
                _, p, n, text = row.split(":", 3)
                m = CONST.search(text)
                if m:
                    self.global_consts.setdefault(m.group(1), (p, int(n) - 1, m.group(2)))
        return self.global_consts.get(ident)

    def scan(self, path):
        lines = body(self.repo, self.tag, path)
        admin = False
        for i, l in enumerate(lines):
            s = l.strip()
            if s.startswith("fn name(&self) -> &str"):
                nxt = lines[i + 1].strip()
                self.name_expr(lines, path, i + 1, nxt, kind(path))
            elif s.startswith("#[admin_fn("):
                admin = True
            if admin:
                m = re.search(r"display_name\s*=\s*(\w+)", s)
                if m:
                    self.add("admin", m.group(1), path, i)
                    admin = False
            m = re.match(r"define_region_function!\(\s*\w+\s*,\s*(\w+)", s)
            if m:
                self.add("admin", m.group(1), path, i)
            m = re.match(r"json_(?:is|get)!\(\s*(\w+)", s) or (
                re.match(r"json_(?:is|get)!\($", s) and re.match(r"\s*(\w+),", lines[i + 1]))
            if m:
                self.add("scalar", snake(m.group(1)), path, i)
            m = re.match(r'define_distance_function!\(\s*\w+\s*,\s*"([a-z_0-9]+)"', s)
            if m:
                self.add("scalar", m.group(1), path, i)
            m = re.match(r"define_distance_function!\(\s*\w+\s*,\s*([A-Z_0-9]+)", s)
            if m:
                c = self.const(lines, path, m.group(1), i)
                if c:
                    self.add("scalar", c[2], c[0], c[1])
            if re.search(r"(AggregateFunctionMeta::new|SimpleAggregateUDF::new_with_signature|create_aggregate_function)\($", s):
                m = re.match(r'\s*"([a-z_0-9]+)"(?:\.to_string\(\))?,', lines[i + 1])
                if m:
                    self.add("aggregate", m.group(1), path, i + 1)
            if "create_udaf(" in s:
                for j in range(i + 1, min(i + 4, len(lines))):
                    m = re.match(r"\s*([A-Z_][A-Z0-9_]*)\s*,", lines[j])
                    if m:
                        c = self.const(lines, path, m.group(1), j)
                        if c:
                            self.add("aggregate", c[2], c[0], c[1])
                        break
            m = re.match(r'aliases:\s*(?:vec!)?\[(.*)\]', s)
            if m:
                for lit in re.findall(r'"([a-z_0-9]+)"', m.group(1)):
                    self.add(kind(path), lit, path, i)
            if s.startswith("fn aliases(&self)"):
                for j in range(i + 1, min(i + 8, len(lines))):
                    if lines[j].strip() == "}":
                        break
                    for lit in re.findall(r'"([a-z_0-9]+)"', lines[j]):
                        self.add(kind(path), lit, path, j)

    def name_expr(self, lines, path, i, expr, k):
        if expr == "T::NAME":
            # a generic impl: every implementor's const NAME names one function
            for j, l in enumerate(lines):
                m = CONST.search(l)
                if m and m.group(1) == "NAME":
                    self.add(k, m.group(2), path, j)
            return
        m = re.fullmatch(r'"([a-z_0-9]+)"', expr)
        if m:
            self.add(k, m.group(1), path, i)
            return
        m = re.fullmatch(r"(?:\w+::)?([A-Z_][A-Z0-9_]*)", expr)
        if m:
            c = self.const(lines, path, m.group(1), i)
            if c:
                self.add(k, c[2], c[0], c[1])


def main():
    repo = sys.argv[1]
    rows = {}
    for line, tag in LINES:
        t = Tag(repo, tag)
        for p in files(repo, tag):
            t.scan(p)
        for key, where in t.found.items():
            rows.setdefault(key, {})[line] = where
    head = git(repo, "rev-parse", "--short=10", "HEAD").strip()
    print("# GreptimeDB's registered functions per version line, read from its source by tck/catalog/extract_functions.py")
    print("# lines: " + ", ".join("%s=%s" % (l, t if t != "HEAD" else "main@" + head) for l, t in LINES))
    print("# kind\tname\t" + "\t".join(l for l, _ in LINES))
    for (k, name) in sorted(rows):
        print("\t".join([k, name] + [rows[(k, name)].get(l, "-") for l, _ in LINES]))


if __name__ == "__main__":
    main()
