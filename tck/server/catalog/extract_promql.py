#!/usr/bin/env python3
"""Reads GreptimeDB's PromQL planner (src/query/src/promql/planner.rs) and the promql-parser revision each
version line pins (Cargo.lock) and writes tck's PromQL catalog: one row per (kind, name) with, per line,
where the planner plans it, where it refuses it, or '-' where the line's parser does not know it.
Run: python3 tck/server/catalog/extract_promql.py GREPTIMEDB_GIT_DIR PROMQL_PARSER_GIT_DIR > \
tck/server/src/main/resources/io/greptime/jdbc/tck/engine/duckdb/promql-catalog.tsv

Cells: `path:line` the planner plans it there; `refused@path:line` the parser accepts it and the planner
refuses it at that line (UnsupportedExpr / UnexpectedToken); `keyword@path:line` the line's promql-parser
lexes the name as a keyword (token.rs) that its grammar does not accept in that place (GreptimeDB answers
"invalid promql query"); `-` the line's promql-parser lacks the name (unknown function).
Rules:
  - functions: the names of promql-parser's FUNCTIONS table (src/parser/function.rs); planned when
    prom_call_expr_to_plan matches its special const (histogram_quantile, vector, scalar, absent) or
    create_function_expr has a `"name" =>` arm; otherwise the planner's fallback looks the name up among
    DataFusion's scalar functions (DATAFUSION below, the math functions DataFusion registers under PromQL's
    names) and GreptimeDB's own registry (function-catalog.tsv beside the output: that line's registry line
    is cited); a name found nowhere is refused at the fallback's UnsupportedExprSnafu.
  - aggregations: promql-parser's aggregator keywords (src/parser/token.rs) that its grammar's aggregate_op
    takes (src/parser/promql.y: v0.7 lexes limitk and limit_ratio but leaves them unused); planned when the planner names
    the token (token::T_X) in prom_aggr_expr_to_plan or create_aggregate_exprs, else refused at
    create_aggregate_exprs' `_ => UnexpectedTokenSnafu`.
  - operators: the arms of prom_token_to_binary_expr_builder; set operators: is_token_a_set_op.
  - modifiers: the planner line that reads each (see MODIFIERS).
Code after `#[cfg(test)]` is not read.
"""
import os
import re
import subprocess
import sys

PLANNER = "src/query/src/promql/planner.rs"
LINES = [("0.14", "v0.14.4"), ("0.15", "v0.15.0"), ("0.17", "v0.17.2"), ("1.0", "v1.0.0"),
         ("1.2", "v1.2.0-beta.2"), ("1.3", "HEAD")]
# DataFusion's math functions whose names are PromQL function names (datafusion-functions' math module,
# the same set in every DataFusion release these lines pin)
DATAFUSION = {"abs", "acos", "acosh", "asin", "asinh", "atan", "atanh", "ceil", "cos", "cosh", "exp", "floor",
              "ln", "log10", "log2", "sin", "sinh", "sqrt", "tan", "tanh"}
SPECIAL_CONSTS = {"SPECIAL_HISTOGRAM_QUANTILE", "SPECIAL_VECTOR_FUNCTION", "SCALAR_FUNCTION",
                  "SPECIAL_ABSENT_FUNCTION"}
OPERATORS = [("+", "T_ADD"), ("-", "T_SUB"), ("*", "T_MUL"), ("/", "T_DIV"), ("%", "T_MOD"), ("^", "T_POW"),
             ("==", "T_EQLC"), ("!=", "T_NEQ"), (">", "T_GTR"), ("<", "T_LSS"), (">=", "T_GTE"),
             ("<=", "T_LTE"), ("atan2", "T_ATAN2")]
SET_OPERATORS = [("and", "T_LAND"), ("or", "T_LOR"), ("unless", "T_LUNLESS")]
# modifier -> (functions whose body reads it, the first that has one; pattern of the reading line)
MODIFIERS = [
    ("offset", "prom_vector_selector_to_plan", r"selector_to_series_normalize_plan\(\s*offset"),
    ("@", "prom_vector_selector_to_plan", r"\bat\b"),
    ("bool", "prom_binary_expr_to_plan", r"return_bool"),
    ("on", "binary_join_key_columns|join_on_non_field_columns", r"LabelModifier::Include"),
    ("ignoring", "binary_join_key_columns|join_on_non_field_columns", r"LabelModifier::Exclude"),
    ("group_left", "join_on_non_field_columns", r"fn join_on_non_field_columns"),
    ("group_right", "join_on_non_field_columns", r"fn join_on_non_field_columns"),
    ("by", "agg_modifier_to_col", r"LabelModifier::Include"),
    ("without", "agg_modifier_to_col", r"LabelModifier::Exclude"),
    ("subquery", "prom_subquery_expr_to_plan", r"fn prom_subquery_expr_to_plan"),
]


