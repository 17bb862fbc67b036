package io.greptime.jdbc.internal.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.greptime.jdbc.GreptimeProperty;
import io.greptime.jdbc.GreptimeProperty.Type;
import java.io.StringWriter;
import java.net.URI;
import java.nio.file.Path;
import java.time.ZoneId;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SettingsTest {

    /** The Java class each type tag must give, written here independently of Setting's factories. */
    private static final Map<Type, Class<?>> JAVA_TYPE = Map.of(
            Type.STRING, String.class,
            Type.BOOLEAN, Boolean.class,
            Type.INT, Integer.class,
            Type.SIZE, Long.class,
            Type.ZONE, ZoneId.class,
            Type.CHOICE, String.class,
            Type.HINTS, Map.class,
            Type.VERSION, String.class);

    /** A valid raw value of each tag (a choice property takes its first choice). */
    private static String sample(GreptimeProperty p) {
        return switch (p.type()) {
            case STRING -> "x";
            case BOOLEAN -> "TRUE";
            case INT -> "7";
            case SIZE -> "1k";
            case ZONE -> "+08:00";
            case CHOICE -> p.choices().get(0);
            case HINTS -> "ttl=7d";
            case VERSION -> "v0.17.2";
        };
    }

    @Test
    void everyProperty_hasOneSettingOfItsTagsJavaType() {
        assertThat(Settings.ALL).hasSize(GreptimeProperty.values().length);
        for (GreptimeProperty p : GreptimeProperty.values()) {
            Setting<?> s = Settings.of(p);
            assertThat(s.property()).isSameAs(p);
            assertThat(s.parse(sample(p))).as(p.key()).isInstanceOf(JAVA_TYPE.get(p.type()));
            if (p.defaultValue() != null) {
                assertThat(s.parse(p.defaultValue())).as(p.key()).isInstanceOf(JAVA_TYPE.get(p.type()));
            }
        }
    }

    @Test
    void factory_refusesAPropertyOfAnotherTag() {
        assertThatThrownBy(() -> Setting.integer(GreptimeProperty.TLS))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("TLS is a BOOLEAN property, not INT");
    }

    @Test
    void narrow_refusesAValueOfAnotherClass() {
        assertThatThrownBy(() -> Settings.CONNECT_TIMEOUT.narrow("10000"))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("connectTimeout parsed to a java.lang.String");
    }

    @Test
    void parse_staysStrictAndNamesKeyAndValue() {
        assertThatThrownBy(() -> Settings.TLS.parse("yes")).hasMessage("tls=yes: expected true or false");
        assertThatThrownBy(() -> Settings.BULK_FLUSH_BYTES.parse("-1"))
                .hasMessage("bulkFlushBytes=-1: must be positive");
    }

    @Test
    void get_returnsEachPropertysJavaType() throws Exception {
        Properties info = new Properties();
        info.setProperty("connectTimeout", "1234");
        info.setProperty("tls", "TRUE");
        info.setProperty("bulkFlushBytes", "2m");
        info.setProperty("hints", "ttl=7d");
        info.setProperty("serverVersion", "v0.17.2");
        info.setProperty("bulkCompression", "ZSTD");
        ConnectionConfig c = ConnectionConfig.of("jdbc:greptime://h?timezone=Asia/Shanghai", info);

        int timeout = c.get(Settings.CONNECT_TIMEOUT);
        boolean tls = c.get(Settings.TLS);
        long flushBytes = c.get(Settings.BULK_FLUSH_BYTES);
        ZoneId zone = c.get(Settings.TIMEZONE);
        Map<String, String> hints = c.get(Settings.HINTS);
        assertThat(timeout).isEqualTo(1234);
        assertThat(tls).isTrue();
        assertThat(flushBytes).isEqualTo(2L << 20);
        assertThat(zone).isEqualTo(ZoneId.of("Asia/Shanghai"));
        assertThat(hints).containsExactly(Map.entry("ttl", "7d"));
        assertThat(c.get(Settings.SERVER_VERSION)).isEqualTo("0.17.2");
        assertThat(c.get(Settings.BULK_COMPRESSION)).isEqualTo("zstd");
        assertThat(c.get(Settings.USER)).isNull();
        assertThat(c.get(Settings.BULK_WINDOW)).isEqualTo(8);
    }

    @Test
    void aWrongPairing_doesNotCompile(@TempDir Path out) {
        String ok = "int t = c.get(Settings.CONNECT_TIMEOUT); boolean b = c.get(Settings.TLS);";
        assertThat(compile(ok, out)).isEmpty();
        assertThat(compile("boolean b = c.get(Settings.CONNECT_TIMEOUT);", out)).contains("incompatible types");
        assertThat(compile("String s = c.get(Settings.BULK_FLUSH_BYTES);", out)).contains("incompatible types");
    }

    /** Compiles one method body against the driver's classes; returns javac's messages (empty when it compiles). */
    private static String compile(String body, Path out) {
        String source = "package io.greptime.jdbc.internal.config;\n" + "class Probe { void m(ConnectionConfig c) { "
                + body + " } }\n";
        JavaFileObject file = new SimpleJavaFileObject(URI.create("string:///Probe.java"), JavaFileObject.Kind.SOURCE) {
            @Override
            public CharSequence getCharContent(boolean ignoreEncodingErrors) {
                return source;
            }
        };
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        StringWriter messages = new StringWriter();
        List<String> options =
                List.of("-proc:none", "-d", out.toString(), "-cp", System.getProperty("java.class.path"));
        boolean compiled = javac.getTask(messages, null, null, options, null, List.of(file))
                .call();
        assertThat(compiled)
                .as(messages.toString())
                .isEqualTo(messages.toString().isEmpty());
        return messages.toString();
    }
}
