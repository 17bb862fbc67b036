package io.greptime.jdbc.tck.text;

import io.greptime.jdbc.arrow.jsonb.Jsonb;
import java.math.BigDecimal;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BaseIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DateMilliVector;
import org.apache.arrow.vector.DurationVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float2Vector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntervalDayVector;
import org.apache.arrow.vector.IntervalMonthDayNanoVector;
import org.apache.arrow.vector.IntervalYearVector;
import org.apache.arrow.vector.TimeStampVector;
import org.apache.arrow.vector.ValueVector;
import org.apache.arrow.vector.complex.FixedSizeListVector;
import org.apache.arrow.vector.complex.LargeListVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.MapVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.holders.NullableIntervalDayHolder;
import org.apache.arrow.vector.holders.NullableIntervalMonthDayNanoHolder;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * How one Arrow column's cells print in GreptimeDB's sqlness output (arrow-rs {@code pretty_format_batches}
 * with default options, plus GreptimeDB's JSON formatter). Built per field by visiting its Arrow type; a
 * null cell prints as an empty string for every type.
 */
@FunctionalInterface
public interface CellText {

    /** The text of non-null cell {@code row}. */
    String format(ValueVector vector, int row);

    /** Formats any cell, null included. */
    default String cell(ValueVector vector, int row) {
        return vector.isNull(row) ? "" : format(vector, row);
    }

    /** The formatter for a field of a result schema. */
    static CellText forField(Field field) {
        return field.getType().accept(new Builder(field));
    }

    /** Picks the formatter per Arrow type; nested types format their children recursively. */
    final class Builder implements ArrowType.ArrowTypeVisitor<CellText> {
        private static final HexFormat HEX = HexFormat.of();
        private final Field field;

        Builder(Field field) {
            this.field = field;
        }

        /** GreptimeDB marks legacy JSON (JSONB in Binary) with an extension name or its own type key. */
        private boolean isJson() {
            var meta = field.getMetadata();
            String ext = meta.get("ARROW:extension:name");
            return "greptime.json".equals(ext)
                    || "greptime.json2".equals(ext)
                    || "Json".equals(meta.get("greptime:type"));
        }

        @Override
        public CellText visit(ArrowType.Null type) {
            return (v, i) -> "";
        }

        @Override
        public CellText visit(ArrowType.Struct type) {
            List<Field> children = field.getChildren();
            List<CellText> texts = children.stream().map(CellText::forField).toList();
            return (v, i) -> {
                StructVector s = (StructVector) v;
                StringBuilder out = new StringBuilder("{");
                for (int c = 0; c < children.size(); c++) {
                    out.append(c == 0 ? "" : ", ")
                            .append(children.get(c).getName())
                            .append(": ")
                            .append(texts.get(c).cell(s.getChildByOrdinal(c), i));
                }
                return out.append('}').toString();
            };
        }

        @Override
        public CellText visit(ArrowType.List type) {
            CellText item = forField(field.getChildren().get(0));
            return (v, i) -> {
                ListVector l = (ListVector) v;
                return list(l.getDataVector(), l.getElementStartIndex(i), l.getElementEndIndex(i), item);
            };
        }

        @Override
        public CellText visit(ArrowType.LargeList type) {
            CellText item = forField(field.getChildren().get(0));
            return (v, i) -> {
                LargeListVector l = (LargeListVector) v;
                return list(l.getDataVector(), (int) l.getElementStartIndex(i), (int) l.getElementEndIndex(i), item);
            };
        }

        @Override
        public CellText visit(ArrowType.FixedSizeList type) {
            CellText item = forField(field.getChildren().get(0));
            int size = type.getListSize();
            return (v, i) -> list(((FixedSizeListVector) v).getDataVector(), i * size, i * size + size, item);
        }

        @Override
        public CellText visit(ArrowType.ListView type) {
            return (v, i) -> String.valueOf(v.getObject(i));
        }

        @Override
        public CellText visit(ArrowType.LargeListView type) {
            return (v, i) -> String.valueOf(v.getObject(i));
        }

        @Override
        public CellText visit(ArrowType.Union type) {
            return (v, i) -> String.valueOf(v.getObject(i));
        }

        @Override
        public CellText visit(ArrowType.RunEndEncoded type) {
            return (v, i) -> String.valueOf(v.getObject(i));
        }

        @Override
        public CellText visit(ArrowType.Map type) {
            Field entries = field.getChildren().get(0);
            CellText key = forField(entries.getChildren().get(0));
            CellText value = forField(entries.getChildren().get(1));
            return (v, i) -> {
                MapVector m = (MapVector) v;
                StructVector kv = (StructVector) m.getDataVector();
                StringBuilder out = new StringBuilder("{");
                for (int e = m.getElementStartIndex(i); e < m.getElementEndIndex(i); e++) {
                    out.append(e == m.getElementStartIndex(i) ? "" : ", ")
                            .append(key.cell(kv.getChildByOrdinal(0), e))
                            .append(": ")
                            .append(value.cell(kv.getChildByOrdinal(1), e));
                }
                return out.append('}').toString();
            };
        }

        @Override
        public CellText visit(ArrowType.Int type) {
            if (!type.getIsSigned() && type.getBitWidth() == 64) {
                return (v, i) -> Long.toUnsignedString(((BaseIntVector) v).getValueAsLong(i));
            }
            if (!type.getIsSigned()) {
                long mask = (1L << type.getBitWidth()) - 1;
                return (v, i) -> Long.toString(((BaseIntVector) v).getValueAsLong(i) & mask);
            }
            return (v, i) -> Long.toString(((BaseIntVector) v).getValueAsLong(i));
        }

        @Override
        public CellText visit(ArrowType.FloatingPoint type) {
            return switch (type.getPrecision()) {
                case HALF -> (v, i) -> FloatText.of(((Float2Vector) v).getValueAsFloat(i));
                case SINGLE -> (v, i) -> FloatText.of(((Float4Vector) v).get(i));
                case DOUBLE -> (v, i) -> FloatText.of(((Float8Vector) v).get(i));
            };
        }

        @Override
        public CellText visit(ArrowType.Utf8 type) {
            return (v, i) -> v.getObject(i).toString();
        }

        @Override
        public CellText visit(ArrowType.Utf8View type) {
            return (v, i) -> v.getObject(i).toString();
        }

        @Override
        public CellText visit(ArrowType.LargeUtf8 type) {
            return (v, i) -> v.getObject(i).toString();
        }

        @Override
        public CellText visit(ArrowType.Binary type) {
            return binary();
        }

        @Override
        public CellText visit(ArrowType.BinaryView type) {
            return binary();
        }

        @Override
        public CellText visit(ArrowType.LargeBinary type) {
            return binary();
        }

        @Override
        public CellText visit(ArrowType.FixedSizeBinary type) {
            return (v, i) -> HEX.formatHex((byte[]) v.getObject(i));
        }

        private CellText binary() {
            if (isJson()) {
                return (v, i) -> Jsonb.decode((byte[]) v.getObject(i));
            }
            return (v, i) -> HEX.formatHex((byte[]) v.getObject(i));
        }

        @Override
        public CellText visit(ArrowType.Bool type) {
            return (v, i) -> ((BitVector) v).get(i) != 0 ? "true" : "false";
        }

        @Override
        public CellText visit(ArrowType.Decimal type) {
            int scale = type.getScale();
            return (v, i) -> {
                BigDecimal d = (BigDecimal) v.getObject(i);
                return scale >= 0 ? d.toPlainString() : d.unscaledValue() + "0".repeat(-scale);
            };
        }

        @Override
        public CellText visit(ArrowType.Date type) {
            return switch (type.getUnit()) {
                case DAY -> (v, i) -> TemporalText.date(java.time.LocalDate.ofEpochDay(((DateDayVector) v).get(i)));
                case MILLISECOND ->
                    (v, i) -> TemporalText.naive(TemporalText.utc(
                            TemporalText.instant(((DateMilliVector) v).get(i), TimeUnit.MILLISECONDS)));
            };
        }

        @Override
        public CellText visit(ArrowType.Time type) {
            TimeUnit unit = unitOf(type.getUnit());
            return (v, i) -> {
                long raw = type.getBitWidth() == 32
                        ? ((BaseFixedWidthVector) v).getDataBuffer().getInt((long) i * 4)
                        : ((BaseFixedWidthVector) v).getDataBuffer().getLong((long) i * 8);
                return TemporalText.time(java.time.LocalTime.ofNanoOfDay(TimeUnit.NANOSECONDS.convert(raw, unit)));
            };
        }

        @Override
        public CellText visit(ArrowType.Timestamp type) {
            TimeUnit unit = unitOf(type.getUnit());
            String zone = type.getTimezone();
            return (v, i) -> {
                var instant = TemporalText.instant(((TimeStampVector) v).get(i), unit);
                return zone == null ? TemporalText.naive(TemporalText.utc(instant)) : TemporalText.zoned(instant, zone);
            };
        }

        @Override
        public CellText visit(ArrowType.Interval type) {
            return switch (type.getUnit()) {
                case YEAR_MONTH -> (v, i) -> TemporalText.yearMonth(((IntervalYearVector) v).get(i));
                case DAY_TIME ->
                    (v, i) -> {
                        NullableIntervalDayHolder h = new NullableIntervalDayHolder();
                        ((IntervalDayVector) v).get(i, h);
                        return TemporalText.dayTime(h.days, h.milliseconds);
                    };
                case MONTH_DAY_NANO ->
                    (v, i) -> {
                        NullableIntervalMonthDayNanoHolder h = new NullableIntervalMonthDayNanoHolder();
                        ((IntervalMonthDayNanoVector) v).get(i, h);
                        return TemporalText.monthDayNano(h.months, h.days, h.nanoseconds);
                    };
            };
        }

        @Override
        public CellText visit(ArrowType.Duration type) {
            TimeUnit unit = unitOf(type.getUnit());
            return (v, i) -> TemporalText.duration(DurationVector.get(((DurationVector) v).getDataBuffer(), i), unit);
        }

        private static TimeUnit unitOf(org.apache.arrow.vector.types.TimeUnit unit) {
            return switch (unit) {
                case SECOND -> TimeUnit.SECONDS;
                case MILLISECOND -> TimeUnit.MILLISECONDS;
                case MICROSECOND -> TimeUnit.MICROSECONDS;
                case NANOSECOND -> TimeUnit.NANOSECONDS;
            };
        }

        private static String list(FieldVector items, int start, int end, CellText item) {
            StringBuilder out = new StringBuilder("[");
            for (int e = start; e < end; e++) {
                out.append(e == start ? "" : ", ").append(item.cell(items, e));
            }
            return out.append(']').toString();
        }
    }
}
