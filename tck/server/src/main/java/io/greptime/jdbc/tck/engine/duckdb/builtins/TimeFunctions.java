package io.greptime.jdbc.tck.engine.duckdb.builtins;

import io.greptime.jdbc.tck.engine.duckdb.catalog.GreptimeType;
import io.greptime.jdbc.tck.engine.duckdb.functions.ChronoFormat;
import io.greptime.jdbc.tck.engine.duckdb.parse.SqlAst;
import io.greptime.jdbc.tck.engine.duckdb.parse.SqlAst.Expr;
import io.greptime.jdbc.tck.engine.duckdb.sql.ExprRenderer;
import io.greptime.jdbc.tck.engine.duckdb.sql.ExprTypes;
import io.greptime.jdbc.tck.engine.duckdb.time.IntervalValue;
import io.greptime.jdbc.tck.engine.duckdb.time.TimestampLiterals;
import java.time.ZoneId;
import java.time.ZoneOffset;

/**
 * GreptimeDB's own date and time functions on DuckDB: {@code date_add}/{@code date_sub} (an interval or
 * interval text; the result keeps the input's type, a DATE stays a DATE), {@code date_format} (chrono's
 * format, timestamps shown in the session time zone), {@code to_unixtime} (text read in the session
 * time zone) and {@code timezone()}.
 */
public final class TimeFunctions {
    private TimeFunctions() {}

    /** GreptimeDB prints its session zone as {@code UTC}, {@code +08:00} or the IANA name. */
    static String zoneName(ZoneId zone) {
        return io.greptime.jdbc.tck.engine.duckdb.time.ZoneNames.zoneName(zone);
    }

    /** The zone as ICU (DuckDB's time zone support) names it. */
    static String icuZone(ZoneId zone) {
        if (zone instanceof ZoneOffset o) {
            return o.getTotalSeconds() == 0 ? "UTC" : "GMT" + o.getId();
        }
        return zone.getId();
    }

    static String dateArithmetic(ExprRenderer r, SqlAst.Call c, boolean add) {
        if (c.args().size() != 2) {
            return null;
        }
        Expr base = c.args().get(0);
        String interval = interval(r, c.args().get(1));
        String sql = "(" + r.render(base) + (add ? " + " : " - ") + interval + ")";
        GreptimeType type = ExprTypes.of(r.scope, base);
        if (type != null && (type.kind() == GreptimeType.Kind.DATE || type.kind() == GreptimeType.Kind.TIMESTAMP)) {
            return "CAST(" + sql + " AS " + type.duck() + ")";
        }
        return sql;
    }

    /** An interval argument: interval text is parsed as GreptimeDB parses it. */
    static String interval(ExprRenderer r, Expr e) {
        if (e instanceof SqlAst.Literal l && l.kind() == SqlAst.LiteralKind.STRING) {
            IntervalValue v = IntervalValue.parse(IntervalValue.expand(l.text()));
            if (v != null) {
                return v.duckSql();
            }
        }
        return "CAST(" + r.render(e) + " AS INTERVAL)";
    }

    static String dateFormat(ExprRenderer r, SqlAst.Call c) {
        if (c.args().size() != 2 || !(c.args().get(1) instanceof SqlAst.Literal fmt)) {
            return null;
        }
        Expr value = c.args().get(0);
        String format = FunctionMap.quoted(ChronoFormat.toDuckDb(fmt.text()));
        GreptimeType type = ExprTypes.of(r.scope, value);
        String v = r.render(value);
        if (type != null && type.kind() == GreptimeType.Kind.DATE) {
            return "strftime(" + v + ", " + format + ")";
        }
        return "strftime(" + local(r, "CAST(" + v + " AS TIMESTAMP)") + ", " + format + ")";
    }

    /** A UTC timestamp as wall-clock time in the session zone. */
    static String local(ExprRenderer r, String timestampSql) {
        String zone = icuZone(r.translator.zone);
        if (zone.equals("UTC")) {
            return timestampSql;
        }
        return "timezone(" + FunctionMap.quoted(zone) + ", " + timestampSql + " AT TIME ZONE 'UTC')";
    }

    static String toUnixtime(ExprRenderer r, SqlAst.Call c) {
        if (c.args().size() != 1) {
            return null;
        }
        Expr arg = c.args().get(0);
        if (arg instanceof SqlAst.Literal l && l.kind() == SqlAst.LiteralKind.STRING) {
            Long nanos = TimestampLiterals.parseNanos(l.text(), r.translator.zone);
            if (nanos != null) {
                return "CAST(" + Math.floorDiv(nanos, 1_000_000_000L) + " AS BIGINT)";
            }
        }
        GreptimeType type = ExprTypes.of(r.scope, arg);
        if (type != null && type.kind() == GreptimeType.Kind.TIMESTAMP) {
            return "CAST(floor(epoch_ms(" + r.render(arg) + ") / 1000.0) AS BIGINT)";
        }
        return FunctionMap.generic(r, c, "greptime.main.gt_to_unixtime");
    }
}
