package io.greptime.jdbc.tck.engine.flow;

import io.greptime.jdbc.tck.engine.flow.FlowLexer.Kind;
import io.greptime.jdbc.tck.engine.flow.FlowLexer.Tok;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.time.temporal.IsoFields;
import java.util.List;
import java.util.Locale;

/**
 * A flow's time-window expression: {@code date_bin(INTERVAL '…', col [, origin])} or
 * {@code date_trunc('unit', col)}. It maps a source timestamp to the window it belongs to, so a write
 * marks exactly the windows it touches as dirty.
 *
 * @param column the source column the expression reads
 * @param widthMicros bin width for date_bin, 0 for date_trunc
 * @param originMicros date_bin origin (epoch when absent)
 * @param unit date_trunc unit, null for date_bin
 * @param originIsText whether date_bin's origin was a string (GreptimeDB then yields nanosecond windows)
 */
record TimeWindow(String column, long widthMicros, long originMicros, String unit, boolean originIsText) {

    /** Parses a window expression starting at token {@code i}, or returns null. */
    static TimeWindow parse(List<Tok> toks, int i) {
        Tok fn = toks.get(i);
        if (i + 1 >= toks.size() || !toks.get(i + 1).isSymbol("(")) {
            return null;
        }
        if (fn.is("date_bin")) {
            return dateBin(toks, i + 2);
        }
        if (fn.is("date_trunc")
                && i + 4 < toks.size()
                && toks.get(i + 2).kind() == Kind.STRING
                && toks.get(i + 3).isSymbol(",")
                && toks.get(i + 4).isIdent()) {
            String unit = toks.get(i + 2).text().toLowerCase(Locale.ROOT);
            return new TimeWindow(toks.get(i + 4).text(), 0, 0, unit, false);
        }
        return null;
    }

    private static TimeWindow dateBin(List<Tok> toks, int i) {
        int at = i;
        if (toks.get(at).is("interval")) {
            at++;
        }
        if (toks.get(at).kind() != Kind.STRING) {
            return null;
        }
        long width = IntervalText.micros(toks.get(at).text());
        at++;
        if (toks.get(at).isSymbol("::")) {
            at += 2;
        }
        if (!toks.get(at).isSymbol(",") || !toks.get(at + 1).isIdent()) {
            return null;
        }
        String column = toks.get(at + 1).text();
        at += 2;
        long origin = 0;
        boolean text = false;
        if (toks.get(at).isSymbol(",") && toks.get(at + 1).kind() == Kind.STRING) {
            origin = parseTimestamp(toks.get(at + 1).text());
            text = true;
        }
        return width <= 0 ? null : new TimeWindow(column, width, origin, null, text);
    }

    private static long parseTimestamp(String s) {
        String iso = s.trim().replace(' ', 'T');
        if (iso.endsWith("Z")) {
            iso = iso.substring(0, iso.length() - 1);
        }
        LocalDateTime ldt = LocalDateTime.parse(iso);
        return ChronoUnit.MICROS.between(LocalDateTime.of(1970, 1, 1, 0, 0), ldt);
    }

    /** [start, end) in epoch microseconds of the window holding {@code tsMicros}. */
    long[] windowOf(long tsMicros) {
        if (unit == null) {
            long start = originMicros + Math.floorDiv(tsMicros - originMicros, widthMicros) * widthMicros;
            return new long[] {start, start + widthMicros};
        }
        LocalDateTime t = LocalDateTime.ofEpochSecond(Math.floorDiv(tsMicros, 1_000_000), 0, ZoneOffset.UTC)
                .plusNanos(Math.floorMod(tsMicros, 1_000_000) * 1000);
        LocalDateTime start;
        LocalDateTime end;
        switch (unit) {
            case "microsecond", "microseconds" -> {
                return new long[] {tsMicros, tsMicros + 1};
            }
            case "millisecond", "milliseconds" -> {
                long s = Math.floorDiv(tsMicros, 1000) * 1000;
                return new long[] {s, s + 1000};
            }
            case "second", "seconds" -> {
                start = t.truncatedTo(ChronoUnit.SECONDS);
                end = start.plusSeconds(1);
            }
            case "minute", "minutes" -> {
                start = t.truncatedTo(ChronoUnit.MINUTES);
                end = start.plusMinutes(1);
            }
            case "hour", "hours" -> {
                start = t.truncatedTo(ChronoUnit.HOURS);
                end = start.plusHours(1);
            }
            case "week", "weeks" -> {
                start = t.truncatedTo(ChronoUnit.DAYS)
                        .minusDays(t.getDayOfWeek().getValue() - 1L);
                end = start.plusWeeks(1);
            }
            case "month", "months" -> {
                start = t.truncatedTo(ChronoUnit.DAYS).withDayOfMonth(1);
                end = start.plusMonths(1);
            }
            case "quarter" -> {
                start = t.truncatedTo(ChronoUnit.DAYS)
                        .withDayOfMonth(1)
                        .withMonth((t.get(IsoFields.QUARTER_OF_YEAR) - 1) * 3 + 1);
                end = start.plusMonths(3);
            }
            case "year", "years" -> {
                start = t.truncatedTo(ChronoUnit.DAYS).withDayOfYear(1);
                end = start.plusYears(1);
            }
            default -> {
                start = t.truncatedTo(ChronoUnit.DAYS);
                end = start.plusDays(1);
            }
        }
        return new long[] {micros(start), micros(end)};
    }

    private static long micros(LocalDateTime t) {
        return ChronoUnit.MICROS.between(LocalDateTime.of(1970, 1, 1, 0, 0), t);
    }

    /** Window size in microseconds (an average month/year for calendar units), for scheduling. */
    long sizeMicros() {
        return unit == null ? widthMicros : windowOf(0)[1];
    }
}
