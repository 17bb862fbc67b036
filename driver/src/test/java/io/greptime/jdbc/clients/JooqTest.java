package io.greptime.jdbc.clients;

import static org.assertj.core.api.Assertions.assertThat;
import static org.jooq.impl.DSL.field;
import static org.jooq.impl.DSL.name;
import static org.jooq.impl.DSL.table;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;
import org.jooq.DSLContext;
import org.jooq.Field;
import org.jooq.SQLDialect;
import org.jooq.Table;
import org.jooq.impl.DSL;
import org.junit.jupiter.api.Test;

/** jOOQ 3.19 with SQLDialect.DEFAULT: a select, a batch and a single insert, and its DatabaseMetaData-backed Meta. */
class JooqTest {

    @Test
    void selectBatchInsertAndMeta() throws SQLException {
        try (TicksDatabase db = new TicksDatabase();
                Connection c = db.connect()) {
            DSLContext ctx = DSL.using(c, SQLDialect.DEFAULT);
            Table<?> ticks = table(name("ticks"));
            Field<String> sym = field(name("sym"), String.class);
            Field<String> venue = field(name("venue"), String.class);
            Field<Timestamp> ts = field(name("ts"), Timestamp.class);
            Field<Double> price = field(name("price"), Double.class);
            Field<Long> qty = field(name("qty"), Long.class);

            int[] counts = ctx.batch(ctx.insertInto(ticks, sym, venue, ts, price, qty)
                            .values((String) null, null, null, null, null))
                    .bind("IBM", "Z", Timestamp.from(Instant.parse("2024-01-02T10:00:05Z")), 160.0, 7L)
                    .bind("ORCL", "Z", Timestamp.from(Instant.parse("2024-01-02T10:00:06Z")), 118.25, 3L)
                    .execute();
            assertThat(counts).containsExactly(1, 1);
            // a single insert: jOOQ runs PreparedStatement.execute(), then reads getUpdateCount()
            int inserted = ctx.insertInto(ticks, sym, venue, ts, price, qty)
                    .values("SAP", "Y", Timestamp.from(Instant.parse("2024-01-02T10:00:07Z")), 120.5, 2L)
                    .execute();
            assertThat(inserted).isEqualTo(1);

            List<String> rows = ctx.select(sym, price)
                    .from(ticks)
                    .where(venue.eq("Z"))
                    .orderBy(sym)
                    .fetch(r -> r.value1() + "=" + r.value2());
            assertThat(rows).containsExactly("IBM=160.0", "ORCL=118.25");

            // jOOQ reads metadata result sets by position: all standard columns in standard order. It resolves
            // TYPE_NAME against its own dialect's names: standard SQL words map to its SQL data types.
            List<String> columns = ctx.meta()
                    .getTables("ticks")
                    .get(0)
                    .fieldStream()
                    .map(f ->
                            f.getName() + ":" + f.getDataType().getSQLDataType().getTypeName() + ":"
                                    + f.getDataType().nullable())
                    .toList();
            assertThat(columns)
                    .containsExactly(
                            "sym:varchar:true",
                            "venue:varchar:true",
                            "ts:timestamp:false",
                            "price:double:true",
                            "qty:bigint:true");
            assertThat(ctx.meta().getTables("ticks").get(0).getPrimaryKey().getFields())
                    .extracting(f -> f.getName())
                    .containsExactly("sym", "venue");
        }
    }
}
