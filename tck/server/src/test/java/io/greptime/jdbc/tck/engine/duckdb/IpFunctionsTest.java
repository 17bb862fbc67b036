package io.greptime.jdbc.tck.engine.duckdb;

import static org.assertj.core.api.Assertions.assertThat;

import io.greptime.jdbc.proto.StatusCode;
import io.greptime.jdbc.tck.server.ServerProfile;
import java.util.List;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * GreptimeDB's IP-address functions, cases from its unit tests (src/common/function/src/scalars/ip/
 * ipv4.rs, ipv6.rs, cidr.rs, range.rs) and signatures, on every profile (every line registers them).
 */
class IpFunctionsTest {
    private EngineFixture f;

    @BeforeEach
    void setUp() {
        f = new EngineFixture();
    }

    @AfterEach
    void tearDown() {
        f.close();
    }

    private List<String> column(String expr, String... values) {
        StringBuilder sql = new StringBuilder("SELECT ").append(expr).append(" FROM (VALUES ");
        for (int i = 0; i < values.length; i++) {
            sql.append(i > 0 ? ", " : "")
                    .append('(')
                    .append(values[i])
                    .append(", ")
                    .append(i)
                    .append(')');
        }
        return f.query(sql.append(") t(v, i) ORDER BY i").toString()).column(0);
    }

    @Test
    void ipv4_numbersAndDottedQuads_roundTripOnEveryLine() {
        for (ServerProfile p : ServerProfile.values()) {
            f.ctx = f.ctx.withProfile(p);
            assertThat(column("ipv4_num_to_string(v)", "167772161", "3232235521", "0", "4294967295", "NULL"))
                    .containsExactly("10.0.0.1", "192.168.0.1", "0.0.0.0", "255.255.255.255", null);
            assertThat(column(
                            "ipv4_string_to_num(v)",
                            "'10.0.0.1'",
                            "'192.168.0.1'",
                            "'0.0.0.0'",
                            "'255.255.255.255'",
                            "NULL"))
                    .containsExactly("167772161", "3232235521", "0", "4294967295", null);
            assertThat(column("ipv4_num_to_string(ipv4_string_to_num(v))", "'10.0.0.1'", "'255.255.255.255'"))
                    .containsExactly("10.0.0.1", "255.255.255.255");
        }
    }

    @Test
    void resultTypes_followTheSignatures() {
        EngineFixture.Result r = f.query("SELECT ipv4_string_to_num('1.2.3.4') AS a, ipv4_num_to_string(CAST(1 AS"
                + " TINYINT UNSIGNED)) AS b, ipv4_in_range('1.2.3.4', '1.2.3.0/24') AS c, ipv6_string_to_num('::1')"
                + " AS d, ipv4_to_cidr('1.2.3.4') AS e");
        assertThat(r.schema().getFields().get(0).getType()).isEqualTo(new ArrowType.Int(32, false));
        assertThat(r.schema().getFields().get(1).getType()).isEqualTo(ArrowType.Utf8.INSTANCE);
        assertThat(r.schema().getFields().get(2).getType()).isEqualTo(ArrowType.Bool.INSTANCE);
        assertThat(r.schema().getFields().get(3).getType()).isEqualTo(ArrowType.Binary.INSTANCE);
        assertThat(r.schema().getFields().get(4).getType()).isEqualTo(ArrowType.Utf8.INSTANCE);
        assertThat(r.rows().get(0).subList(0, 3)).containsExactly("16909060", "0.0.0.1", "true");
        assertThat(r.rows().get(0).get(4)).isEqualTo("1.2.3.4/32");
    }

    @Test
    void ipv4ToCidr_infersThePrefixFromTheWrittenAddress_orMasksToTheGivenOne() {
        assertThat(column("ipv4_to_cidr(v)", "'192.168.1.0'", "'10.0.0.0'", "'172.16'", "'192'", "NULL"))
                .containsExactly("192.168.1.0/24", "10.0.0.0/8", "172.16.0.0/16", "192.0.0.0/8", null);
        assertThat(f.query("SELECT ipv4_to_cidr('192.168.1.1', 24), ipv4_to_cidr('10.0.0.1', 16),"
                                + " ipv4_to_cidr('172.16.5.5', 12), ipv4_to_cidr('10.0.0.0', NULL)")
                        .rows()
                        .get(0))
                .containsExactly("192.168.1.0/24", "10.0.0.0/16", "172.16.0.0/12", "10.0.0.0/8");
    }

