#!/usr/bin/env python3
"""Reads, per version line, which SQL type names GreptimeDB's CREATE TABLE accepts and the ConcreteDataType
each becomes, and writes tck's type catalog. Run:
  python3 tck/server/catalog/extract_types.py GREPTIMEDB_GIT_DIR GT_SQLPARSER_GIT_DIR APACHE_SQLPARSER_GIT_DIR \
    > tck/server/src/main/resources/io/greptime/jdbc/tck/engine/duckdb/type-catalog.tsv

A type name goes through three steps, each read from source:
  1. sqlparser's parse_data_type_helper (src/parser/mod.rs of the sqlparser GreptimeDB pins on that line:
     GreptimeTeam/sqlparser-rs at the Cargo.toml rev before v1.0, apache's v0.61.0 from v1.0 on, which the
     fork's v0.61.x branch follows for data types): each `Keyword::K => ... Ok(DataType::V` arm gives the
     spelling K (plus the keyword of an `if self.parse_keyword(s)(Keyword::M)` branch: `K M`) and the variant
     V; a word that is no keyword becomes DataType::Custom.
  2. GreptimeDB's type alias rule (src/sql/src/statements/transform/type_alias.rs): get_type_by_alias
     (`DataType::A(..) => Some(DataType::B(..))`) and get_data_type_by_alias_name (`"NAME" | ... =>
     Some(DataType::B(..))`, for Custom words).
  3. sql_data_type_to_concrete_data_type (src/sql/src/statements.rs): `SqlDataType::V(..) | ... =>
     ...ConcreteDataType::ctor()`; a variant with no arm falls to `_ => SqlTypeNotSupported`, whose message
     (src/sql/src/error.rs) is "SQL data type not supported yet: {t:?}", status InvalidSyntax (2000).
Parameterised spellings (TIMESTAMP(p), DECIMAL(p,s), VECTOR(n)) are listed with sample parameters; their
rules (TimestampType::try_from takes 0/3/6/9) are the arms' own code. ctor -> GreptimeDB type name (DESC TABLE's
Type) is the table CTOR_NAMES below, the `name()` of each datatypes type (src/datatypes/src/types/*.rs).

Output: one row per spelling: `spelling <TAB> cell per line`, a cell being `Type@file:line` (the
statements.rs arm that maps it) or `refused:Variant@file:line` (the fall-through arm; Variant is the
sqlparser variant, as the error's {:?} prints it without its arguments).
"""
import re
import subprocess
import sys

LINES = [("0.14", "v0.14.4"), ("0.15", "v0.15.0"), ("0.17", "v0.17.2"), ("1.0", "v1.0.0"),
         ("1.2", "v1.2.0-beta.2"), ("1.3", "HEAD")]
STATEMENTS = "src/sql/src/statements.rs"
ALIAS = "src/sql/src/statements/transform/type_alias.rs"

CTOR_NAMES = {
    "int64_datatype": "Int64", "uint64_datatype": "UInt64", "int32_datatype": "Int32",
    "uint32_datatype": "UInt32", "int16_datatype": "Int16", "uint16_datatype": "UInt16",
    "int8_datatype": "Int8", "uint8_datatype": "UInt8", "string_datatype": "String",
    "float32_datatype": "Float32", "float64_datatype": "Float64", "boolean_datatype": "Boolean",
    "date_datatype": "Date", "binary_datatype": "Binary",
    "timestamp_microsecond_datatype": "TimestampMicrosecond",
    "timestamp_millisecond_datatype": "TimestampMillisecond",
    "interval_month_day_nano_datatype": "IntervalMonthDayNano",
    "decimal128_default_datatype": "Decimal(38, 10)", "json_datatype": "Json",
}
TS_UNITS = {0: "TimestampSecond", 3: "TimestampMillisecond", 6: "TimestampMicrosecond", 9: "TimestampNanosecond"}
# spellings with parameters, probed besides the bare keywords (the parameter rules are in the arms)
PARAMETERISED = ["TIMESTAMP(0)", "TIMESTAMP(3)", "TIMESTAMP(6)", "TIMESTAMP(9)", "TIMESTAMP(1)",
                 "DECIMAL(10)", "DECIMAL(10,2)", "DECIMAL(38,10)", "VECTOR(3)", "VARCHAR(10)",
                 "CHAR(5)", "BINARY(4)", "VARBINARY(4)", "DATETIME(6)"]
