#!/usr/bin/env python3
"""Reads the DataFusion built-in functions GreptimeDB enables at each version line and writes tck's DataFusion
catalog: one row per (kind, name) with the DataFusion source file:line that registers it at the revision the
line pins, or '-' where that revision lacks it.

Run: python3 tck/server/catalog/extract_datafusion.py DATAFUSION_GIT_DIR GREPTIMEDB_GIT_DIR > \
tck/server/src/main/resources/io/greptime/jdbc/tck/engine/duckdb/datafusion-catalog.tsv

GreptimeDB builds its SessionState with `SessionStateBuilder::with_default_features()`
(src/query/src/query_engine/state.rs), and depends on the `datafusion` crate with its default features, so every
line registers DataFusion's defaults: `all_default_functions()` (datafusion/functions/src/lib.rs, the
`functions()` vec of each of its modules), `all_default_nested_functions()`, `all_default_aggregate_functions()`,
`all_default_window_functions()` and `all_default_table_functions()`.

Rules:
  - the names (and which name is an alias of which) are the headings of the revision's generated function
    reference, docs/source/user-guide/sql/{scalar,aggregate,window}_functions.md (dev/update_function_docs.sh
    writes them from the same default lists);
  - a canonical name's location is the line of its accessor in those default lists (`abs(),`, `sum_udaf(),`);
    the accessor is the name, or the name with _udf/_udaf/_udwf, or one of ACCESSORS below;
  - an alias's location is the line of its string literal in the crate of its function (outside tests);
  - table functions: the `create_udtf_function!(..., "name")` line of datafusion/functions-table/src/lib.rs
    whose accessor `all_default_table_functions()` lists;
  - from GreptimeDB v1.0 on, src/query/src/query_engine/state.rs registers MySQL aliases of DataFusion's
    functions (SCALAR_FUNCTION_ALIASES, AGGREGATE_FUNCTION_ALIASES): each alias's line there (a `src/` path,
    GreptimeDB's tree, where the DataFusion rows have `datafusion/` paths).
"""
import re
import subprocess
import sys

# (line, DataFusion revision, what GreptimeDB pins there, GreptimeDB tag)
LINES = [
    ("0.14", "1a29bd3b6", "waynexia/arrow-datafusion@e104c7cf (45.0.0)", "v0.14.4"),
    ("0.15", "1a29bd3b6", "waynexia/arrow-datafusion@12c0381b (45.0.0)", "v0.15.0"),
    ("0.17", "7d5214512", "GreptimeTeam/datafusion@7d521451 (49.0.0)", "v0.17.2"),
    ("1.0", "02b82535e", "GreptimeTeam/datafusion@02b82535 (52.1.0)", "v1.0.0"),
    ("1.2", "671343949", "GreptimeTeam/datafusion@4c8a6bf2 (53.1.0)", "v1.2.0-beta.2"),
    ("1.3", "671343949", "GreptimeTeam/datafusion@4c8a6bf2 (53.1.0)", "HEAD"),
]
# the revision actually read when the pinned one is not in the repository copy
READ_INSTEAD = {
    "1a29bd3b6": "apache/datafusion 1a29bd3b6, 'Prepare for 45.0.0 release' (the waynexia fork revs are not stored)",
    "671343949": "GreptimeTeam/datafusion main 671343949 of 2026-03-01, the newest stored (4c8a6bf2 is not stored)",
}
# canonical names whose accessor is not the name (+ _udf/_udaf/_udwf)
ACCESSORS = {"empty": "array_empty_udf", "generate_series": "gen_series_udf", "var": "var_samp_udaf"}
DEFAULT_LISTS = [("scalar", "datafusion/functions/src/%s/mod.rs" % m, "functions")
                 for m in ["core", "datetime", "encoding", "math", "regex", "crypto", "unicode", "string"]] + [
    ("scalar", "datafusion/functions-nested/src/lib.rs", "all_default_nested_functions"),
    ("aggregate", "datafusion/functions-aggregate/src/lib.rs", "all_default_aggregate_functions"),
    ("window", "datafusion/functions-window/src/lib.rs", "all_default_window_functions"),
]
CRATES = {"scalar": ["datafusion/functions/src", "datafusion/functions-nested/src"],
          "aggregate": ["datafusion/functions-aggregate/src"], "window": ["datafusion/functions-window/src"]}


def git(repo, *args):
    return subprocess.run(["git", "-C", repo, *args], capture_output=True, text=True, check=True).stdout


def show(repo, rev, path):
    try:
        return git(repo, "show", rev + ":" + path).split("\n")
    except subprocess.CalledProcessError:
        return []


def documented(repo, rev):
    """(kind, name) -> the canonical name it is an alias of, or None."""
    out = {}
    for kind in ["scalar", "aggregate", "window"]:
        text = show(repo, rev, "docs/source/user-guide/sql/%s_functions.md" % kind)
        for i, l in enumerate(text):
            m = re.match(r"### `(\w+)`$", l)
            if m:
                alias = None
                for j in range(i + 1, min(i + 4, len(text))):
                    a = re.match(r"_Alias of \[(\w+)\]", text[j])
                    if a:
                        alias = a.group(1)
                out[(kind, m.group(1))] = alias
    return out