    @Test
    void ipv6ToCidr_infersOrMasks() {
        assertThat(column("ipv6_to_cidr(v)", "'2001:db8::'", "'2001:db8'", "'fe80::1'", "'::1'", "NULL"))
                .containsExactly("2001:db8::/32", "2001:db8::/32", "fe80::/16", "::1/128", null);
        assertThat(f.query("SELECT ipv6_to_cidr('2001:db8::', CAST(48 AS TINYINT UNSIGNED)), ipv6_to_cidr('fe80::1',"
                                + " CAST(10 AS TINYINT UNSIGNED)), ipv6_to_cidr('2001:db8:1234::', CAST(56 AS TINYINT"
                                + " UNSIGNED))")
                        .rows()
                        .get(0))
                .containsExactly("2001:db8::/48", "fe80::/10", "2001:db8:1234::/56");
        f.fails("SELECT ipv6_to_cidr('')", StatusCode.ENGINE_EXECUTE_QUERY, "Execution error: empty IPv6 address");
        f.fails(
                "SELECT ipv6_to_cidr('zzzz::ffff')",
                StatusCode.ENGINE_EXECUTE_QUERY,
                "Invalid function args: Invalid IPv6 address: zzzz::ffff");
    }

    @Test
    void inRange_matchesTheMaskedNetworks() {
        assertThat(f.query("SELECT ipv4_in_range('192.168.1.5', '192.168.1.0/24'), ipv4_in_range('192.168.2.1',"
                                + " '192.168.1.0/24'), ipv4_in_range('10.1.0.1', '10.0.0.0/8'),"
                                + " ipv4_in_range('8.8.8.8', '0.0.0.0/0'), ipv4_in_range('192.168.1.1',"
                                + " '192.168.1.0/32'), ipv4_in_range(NULL, '10.0.0.0/8')")
                        .rows()
                        .get(0))
                .containsExactly("true", "false", "true", "true", "false", null);
        assertThat(f.query("SELECT ipv6_in_range('2001:db8::1', '2001:db8::/32'), ipv6_in_range('2001:db8:1::',"
                                + " '2001:db8::/32'), ipv6_in_range('2001:db9::1', '2001:db8::/32'),"
                                + " ipv6_in_range('::1', '::1/128'), ipv6_in_range('fe80::1', 'fe80::/16')")
                        .rows()
                        .get(0))
                .containsExactly("true", "true", "false", "true", "true");
    }

    @Test
    void ipv6_hexAndBytes_followRustsAddressText() {
        assertThat(f.query("SELECT ipv6_num_to_string('20010db8000000000000000000000001'),"
                                + " ipv6_num_to_string('00000000000000000000FFFFC0A80001'),"
                                + " hex(ipv6_string_to_num('2001:db8::1')), hex(ipv6_string_to_num('192.168.0.1')),"
                                + " hex(ipv6_string_to_num('::ffff:192.168.0.1')), ipv6_num_to_string(NULL)")
                        .rows()
                        .get(0))
                .containsExactly(
                        "2001:db8::1",
                        "::ffff:192.168.0.1",
                        "20010DB8000000000000000000000001",
                        "00000000000000000000FFFFC0A80001",
                        "00000000000000000000FFFFC0A80001",
                        null);
    }