# words that are no data-type keyword of sqlparser: they reach GreptimeDB as DataType::Custom
CUSTOM_PROBES = ["VECTOR", "JSON2", "HUGEINT", "INET", "IPV4", "INT1"]


def git(repo, *args):
    return subprocess.run(["git", "--git-dir", repo, *args], capture_output=True, text=True, check=True).stdout


def show(repo, rev, path):
    return git(repo, "show", "%s:%s" % (rev, path)).split("\n")


def sqlparser_rev(gt_repo, tag):
    toml = git(gt_repo, "show", tag + ":Cargo.toml")
    m = re.search(r'sqlparser = \{ git = "https://github.com/GreptimeTeam/sqlparser-rs.git", rev = "([0-9a-f]+)"',
                  toml)
    if m and not re.search(r'^sqlparser = \{ version = "0\.61', toml, re.M):
        return "gt", m.group(1)
    return "apache", "v0.61.0"


def parser_arms(repo, rev):
    """spelling -> (variant, line) from parse_data_type_helper's keyword arms."""
    lines = show(repo, rev, "src/parser/mod.rs")
    start = next(i for i, l in enumerate(lines) if "fn parse_data_type_helper(" in l)
    out = {}
    kw, mods, indent = None, {}, None
    for i in range(start, len(lines)):
        l = lines[i]
        d = len(l) - len(l.lstrip())
        m = re.match(r"(\s*)Keyword::([A-Z0-9_]+)( if [^=]*)? =>", l)
        if m and (indent is None or len(m.group(1)) == indent):
            indent = len(m.group(1))
            # an arm with a guard (a dialect, a following keyword) is left out: GreptimeDB's dialect and a
            # bare spelling do not meet it, so the word is a custom type name
            kw, mods = (None if m.group(3) else m.group(2)), {}
        elif indent is not None and re.match(r"\s*_ =>", l) and d == indent:
            break
        if kw is None:
            continue
        for k in [k for k in mods if k > d or (k == d and l.lstrip().startswith("}"))]:
            del mods[k]
        m = re.search(r"if self\.parse_keywords?\((?:&\[)?((?:Keyword::[A-Z0-9_]+(?:, )?)+)", l)
        if m and "let " not in l:
            mods[d] = " ".join(re.findall(r"Keyword::([A-Z0-9_]+)", m.group(1)))
        for v in re.findall(r"Ok\(DataType::([A-Za-z0-9]+)", l):
            words = [mods[k] for k in sorted(mods) if k < d]
            out.setdefault(" ".join([kw] + words), (v, i + 1))
    return out


def variant_debug(repo, rev):
    """variant -> its Rust {:?} with no arguments given (None for each Option/ExactNumberInfo/TimezoneInfo field),
    from the DataType enum of src/ast/data_type.rs."""
    out = {}
    lines = show(repo, rev, "src/ast/data_type.rs")
    start = next(i for i, l in enumerate(lines) if l.startswith("pub enum DataType"))
    for l in lines[start + 1:]:
        if l.startswith("}"):
            break
        m = re.match(r"    ([A-Z][A-Za-z0-9]*)(?:\((.*)\))?,$", l)
        if m:
            fields = [f.strip() for f in re.split(r",\s*(?![^<]*>)", m.group(2))] if m.group(2) else []
            nones = ["None" for f in fields if f.startswith("Option<") or f in ("ExactNumberInfo", "TimezoneInfo")]
            out[m.group(1)] = m.group(1) + ("(%s)" % ", ".join(nones) if fields and len(nones) == len(fields) else
                                            "(...)" if fields else "")
    return out


def alias_rules(repo, tag):
    """(variant -> target variant) and (custom NAME -> target variant), with lines."""
    lines = show(repo, tag, ALIAS)
    by_variant, by_name = {}, {}
    body = lines[:next((i for i, l in enumerate(lines) if l.startswith("#[cfg(test)]")), len(lines))]
    for i, l in enumerate(body):
        m = re.match(r"\s*DataType::([A-Za-z0-9]+)(\(None\)|\(_\))? => Some\(DataType::([A-Za-z0-9]+)", l)
        if m:
            by_variant[m.group(1)] = (m.group(3), i + 1)
        m = re.match(r'\s*((?:"[A-Z0-9_]+"(?: \| )?)+) => \{?$|\s*((?:"[A-Z0-9_]+"(?: \| )?)+) => Some', l)
        if m:
            names = re.findall(r'"([A-Z0-9_]+)"', m.group(1) or m.group(2))
            tgt = re.search(r"DataType::([A-Za-z0-9]+)(\(Some\((\d)\))?", l if m.group(2) else body[i + 1])
            for n in names:
                by_name[n] = (tgt.group(1), int(tgt.group(3)) if tgt.group(3) else None, i + 1)
    return by_variant, by_name


