package app;

import static org.jooq.impl.DSL.field;
import static org.jooq.impl.DSL.name;
import static org.jooq.impl.DSL.table;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Timestamp;
import java.util.List;
import org.jooq.DSLContext;
import org.jooq.Field;
import org.jooq.SQLDialect;
import org.jooq.Table;
import org.jooq.impl.DSL;
import org.jooq.impl.SQLDataType;
import org.junit.jupiter.api.Test;

class JooqTest {
    @Test
    void insertsSelectsAndReadsTheSchemaThroughJooq() throws Exception {
        TransportLog log = TransportLog.install();
        try (Connection c = DriverManager.getConnection(System.getProperty("greptime.url"))) {
            DSLContext ctx = DSL.using(c, SQLDialect.DEFAULT);
            ctx.execute("CREATE TABLE jooq_ticks (sym STRING, venue STRING, ts TIMESTAMP(3) TIME INDEX,"
                    + " price DOUBLE, qty BIGINT, PRIMARY KEY (sym, venue))");
            Table<?> ticks = table(name("jooq_ticks"));
            Field<String> sym = field(name("sym"), String.class);
            Field<String> venue = field(name("venue"), String.class);
            Field<Timestamp> ts = field(name("ts"), Timestamp.class);
            Field<Double> price = field(name("price"), Double.class);
            Field<Long> qty = field(name("qty"), Long.class);

            // one insert: jOOQ runs PreparedStatement.execute() and reports getUpdateCount()
            assertEquals(
                    1,
                    ctx.insertInto(ticks, sym, venue, ts, price, qty)
                            .values("IBM", "N", Timestamp.valueOf("2024-01-02 10:00:00"), 160.5, 7L)
                            .execute());
            int[] batch = ctx.batch(ctx.insertInto(ticks, sym, venue, ts, price, qty)
                            .values((String) null, null, null, null, null))
                    .bind("ORCL", "N", Timestamp.valueOf("2024-01-02 10:00:01"), 118.25, 3L)
                    .bind("SAP", "X", Timestamp.valueOf("2024-01-02 10:00:02"), 120.0, 2L)
                    .execute();
            assertEquals(2, batch.length);
            List<String> rows = ctx.select(sym, qty)
                    .from(ticks)
                    .where(venue.eq("N"))
                    .orderBy(sym)
                    .fetch(r -> r.value1() + "=" + r.value2());
            assertEquals(List.of("IBM=7", "ORCL=3"), rows);

            // jOOQ's Meta from DatabaseMetaData: the column types it maps TYPE_NAME to
            List<String> types = ctx.meta()
                    .getTables("jooq_ticks")
                    .get(0)
                    .fieldStream()
                    .map(f ->
                            f.getName() + ":" + f.getDataType().getSQLDataType().getTypeName())
                    .toList();
            assertEquals(
                    List.of(
                            "sym:" + SQLDataType.VARCHAR.getTypeName(),
                            "venue:" + SQLDataType.VARCHAR.getTypeName(),
                            "ts:" + SQLDataType.TIMESTAMP.getTypeName(),
                            "price:" + SQLDataType.DOUBLE.getTypeName(),
                            "qty:" + SQLDataType.BIGINT.getTypeName()),
                    types);
        }
        log.check();
    }
}