    @Test
    void badAddresses_failWithGreptimeDbsMessages() {
        f.fails(
                "SELECT ipv4_string_to_num('192.168.1.256')",
                StatusCode.ENGINE_EXECUTE_QUERY,
                "Invalid function args: Invalid IPv4 address format: 192.168.1.256");
        f.fails("SELECT ipv4_to_cidr('')", StatusCode.ENGINE_EXECUTE_QUERY, "Execution error: empty IPv4 address");
        f.fails(
                "SELECT ipv4_in_range('not-an-ip', '192.168.1.0/24')",
                StatusCode.ENGINE_EXECUTE_QUERY,
                "Invalid function args: Invalid IPv4 address: not-an-ip");
        f.fails(
                "SELECT ipv4_in_range('192.168.1.1', '192.168.1.0')",
                StatusCode.ENGINE_EXECUTE_QUERY,
                "Invalid function args: Invalid CIDR notation: 192.168.1.0");
        f.fails(
                "SELECT ipv6_in_range('2001:db8::1', '2001:db8::/129')",
                StatusCode.ENGINE_EXECUTE_QUERY,
                "Invalid function args: IPv6 prefix length must be <= 128, got 129");
        f.fails(
                "SELECT ipv6_num_to_string('c0a80001')",
                StatusCode.ENGINE_EXECUTE_QUERY,
                "Execution error: expecting 32 hex characters, got 8");
        f.fails(
                "SELECT ipv6_string_to_num('zzzz::ffff')",
                StatusCode.ENGINE_EXECUTE_QUERY,
                "Execution error: Invalid IPv6 address format: zzzz::ffff");
    }

    @Test
    void fromOneDotZero_literalArgumentsOfTheWrongTypeFailWhilePlanning_asARealServerAnswers() {
        f.ctx = f.ctx.withProfile(ServerProfile.V1_0);
        f.fails(
                "SELECT ipv4_num_to_string(3232235521)",
                StatusCode.PLAN_QUERY,
                "Failed to plan SQL: Error during planning: Failed to coerce arguments to satisfy a call to"
                        + " 'ipv4_num_to_string' function: coercion from Int64 to the signature Exact([UInt32]) failed"
                        + " No function matches the given name and argument types 'ipv4_num_to_string(Int64)'. You"
                        + " might need to add explicit type casts.\n\tCandidate functions:\n\tipv4_num_to_string(UInt32)");
        f.fails(
                "SELECT ipv6_to_cidr('2001:db8::', 32)",
                StatusCode.PLAN_QUERY,
                "Failed to plan SQL: Error during planning: Failed to coerce arguments to satisfy a call to"
                        + " 'ipv6_to_cidr' function: coercion from Utf8, Int64 to the signature OneOf([String(1),"
                        + " Exact([Utf8, UInt8])]) failed No function matches the given name and argument types"
                        + " 'ipv6_to_cidr(Utf8, Int64)'. You might need to add explicit type casts.\n\tCandidate"
                        + " functions:\n\tipv6_to_cidr(String(1))\n\tipv6_to_cidr(Utf8, UInt8)");
    }

    @Test
    void argumentErrors_readExternalErrorBeforeOneDotZero_andBareFromIt() {
        f.ctx = f.ctx.withProfile(ServerProfile.V0_17);
        f.fails(
                "SELECT ipv4_string_to_num('1.2.3')",
                StatusCode.ENGINE_EXECUTE_QUERY,
                "External error: Invalid function args: Invalid IPv4 address format: 1.2.3");
        f.ctx = f.ctx.withProfile(ServerProfile.V1_0);
        f.fails(
                "SELECT ipv4_string_to_num('1.2.3')",
                StatusCode.ENGINE_EXECUTE_QUERY,
                "Invalid function args: Invalid IPv4 address format: 1.2.3");
    }

    @Test
    void ipv4ToCidr_shiftsTheMaskModulo32_asRustsWrappingShl() {
        // a real v1.0.0 answers 192.168.1.77/0, 0.0.0.0/33 and 10.0.0.0/40
        assertThat(f.query("SELECT ipv4_to_cidr('192.168.1.77', 0), ipv4_to_cidr('10.1.2.3', 33),"
                                + " ipv4_to_cidr('10.1.2.3', 40)")
                        .rows()
                        .get(0))
                .containsExactly("192.168.1.77/0", "0.0.0.0/33", "10.0.0.0/40");
    }

    @Test
    void inetNtoa_isAnAliasFromOneDotZero_andRefusedBefore() {
        f.ctx = f.ctx.withProfile(ServerProfile.V1_0);
        assertThat(f.query("SELECT inet_ntoa(CAST(3232235521 AS INT UNSIGNED))")
                        .rows()
                        .get(0))
                .containsExactly("192.168.0.1");
        f.ctx = f.ctx.withProfile(ServerProfile.V0_17);
        f.fails(
                "SELECT inet_ntoa(3232235521)",
                StatusCode.PLAN_QUERY,
                "Failed to plan SQL: Error during planning: Invalid function 'inet_ntoa'.");
    }
}