def concrete_arms(repo, tag):
    """variant -> (ctor or special, line) from sql_data_type_to_concrete_data_type; plus the fallback line."""
    lines = show(repo, tag, STATEMENTS)
    start = next(i for i, l in enumerate(lines) if "fn sql_data_type_to_concrete_data_type" in l)
    out, pending, fallback, custom = {}, [], None, {}
    depth_start = None
    for i in range(start + 1, len(lines)):
        l = lines[i]
        if l.startswith("}"):
            break
        s = l.strip()
        if re.match(r"_ => error::SqlTypeNotSupportedSnafu", s) and fallback is None and len(l) - len(
                l.lstrip()) == 8:
            fallback = i + 1
        for v in re.findall(r"SqlDataType::([A-Za-z0-9]+)", s):
            if s.startswith("SqlDataType::") or s.startswith("| SqlDataType::"):
                pending.append((v, i + 1))
        m = re.search(r"(VECTOR_TYPE_NAME|JSON2_TYPE_NAME)(?: if |\s*&&|\s*$)", s)
        if m:
            custom.setdefault(m.group(1), i + 1)
        if "=>" in s and pending:
            ctor = re.search(r"ConcreteDataType::([a-z0-9_]+)\(", s) or re.search(
                r"ConcreteDataType::([a-z0-9_]+)\(", " ".join(x.strip() for x in lines[i + 1:i + 4]))
            name = ctor.group(1) if ctor else None
            for v, ln in pending:
                if v not in out:
                    out[v] = (name, ln)
            pending = []
    return out, fallback, custom


def custom_name(gt_repo, tag):
    """the spelled name of VECTOR_TYPE_NAME / JSON2_TYPE_NAME in the sql crate (None when absent)."""
    out = {}
    for const in ("VECTOR_TYPE_NAME", "JSON2_TYPE_NAME"):
        try:
            rows = git(gt_repo, "grep", "-n", "const %s: &str" % const, tag, "--", "src/sql/src").splitlines()
        except subprocess.CalledProcessError:
            rows = []
        for r in rows:
            m = re.search(r'"([A-Za-z0-9]+)"', r)
            if m:
                out[const] = m.group(1)
    return out


def resolve(spelling, tag, arms, aliases, concrete, names, debug):
    by_variant, by_name = aliases
    conc, fallback, custom = concrete
    word = re.match(r"[A-Z0-9_]+(?: [A-Z]+)*", spelling).group(0)
    param = re.search(r"\(([^)]*)\)", spelling)
    param = param.group(1) if param else None
    if word in arms:
        variant = arms[word][0]
    else:
        variant = "Custom"
    ts_precision = None
    if variant == "Custom":
        if word in by_name:
            variant, ts_precision, _ = by_name[word]
        else:
            for const, ln in custom.items():
                if names.get(const, "").upper() == word:
                    if const == "VECTOR_TYPE_NAME" and param:
                        return "Vector(%s)@%s:%d" % (param, STATEMENTS, ln)
                    if const == "JSON2_TYPE_NAME" and not param:
                        return "Json2@%s:%d" % (STATEMENTS, ln)
            return "refused:Custom@%s:%d" % (STATEMENTS, fallback)
    elif variant in by_variant and (param is None or variant.startswith("Datetime")):
        variant = by_variant[variant][0]
        if variant == "Timestamp":
            ts_precision = 6
    if "(...)" in debug.get(variant, ""):
        # a variant with required arguments (ENUM(...), ARRAY<...>): the bare word is a syntax error
        return "syntax:%s@src/parser/mod.rs:%d" % (variant, arms[word][1])
    if variant not in conc:
        d = debug.get(variant, variant)
        if word.endswith("TZ"):
            d = d[:d.rindex("None)")] + "Tz)"  # TIMETZ: the parser's arm gives TimezoneInfo::Tz
        return "refused:%s@%s:%d" % (d, STATEMENTS, fallback)
    ctor, ln = conc[variant]
    if variant == "Timestamp":
        p = int(param) if param is not None else ts_precision
        if p is None:
            return "TimestampMillisecond@%s:%d" % (STATEMENTS, ln)
        if p not in TS_UNITS:
            return "refused:Timestamp(Some(%d), None)@%s:%d" % (p, STATEMENTS, ln)
        return "%s@%s:%d" % (TS_UNITS[p], STATEMENTS, ln)
    if variant == "Decimal":
        if param is None:
            return "Decimal(38, 10)@%s:%d" % (STATEMENTS, ln)
        ps = [x.strip() for x in param.split(",")]
        return "Decimal(%s, %s)@%s:%d" % (ps[0], ps[1] if len(ps) > 1 else "0", STATEMENTS, ln)
    if variant == "JSON":
        return "Json@%s:%d" % (STATEMENTS, ln)
    if ctor not in CTOR_NAMES:
        return "unknown-ctor:%s@%s:%d" % (ctor, STATEMENTS, ln)
    return "%s@%s:%d" % (CTOR_NAMES[ctor], STATEMENTS, ln)


