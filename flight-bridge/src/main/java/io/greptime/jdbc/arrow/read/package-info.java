/**
 * Column readers: one {@link io.greptime.jdbc.arrow.read.ColumnReader} per Arrow type family, picked
 * by a type visitor in {@link io.greptime.jdbc.arrow.read.ColumnReaderFactory}.
 *
 * <p>Renderings and conversions (the contract the driver's ResultSet exposes):
 *
 * <ul>
 *   <li>Integers: {@code getObject} is Integer for Int8/16/32 and UInt8/16, Long for Int64 and
 *       UInt32, BigInteger for UInt64. Narrowing getters are range-checked (22003), never wrapped.
 *   <li>Floats: Java's shortest text ({@code 150.0}); NaN/infinity have no decimal form (22003).
 *   <li>Decimal: BigDecimal with the column scale; text via {@code toPlainString}.
 *   <li>Text: parses to numbers, booleans (true/false/1/0) and ISO dates/times on request (22018
 *       otherwise); a timestamp parsed from text is a wall clock in the session zone.
 *   <li>Binary: bytes; text is lowercase hex ({@code 0aff}). JSON ({@code greptime:type=Json}):
 *       JSONB decoded to compact JSON text. Vector ({@code greptime:type=Vector(n)}):
 *       {@code float[]}, text {@code [1,2.5,3]}.
 *   <li>Timestamps (zone-less = UTC instants): {@code getTimestamp}/{@code Instant} are the instant,
 *       a Calendar never moves it; text and {@code LocalDateTime}/{@code OffsetDateTime}/
 *       {@code ZonedDateTime}/{@code LocalDate}/{@code LocalTime} are in the session zone; text is
 *       {@code 2023-01-01T05:30:00.123} with 0/3/6/9 fraction digits by unit. Zoned timestamps use
 *       their own zone, append {@code +08:00} and read as OffsetDateTime.
 *   <li>Date: {@code 2023-01-01}; Time: {@code 01:23:45.123}; Duration: {@code java.time.Duration},
 *       ISO text; Intervals: ISO-8601 {@code P1Y2M3DT4H5M6S}, Period (YearMonth), Duration
 *       (DayTime), text (MonthDayNano).
 *   <li>List/LargeList/FixedSizeList/Map: {@link io.greptime.jdbc.arrow.read.ArrowSqlArray}, text
 *       {@code [1, 2, null]}; Struct: {@link io.greptime.jdbc.arrow.read.ArrowSqlStruct}, text
 *       {@code {a: 1, b: x}}; dictionaries read through the dictionary; Null type reads NULL.
 * </ul>
 */
package io.greptime.jdbc.arrow.read;
