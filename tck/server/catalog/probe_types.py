#!/usr/bin/env python3
"""Asks a running GreptimeDB (its HTTP SQL API) what the type catalog's spellings and the casts between
its types answer, and writes what it saw. Run against a standalone server started for the purpose:
  python3 tck/server/catalog/probe_types.py create HTTP_ADDR type-catalog.tsv > observed-create.tsv
  python3 tck/server/catalog/probe_types.py casts HTTP_ADDR type-catalog.tsv > type-casts.tsv

create: for each spelling, `CREATE TABLE (ts TIMESTAMP TIME INDEX, c <spelling>)` and DESC TABLE's type of c,
  or the error's status code and message.
casts: one table with a column of each source type and one row of sample values (SOURCES), then for each
  source column and each target spelling (TARGETS) `SELECT CAST(col AS target)`: the result's type and
  value as the HTTP API gives them (JSON), or the status code and message of the refusal. Literal sources
  (LITERALS) are cast the same way without a table.
"""
import json
import sys
import urllib.parse
import urllib.request

# source column name, its type, the sample value inserted
SOURCES = [
    ("c_bool", "BOOLEAN", "true"),
    ("c_i8", "TINYINT", "-7"),
    ("c_i16", "SMALLINT", "-300"),
    ("c_i32", "INT", "-70000"),
    ("c_i64", "BIGINT", "1700000000"),
    ("c_u8", "TINYINT UNSIGNED", "200"),
    ("c_u16", "SMALLINT UNSIGNED", "60000"),
    ("c_u32", "INT UNSIGNED", "4000000000"),
    ("c_u64", "BIGINT UNSIGNED", "18000000000000000000"),
    ("c_f32", "FLOAT", "1.5"),
    ("c_f64", "DOUBLE", "-2.25"),
    ("c_str_num", "STRING", "'42'"),
    ("c_str_ts", "STRING", "'2024-01-02 03:04:05'"),
    ("c_str_word", "STRING", "'abc'"),
    ("c_bin", "VARBINARY", "'ab'"),
    ("c_date", "DATE", "'2024-01-02'"),
    ("c_ts_s", "TIMESTAMP(0)", "'2024-01-02 03:04:05'"),
    ("c_ts_ms", "TIMESTAMP(3)", "'2024-01-02 03:04:05.123'"),
    ("c_ts_us", "TIMESTAMP(6)", "'2024-01-02 03:04:05.123456'"),
    ("c_ts_ns", "TIMESTAMP(9)", "'2024-01-02 03:04:05.123456789'"),
    ("c_dec", "DECIMAL(10,2)", "123.45"),
    ("c_json", "JSON", "'{\"a\":1}'"),
    ("c_vec", "VECTOR(3)", "'[1,2,3]'"),
]
TARGETS = ["BOOLEAN", "TINYINT", "SMALLINT", "INT", "BIGINT", "TINYINT UNSIGNED", "SMALLINT UNSIGNED",
           "INT UNSIGNED", "BIGINT UNSIGNED", "FLOAT", "DOUBLE", "STRING", "VARBINARY", "DATE", "TIMESTAMP",
           "TIMESTAMP(0)", "TIMESTAMP(9)", "DECIMAL(10,2)", "JSON", "INTERVAL"]
# literals at the edges of their types
LITERALS = ["300", "-1", "'18446744073709551616'", "'1e400'", "'9999999999.999'", "'1969-12-31 23:59:59.999'",
            "'1677-09-21 00:12:43.145224192'", "'2262-04-11 23:47:16.854775807'", "'2262-04-12'",
            "'-262143-01-01'", "'1 day'", "NULL"]


def sql(addr, text):
    data = urllib.parse.urlencode({"sql": text}).encode()
    with urllib.request.urlopen(urllib.request.Request("http://%s/v1/sql" % addr, data=data)) as r:
        try:
            return json.loads(r.read())
        except ValueError:
            return {"code": -1, "error": "unreadable answer"}


def fetch(addr, text):
    try:
        out = sql(addr, text)
    except urllib.error.HTTPError as e:
        out = json.loads(e.read())
    if "error" in out:
        return "error\t%s\t%s" % (out.get("code"), out["error"].replace("\t", " ").replace("\n", "\\n"))
    if "records" not in out["output"][0]:
        return "ok\t%s" % out["output"][0].get("affectedrows")
    recs = out["output"][0]["records"]
    typ = recs["schema"]["column_schemas"][0]["data_type"]
    rows = recs["rows"]
    return "%s\t%s" % (typ, json.dumps(rows[0][0] if rows else None, ensure_ascii=False))


def create(addr, catalog):
    for i, row in enumerate(l for l in open(catalog) if not l.startswith("#")):
        spelling = row.split("\t")[0]
        name = "probe_type_%d" % i
        out = fetch(addr, "CREATE TABLE %s (ts TIMESTAMP TIME INDEX, c %s)" % (name, spelling))
        if out.startswith("error"):
            print("%s\t%s" % (spelling, out.replace(name, "TABLE")))
            continue
        desc = sql(addr, "DESC TABLE %s" % name)
        rows = desc["output"][0]["records"]["rows"]
        col = next(r for r in rows if r[0] == "c")
        print("%s\tok\t%s" % (spelling, col[1]))
        sql(addr, "DROP TABLE %s" % name)


def casts(addr, catalog=None):
    cols = ", ".join("%s %s" % (n, t) for n, t, _ in SOURCES)
    fetch(addr, "DROP TABLE IF EXISTS cast_sources")
    setup = ["CREATE TABLE cast_sources (ts TIMESTAMP TIME INDEX, %s)" % cols,
             "INSERT INTO cast_sources VALUES (0, %s)" % ", ".join(v for _, _, v in SOURCES)]
    print("# SQL CAST between GreptimeDB's types as a running GreptimeDB answers it (HTTP API), written by")
    print("# tck/server/catalog/probe_types.py; '#!' lines set up the source table, in order")
    print("# server: " + fetch(addr, "SELECT version()").split("\t")[1])
    for stmt in setup:
        out = fetch(addr, stmt)
        assert not out.startswith("error"), out
        print("#! " + stmt)
    print("# source\ttarget\toutcome (type and JSON value, or error code and message)")
    for n, t, v in SOURCES:
        for target in TARGETS:
            print("%s\t%s\t%s" % (n, target, fetch(addr, "SELECT CAST(%s AS %s) FROM cast_sources" % (n, target))))
    for lit in LITERALS:
        for target in TARGETS:
            print("%s\t%s\t%s" % (lit, target, fetch(addr, "SELECT CAST(%s AS %s)" % (lit, target))))
    # every spelling of the type catalog as a CAST target: which the planner takes, and as which type
    if catalog:
        for row in open(catalog):
            spelling = row.split("\t")[0]
            if not row.startswith("#") and spelling not in TARGETS:
                print("NULL\t%s\t%s" % (spelling, fetch(addr, "SELECT CAST(NULL AS %s)" % spelling)))


if __name__ == "__main__":
    if sys.argv[1] == "create":
        create(sys.argv[2], sys.argv[3])
    else:
        casts(sys.argv[2], sys.argv[3] if len(sys.argv) > 3 else None)