def later_checks(gt, tag):
    """Refusals after the type is known, each (message with {column}, status, file:line): interval columns
    (the operator's validate_create_expr) and VECTOR without a dimension (create_parser's column extensions)."""
    out = {}
    for key, pattern, root, template, status in [
            ("interval", "is interval type, which is not supported", "src/operator/src",
             "Invalid SQL, error: column name `{column}` is interval type, which is not supported", 1004),
            ("vector", "VECTOR type should have dimension", "src/sql/src",
             "Invalid column option, column name: {column}, error: VECTOR type should have dimension", 1004)]:
        rows = git(gt, "grep", "-n", pattern, tag, "--", root).splitlines()
        if rows:
            _, path, ln, _ = rows[0].split(":", 3)
            out[key] = "error:%d:%s@%s:%s" % (status, template, path, ln)
    return out


def main():
    gt, gt_parser, apache_parser = sys.argv[1:4]
    per_line, spellings = {}, set(PARAMETERISED + CUSTOM_PROBES)
    meta = []
    for line, tag in LINES:
        which, rev = sqlparser_rev(gt, tag)
        arms = parser_arms(gt_parser if which == "gt" else apache_parser, rev)
        aliases = alias_rules(gt, tag)
        concrete = concrete_arms(gt, tag)
        names = custom_name(gt, tag)
        spellings.update(arms)
        spellings.update(aliases[1])
        debug = variant_debug(gt_parser if which == "gt" else apache_parser, rev)
        per_line[line] = (tag, arms, aliases, concrete, names, debug)
        meta.append("%s=%s (sqlparser %s %s)" % (line, tag if tag != "HEAD" else "main@" + git(
            gt, "rev-parse", "--short=10", "HEAD").strip(), which, rev[:10]))
    print("# SQL type names GreptimeDB's CREATE TABLE accepts per version line and the type each becomes,")
    print("# read from its source by tck/server/catalog/extract_types.py (the header there names the rules)")
    print("# lines: " + ", ".join(meta))
    print("# spelling\t" + "\t".join(l for l, _ in LINES))
    checks_by_line = {}
    for s in sorted(spellings):
        cells = []
        for line, _ in LINES:
            tag, arms, aliases, concrete, names, debug = per_line[line]
            word = re.match(r"[A-Z0-9_]+(?: [A-Z]+)*", s).group(0)
            if " " in word and word not in arms:
                cells.append("-")  # a two-word spelling this line's parser does not have
                continue
            cell = resolve(s, tag, arms, aliases, concrete, names, debug)
            checks = later_checks(gt, tag) if line not in checks_by_line else checks_by_line[line]
            checks_by_line[line] = checks
            if cell.startswith("IntervalMonthDayNano@") and "interval" in checks:
                cell = checks["interval"]
            elif s == "VECTOR" and "vector" in checks:
                cell = checks["vector"]
            cells.append(cell)
        print("\t".join([s] + cells))


if __name__ == "__main__":
    main()
