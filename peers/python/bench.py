"""The official bulk writer as a peer in greptime-jdbc's write benchmark (examples WriteBenchmark).

Writes the benchmark's rows (ts, host, dc, v1, v2, v3; row i as WriteBenchmark.ts/host/dc define it) with
greptimedb-ingester's BulkWriter (the Rust ingester's Arrow Flight DoPut writer) into tables WriteBenchmark
created: first the warm-up into <table>_warm, then the measured pass into <table>. The row lists are built
before the clock; the clock covers the binding's conversion to Arrow columns, DoPut and every
acknowledgement. Prints "PEER <mode> <rows> <seconds>" as the Java ingester peer does.
"""

import argparse
import time

from greptimedb_ingester import Client, Column, ColumnDataType as D, SemanticType as S, WriteOptions

COLUMNS = [Column("ts", D.TIMESTAMP_MILLISECOND, S.TIMESTAMP), Column("host", D.STRING, S.TAG),
           Column("dc", D.STRING, S.TAG), Column("v1", D.FLOAT64, S.FIELD), Column("v2", D.FLOAT64, S.FIELD),
           Column("v3", D.FLOAT64, S.FIELD)]
HOSTS = [f"host-{i}" for i in range(100)]
DCS = [f"dc-{i}" for i in range(5)]


def batches(rows, batch):
    out = []
    for start in range(0, rows, batch):
        out.append([[1_700_000_000_000 + i, HOSTS[i % 100], DCS[i % 5], i * 0.5, i * 0.25, i * 0.125]
                    for i in range(start, min(rows, start + batch))])
    return out


def put(client, table, data, options):
    writer = client.bulk_writer(table, COLUMNS, options)
    for rows in data:
        b = writer.alloc_rows(len(rows))
        b.add_rows(rows)
        writer.write_async(b)
    return sum(r.affected_rows for r in writer.finish_with_responses())


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--endpoint", required=True)
    ap.add_argument("--table", required=True)
    ap.add_argument("--rows", type=int, required=True)
    ap.add_argument("--batch", type=int, required=True)
    ap.add_argument("--warmup", type=int, default=0)
    ap.add_argument("--compression", default="none")
    ap.add_argument("--parallelism", type=int, default=4)
    a = ap.parse_args()
    client = Client([a.endpoint], database="public")
    # bulk_writer() on a client that never connected fails with "Service was not ready" (the Flight channel
    # is used before it is up); one unary call first connects it
    client.health_check()
    options = WriteOptions(compression=a.compression, parallelism=a.parallelism)
    if a.warmup:
        put(client, a.table + "_warm", batches(a.warmup, a.batch), options)
    data = batches(a.rows, a.batch)
    start = time.perf_counter()
    stored = put(client, a.table, data, options)
    seconds = time.perf_counter() - start
    if stored != a.rows:
        raise SystemExit(f"bulk writer: server acknowledged {stored} rows, expected {a.rows}")
    print(f"PEER bulk {a.rows} {seconds:.3f}", flush=True)


if __name__ == "__main__":
    main()
