package io.greptime.jdbc.tck.engine.duckdb;

import static org.assertj.core.api.Assertions.assertThat;

import io.greptime.jdbc.proto.StatusCode;
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

    /** system/database.rs: the session's process id, 0 for a gRPC session (as a real v1.0.0 answers). */
    @Test
    void connectionIdAndPgBackendPid_areZeroOverGrpc_fromZeroDotFifteen() {
        for (ServerProfile p : ServerProfile.values()) {
            f.ctx = f.ctx.withProfile(p);
            if (p == ServerProfile.V0_14) {
                f.fails(
                        "SELECT connection_id()",
                        StatusCode.PLAN_QUERY,
                        "Failed to plan SQL: Error during planning: Invalid function 'connection_id'.");
                continue;
            }
            EngineFixture.Result r = f.query("SELECT connection_id(), pg_backend_pid(), connection_id() + 1");
            assertThat(r.rows().get(0)).containsExactly("0", "0", "1");
            int idBits = p.compareTo(ServerProfile.V1_0) >= 0 ? 32 : 64;
            assertThat(r.schema().getFields().get(0).getType())
                    .isEqualTo(new org.apache.arrow.vector.types.pojo.ArrowType.Int(idBits, false));
            assertThat(r.schema().getFields().get(1).getType())
                    .isEqualTo(new org.apache.arrow.vector.types.pojo.ArrowType.Int(64, false));
        }
        f.ctx = f.ctx.withProfile(ServerProfile.V1_0);
        f.fails(
                "SELECT connection_id(1)",
                StatusCode.PLAN_QUERY,
                "Failed to plan SQL: Error during planning: The function 'connection_id' expected zero argument but"
                        + " received 1 No function matches the given name and argument types 'connection_id(Int64)'."
                        + " You might need to add explicit type casts.\n\tCandidate functions:\n"
                        + "\tconnection_id(NullAry())");
    }
}
