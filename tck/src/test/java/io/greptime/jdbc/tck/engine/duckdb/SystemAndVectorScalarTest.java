package io.greptime.jdbc.tck.engine.duckdb;

import static org.assertj.core.api.Assertions.assertThat;

import io.greptime.jdbc.tck.server.ServerProfile;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * vec_scalar_add / vec_scalar_mul (cases of GreptimeDB's scalars/vector/scalar_add.rs and scalar_mul.rs
 * unit tests), build() and read_preference() (system/build.rs, system/database.rs) on every profile.
 */
class SystemAndVectorScalarTest {
    private EngineFixture f;

    @BeforeEach
    void setUp() {
        f = new EngineFixture();
    }

    @AfterEach
    void tearDown() {
        f.close();
    }

    private java.util.List<String> scalars(String fn, String... rows) {
        return f.query("SELECT vec_to_string(" + fn + "(k, v)) FROM (VALUES " + String.join(", ", rows)
                        + ") t(i, k, v) ORDER BY i")
                .column(0);
    }

    @Test
    void vecScalarAdd_addsToEachElement_NullsGiveNull() {
        assertThat(scalars(
                        "vec_scalar_add",
                        "(0, 1.0, '[1.0,2.0,3.0]')",
                        "(1, -1.0, '[4.0,5.0,6.0]')",
                        "(2, NULL, '[7.0,8.0,9.0]')",
                        "(3, 3.0, NULL)"))
                .containsExactly("[2,3,4]", "[3,4,5]", null, null);
    }

    @Test
    void vecScalarMul_scalesEachElement_NullsGiveNull() {
        assertThat(scalars(
                        "vec_scalar_mul",
                        "(0, 2.0, '[1.0,2.0,3.0]')",
                        "(1, -0.5, '[8.0,10.0,12.0]')",
                        "(2, NULL, '[7.0,8.0,9.0]')",
                        "(3, 3.0, NULL)"))
                .containsExactly("[2,4,6]", "[-4,-5,-6]", null, null);
    }

    @Test
    void vecScalar_answersBinaryAndTakesAnIntegerScalar() {
        EngineFixture.Result r = f.query("SELECT vec_scalar_add(1, '[1, 2, 3]') AS v");
        assertThat(r.schema().getFields().get(0).getType())
                .isEqualTo(org.apache.arrow.vector.types.pojo.ArrowType.Binary.INSTANCE);
        assertThat(f.query("SELECT vec_to_string(vec_scalar_add(1, '[1, 2, 3]'))")
                        .rows()
                        .get(0))
                .containsExactly("[2,3,4]");
    }

    @Test
    void buildAndReadPreference_describeTheServer() {
        for (ServerProfile p : ServerProfile.values()) {
            f.ctx = f.ctx.withProfile(p);
            assertThat(f.query("SELECT build(), read_preference()").rows().get(0))
                    .containsExactly(
                            "branch: \ncommit: \ncommit_short: \nclean: true\nversion: " + p.version(), "LEADER");
        }
    }
}