def git(repo, *args):
    return subprocess.run(["git", "--git-dir", repo, *args], capture_output=True, text=True, check=True).stdout


def gitdir(path):
    return path if os.path.isdir(os.path.join(path, "objects")) else os.path.join(path, ".git")


def untested(text):
    lines = text.split("\n")
    for i, line in enumerate(lines):
        if line.strip().startswith("#[cfg(test)]"):
            return lines[:i]
    return lines


def parser_ref(repo, tag):
    """The promql-parser revision a GreptimeDB tag pins: a git rev, or the crate version's tag."""
    lock = git(repo, "show", tag + ":Cargo.lock")
    m = re.search(r'name = "promql-parser"\nversion = "([^"]+)"\nsource = "([^"]+)"', lock)
    rev = re.search(r"#([0-9a-f]{40})$", m.group(2))
    return rev.group(1) if rev else "v" + m.group(1)


def parser_names(prepo, ref):
    """(functions, aggregators, keywords) of promql-parser at ref, each name -> 'path:line'."""
    fpath, tpath = "src/parser/function.rs", "src/parser/token.rs"
    lines = untested(git(prepo, "show", ref + ":" + fpath))
    funcs, inside, opened = {}, False, False
    for i, l in enumerate(lines):
        if re.search(r"static ref FUNCTIONS\b", l):
            inside = True
            continue
        if not inside:
            continue
        s = l.strip()
        if s in ("]);", ");", "};"):
            break
        m = re.match(r'(?:function!\(|\()\s*"([a-z_0-9]+)"', s)
        if m:
            funcs.setdefault(m.group(1), "%s:%d" % (fpath, i + 1))
            opened = False
        elif s in ("function!(", "("):
            opened = True
        elif opened:
            m = re.match(r'"([a-z_0-9]+)"', s)
            if m:
                funcs.setdefault(m.group(1), "%s:%d" % (fpath, i + 1))
            opened = False
    grammar = git(prepo, "show", ref + ":src/parser/promql.y").split("\n")
    accepted, inside = set(), False
    for l in grammar:
        if l.startswith("aggregate_op ->"):
            inside = True
        elif inside and l.strip() == ";":
            break
        elif inside:
            m = re.match(r"\s*(?:[:|]\s*)?([A-Z_0-9]+)\s*\{", l)
            if m:
                accepted.add("T_" + m.group(1))
    aggs, keywords, section, lexed = {}, {}, None, {}
    for i, l in enumerate(untested(git(prepo, "show", ref + ":" + tpath))):
        s = l.strip()
        if s.startswith("// "):
            section = s[3:].rstrip(".")
        m = re.match(r'\("([a-z_0-9]+)",\s*(T_[A-Z0-9_]+)\)', s)
        if m:
            where = ("%s:%d" % (tpath, i + 1), m.group(2))
            lexed[m.group(1)] = where[0]
            if section == "Aggregators" and m.group(2) in accepted:
                aggs.setdefault(m.group(1), where)
            else:
                keywords.setdefault(m.group(1), where)
    return funcs, aggs, keywords, lexed


def body_of(lines, fn):
    """(start, end) line indexes of the function named fn."""
    for i, l in enumerate(lines):
        if re.search(r"\bfn %s\b" % re.escape(fn), l):
            indent = len(l) - len(l.lstrip())
            for j in range(i + 1, len(lines)):
                lj = lines[j]
                if lj.strip() == "}" and len(lj) - len(lj.lstrip()) == indent:
                    return i, j
            return i, len(lines)
    return None


def find(lines, span, pattern):
    if span is None:
        return None
    for i in range(span[0], span[1] + 1):
        if re.search(pattern, lines[i]):
            return i
    return None


def registry(path):
    """GreptimeDB's registered scalar functions per line, from function-catalog.tsv."""
    out = {}
    with open(path, encoding="utf-8") as f:
        for l in f:
            if l.startswith("#") or not l.strip():
                continue
            cols = l.rstrip("\n").split("\t")
            if cols[0] == "scalar":
                out[cols[1]] = dict(zip([n for n, _ in LINES], cols[2:]))
    return out


def where(i):
    return "%s:%d" % (PLANNER, i + 1)


