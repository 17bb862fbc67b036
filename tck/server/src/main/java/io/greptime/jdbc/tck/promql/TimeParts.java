package io.greptime.jdbc.tck.promql;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;

/**
 * PromQL's calendar functions as GreptimeDB plans them: {@code date_part} on the time index (the
 * evaluation time of each step, in UTC), over an empty metric when called without arguments or over the
 * argument's series (whose sample values are not read), named like the DataFusion expression.
 */
final class TimeParts {
    private TimeParts() {}

    static Value call(Evaluator ev, Ast.Call c) {
        if (c.args().size() > 1) {
            Functions.arity(c, 1);
        }
        String part = switch (c.func()) {
            case "day_of_month" -> "day";
            case "day_of_week" -> "dow";
            case "day_of_year" -> "doy";
            default -> c.func();
        };
        if (c.args().isEmpty()) {
            Series one = new Series(new TreeMap<>(), ev.n());
            for (int i = 0; i < ev.n(); i++) {
                one.set(i, value(c.func(), ev.steps[i]));
            }
            Value.Shape sh = new Value.Shape(
                    Value.Layout.TIME_FIRST,
                    Evaluator.DEFAULT_TIME,
                    "",
                    name(c.func(), part, "time"),
                    List.of(),
                    List.of(),
                    true);
            return new Value.Vector(List.of(one), sh);
        }
        Value v = ev.eval(c.args().get(0));
        if (!(v instanceof Value.Vector vec)) {
            throw PromLexer.syntax("expected type instant vector in call to function \"" + c.func() + "\"");
        }
        List<Series> out = new ArrayList<>();
        for (Series s : vec.series()) {
            Series r = new Series(Series.dropName(s.labels), ev.n());
            for (int i = 0; i < ev.n(); i++) {
                if (s.present[i]) {
                    r.set(i, value(c.func(), ev.steps[i]));
                }
            }
            out.add(r);
        }
        Value.Shape sh = vec.shape();
        String name = name(c.func(), part, sh.timeFieldName());
        Value.Layout layout = sh.layout() == Value.Layout.EMPTY ? Value.Layout.EMPTY : Value.Layout.TIME_FIRST;
        return new Value.Vector(out, sh.with(layout, name, sh.labelColumns(), true));
    }

    private static String name(String fn, String part, String time) {
        if (fn.equals("days_in_month")) {
            return "date_part(Utf8(\"day\"),date_trunc(Utf8(\"month\")," + time
                    + ") + IntervalYearMonth(\"1\") - IntervalDayTime(\"IntervalDayTime { days: 1, milliseconds: 0 }\"))";
        }
        return "date_part(Utf8(\"" + part + "\")," + time + ")";
    }

    private static double value(String fn, long ms) {
        ZonedDateTime t = Instant.ofEpochMilli(ms).atZone(ZoneOffset.UTC);
        return switch (fn) {
            case "minute" -> t.getMinute();
            case "hour" -> t.getHour();
            case "month" -> t.getMonthValue();
            case "year" -> t.getYear();
            case "day_of_month" -> t.getDayOfMonth();
            case "day_of_week" -> t.getDayOfWeek().getValue() % 7;
            case "day_of_year" -> t.getDayOfYear();
            default -> t.toLocalDate().lengthOfMonth();
        };
    }
}