def accessors(repo, rev):
    """(kind, accessor ident) -> 'path:line' of its entry in a default list."""
    out = {}
    for kind, path, fn in DEFAULT_LISTS:
        inside = False
        for i, l in enumerate(show(repo, rev, path)):
            if re.match(r"\s*pub fn %s\(\)" % fn, l):
                inside = True
                continue
            if inside:
                if l.startswith("}"):
                    break
                for m in re.finditer(r"(?:\w+::)?(?:r#)?(\w+)\((?:&\w+)?\)", l):
                    out.setdefault((kind, m.group(1)), "%s:%d" % (path, i + 1))
    return out


def literal(repo, rev, kind, name):
    hits = []
    for root in CRATES[kind]:
        try:
            out = git(repo, "grep", "-n", "-F", '"%s"' % name, rev, "--", root)
        except subprocess.CalledProcessError:
            continue
        for row in out.splitlines():
            _, path, line, text = row.split(":", 3)
            if "/tests/" in path or "test" in path.rsplit("/", 1)[-1] or text.strip().startswith("//"):
                continue
            if "assert" in text or "ScalarValue" in text or "#[" in text:
                continue
            rank = 0 if re.search(r"alias|String::from|to_string|vec!|&\[", text) else 1
            hits.append((rank, path, int(line)))
    if not hits:
        return None
    _, path, line = min(hits)
    return "%s:%d" % (path, line)


def tables(repo, rev):
    out = {}
    path = "datafusion/functions-table/src/lib.rs"
    text = show(repo, rev, path)
    listed = set()
    for i, l in enumerate(text):
        if re.match(r"\s*pub fn all_default_table_functions\(\)", l):
            for j in range(i + 1, i + 6):
                listed.update(re.findall(r"(\w+)\(\)", text[j]))
                if text[j].startswith("}"):
                    break
    for i, l in enumerate(text):
        m = re.match(r'create_udtf_function!\(\s*[\w:]+\s*,\s*"(\w+)"', l)
        if m and m.group(1) in listed:
            out[("table", m.group(1))] = "%s:%d" % (path, i + 1)
    return out


def greptime_aliases(repo, tag):
    out = {}
    path = "src/query/src/query_engine/state.rs"
    kind = None
    for i, l in enumerate(show(repo, tag, path)):
        if "SCALAR_FUNCTION_ALIASES: " in l:
            kind = "scalar"
        elif "AGGREGATE_FUNCTION_ALIASES: " in l:
            kind = "aggregate"
        if kind:
            for m in re.finditer(r'\("\w+",\s*"(\w+)"\)', l):
                out[(kind, m.group(1))] = "%s:%d" % (path, i + 1)
            if l.rstrip().endswith("];"):
                kind = None
    return out


def read(repo, rev):
    found = {}
    regs = accessors(repo, rev)
    docs = documented(repo, rev)
    for (kind, name), alias in sorted(docs.items()):
        if alias is None:
            where = None
            for a in [ACCESSORS.get(name), name, name + "_udf", name + "_udaf", name + "_udwf"]:
                if a and (kind, a) in regs:
                    where = regs[(kind, a)]
                    break
        else:
            where = literal(repo, rev, kind, name)
        if where is None:
            print("warning: %s %s %s not located" % (rev, kind, name), file=sys.stderr)
            continue
        found[(kind, name)] = where
    found.update(tables(repo, rev))
    return found


def main():
    df, gt = sys.argv[1], sys.argv[2]
    rows = {}
    cache = {}
    for line, rev, pinned, tag in LINES:
        if rev not in cache:
            cache[rev] = read(df, rev)
        for key, where in cache[rev].items():
            rows.setdefault(key, {})[line] = where
        for key, where in greptime_aliases(gt, tag).items():
            rows.setdefault(key, {})[line] = where
    head = git(gt, "rev-parse", "--short=10", "HEAD").strip()
    print("# DataFusion's built-in functions GreptimeDB enables per version line, read by "
          "tck/server/catalog/extract_datafusion.py")
    print("# lines: " + ", ".join("%s=%s pins %s" % (l, t if t != "HEAD" else "main@" + head, p)
                                  for l, _, p, t in LINES))
    print("# read: " + ", ".join("%s=%s" % (l, r) for l, r, _, _ in LINES) + "; "
          + "; ".join("%s is %s" % (r, why) for r, why in READ_INSTEAD.items()))
    print("# datafusion/ paths are DataFusion's tree; src/ paths are GreptimeDB's (its own aliases)")
    print("# kind\tname\t" + "\t".join(l for l, _, _, _ in LINES))
    for (kind, name) in sorted(rows):
        print("\t".join(["df-" + kind, name] + [rows[(kind, name)].get(l, "-") for l, _, _, _ in LINES]))


if __name__ == "__main__":
    main()