def plan_line(repo, prepo, line, tag, reg):
    lines = untested(git(repo, "show", tag + ":" + PLANNER))
    funcs, aggs, keywords, lexed = parser_names(prepo, parser_ref(repo, tag))
    out = {}
    consts = {}
    for i, l in enumerate(lines):
        m = re.match(r'\s*const ([A-Z_]+): &str = "([a-z_]+)";', l)
        if m and m.group(1) in SPECIAL_CONSTS:
            consts[m.group(2)] = m.group(1)
    call = body_of(lines, "prom_call_expr_to_plan")
    create = body_of(lines, "create_function_expr")
    fallback = find(lines, create, r"^\s*_ => \{")
    df_get = find(lines, (fallback, create[1]), r"scalar_functions\(\)") if fallback else None
    refuse = find(lines, (fallback, create[1]), r"UnsupportedExprSnafu") if fallback else None
    for name in funcs:
        at = None
        if name in consts:
            at = find(lines, call, r"^\s*%s =>" % consts[name])
        if at is None:
            at = find(lines, create, r'^\s*(?:"[a-z_0-9]+"\s*\|\s*)*"%s"(?:\s*\|\s*"[a-z_0-9]+")*\s*=>' % name)
        if at is not None:
            out[("function", name)] = where(at)
        elif name in DATAFUSION and df_get is not None:
            out[("function", name)] = where(df_get)
        elif name in reg and reg[name].get(line, "-") != "-":
            out[("function", name)] = reg[name][line]
        else:
            out[("function", name)] = "refused@" + where(refuse)
    aggr = body_of(lines, "prom_aggr_expr_to_plan")
    # the aggregate expression's match: create_aggregate_exprs, or create_numeric_aggregate_expr (main)
    exprs = body_of(lines, "create_numeric_aggregate_expr") or body_of(lines, "create_aggregate_exprs")
    unexpected = find(lines, exprs, r"_ => (?:return )?UnexpectedTokenSnafu")
    for name, (_, token) in aggs.items():
        at = find(lines, aggr, r"token::%s\b" % token)
        if at is None:
            at = find(lines, exprs, r"token::%s\b(?!.*Unsupported)" % token)
        out[("aggregation", name)] = where(at) if at is not None else "refused@" + where(unexpected)
    builder = body_of(lines, "prom_token_to_binary_expr_builder")
    for name, token in OPERATORS:
        if name == "atan2" and name not in keywords:
            continue
        at = find(lines, builder, r"token::%s\b" % token)
        out[("operator", name)] = where(at) if at is not None else "-"
    setop = body_of(lines, "is_token_a_set_op")
    for name, token in SET_OPERATORS:
        at = find(lines, setop, r"token::%s\b" % token) if name in keywords else None
        out[("set-operator", name)] = where(at) if at is not None else "-"
    for name, fn, pattern in MODIFIERS:
        if name not in ("@", "subquery") and name not in keywords:
            out[("modifier", name)] = "-"
            continue
        at = None
        for candidate in fn.split("|"):
            at = at if at is not None else find(lines, body_of(lines, candidate), pattern)
        out[("modifier", name)] = where(at) if at is not None else "-"
    return out, lexed


def main():
    repo, prepo = gitdir(sys.argv[1]), gitdir(sys.argv[2])
    here = os.path.dirname(os.path.abspath(__file__))
    reg = registry(os.path.join(here, "..", "src", "main", "resources", "io", "greptime", "jdbc", "tck",
                                "engine", "duckdb", "function-catalog.tsv"))
    rows = {}
    refs = []
    lexers = {}
    for line, tag in LINES:
        refs.append("%s=%s" % (line, parser_ref(repo, tag)[:12]))
        planned, lexers[line] = plan_line(repo, prepo, line, tag, reg)
        for key, cell in planned.items():
            rows.setdefault(key, {})[line] = cell
    # a name the line's lexer reads as a keyword cannot be a function call there: the grammar refuses it
    for (kind, name), cells in rows.items():
        for line, _ in LINES:
            if cells.get(line, "-") == "-" and kind in ("function", "aggregation") and name in lexers[line]:
                cells[line] = "keyword@" + lexers[line][name]
    head = git(repo, "rev-parse", "--short=10", "HEAD").strip()
    print("# GreptimeDB's PromQL catalog per version line, read from its planner and the promql-parser it pins"
          " by tck/server/catalog/extract_promql.py")
    print("# lines: " + ", ".join("%s=%s" % (l, t if t != "HEAD" else "main@" + head) for l, t in LINES))
    print("# promql-parser: " + ", ".join(refs))
    print("# cells: path:line planned there; refused@path:line refused by the planner there; keyword@path:line"
          " a keyword of the line's promql-parser lexer that its grammar does not take there (a promql-parser"
          " path); - unknown to the line's parser")
    print("# kind\tname\t" + "\t".join(l for l, _ in LINES))
    for key in sorted(rows):
        print("\t".join([key[0], key[1]] + [rows[key].get(l, "-") for l, _ in LINES]))


if __name__ == "__main__":
    main()
