package io.greptime.jdbc.examples;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import sqlline.SqlLine;

/**
 * The README's commands, read from README.md: the first fenced block must hold exactly the two commands
 * (build + pipeline, then all tests); the Maven profile the first one activates must run
 * {@link MarketDataPipeline} at the phase it names; the pipeline runs (small); the SQL shell's sqlline
 * command line, with its port pointed at the test's server, opens a session that sees the pipeline's
 * tables. Maven is not run recursively here: what Maven does with the command is read from the POMs, and
 * sqlline runs in this JVM with the thin driver on the class path instead of the shaded jar.
 */
class ReadmeCommandsTest {
    // surefire runs in examples/
    private static final Path ROOT = Path.of("..");

    /** The non-comment lines of the n-th (0-based) fenced block of the README. */
    static List<String> fencedCommands(String markdown, int n) {
        List<String> out = new ArrayList<>();
        int block = -1;
        boolean inside = false;
        for (String line : markdown.split("\n", -1)) {
            if (line.startsWith("```")) {
                inside = !inside;
                block += inside ? 1 : 0;
            } else if (inside && block == n && !line.isBlank() && !line.trim().startsWith("#")) {
                out.add(line.trim());
            }
        }
        return out;
    }

    private static String readme() throws Exception {
        return Files.readString(ROOT.resolve("README.md"), StandardCharsets.UTF_8);
    }

    private static String sectionAfter(String markdown, String heading) {
        int at = markdown.indexOf("\n" + heading + "\n");
        assertThat(at).as("README has a section " + heading).isNotNegative();
        return markdown.substring(at);
    }

    @Test
    void firstBlock_isTheBuildAndPipelineCommandThenAllTests() throws Exception {
        List<String> commands = fencedCommands(readme(), 0);
        assertThat(commands).containsExactly("mvn -B -Pdemo -DskipTests install", "mvn -B verify");
    }

    @Test
    void firstCommandsProfile_runsThePipelineAtThePhaseItNames() throws Exception {
        List<String> words = List.of(fencedCommands(readme(), 0).get(0).split(" "));
        String profile = words.stream()
                .filter(w -> w.startsWith("-P"))
                .findFirst()
                .orElseThrow()
                .substring(2);
        String phase = words.get(words.size() - 1);
        Element execution = demoExecution(profile);
        assertThat(text(execution, "phase")).isEqualTo(phase);
        assertThat(text(execution, "goal")).isEqualTo("java");
        assertThat(text(execution, "mainClass")).isEqualTo(MarketDataPipeline.class.getName());
        assertThat(text(execution, "key")).isEqualTo(MarketDataPipeline.CHART_PROPERTY);
        // the reactor builds the examples module, so `install` reaches it
        assertThat(Files.readString(ROOT.resolve("pom.xml"))).contains("<module>examples</module>");
    }

    @Test
    void shellCommands_serveThePipelineAndConnectSqllineToIt(@TempDir Path dir) throws Exception {
        List<String> shell = fencedCommands(sectionAfter(readme(), "## The SQL shell"), 0);
        assertThat(shell).hasSize(2);
        List<String> serve = List.of(shell.get(0).split(" "));
        String profile = serve.stream()
                .filter(w -> w.startsWith("-P"))
                .findFirst()
                .orElseThrow()
                .substring(2);
        String goal = serve.stream()
                .filter(w -> w.startsWith("exec:java@"))
                .findFirst()
                .orElseThrow();
        assertThat(demoExecution(profile).getElementsByTagName("id").item(0).getTextContent())
                .isEqualTo(goal.substring("exec:java@".length()));
        String servePort = serve.stream()
                .filter(w -> w.startsWith("-D" + MarketDataPipeline.SERVE_PROPERTY + "="))
                .findFirst()
                .orElseThrow()
                .replaceAll(".*=", "");

        List<String> java = shellWords(shell.get(1));
        assertThat(java.subList(0, 2)).containsExactly("java", "--add-opens=java.base/java.nio=ALL-UNNAMED");
        assertThat(java.get(java.indexOf("-cp") + 1))
                .isEqualTo("driver/target/greptime-jdbc-all.jar:examples/target/shell/*");
        List<String> sqllineArgs = new ArrayList<>(java.subList(java.indexOf("sqlline.SqlLine") + 1, java.size()));
        assertThat(sqllineArgs.get(sqllineArgs.indexOf("-u") + 1)).contains("127.0.0.1:" + servePort + "/");

        try (ExampleTarget target = ExampleTarget.open()) {
            MarketDataPipeline.run(target.url(), 20_000, dir.resolve("chart.png"));
            sqllineArgs.replaceAll(a -> a.replace("127.0.0.1:" + servePort, target.address()));
            sqllineArgs.addAll(
                    List.of("--color=false", "-e", "SELECT count(*) AS bars FROM ticks_1m WHERE symbol = 'AAPL';"));
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            SqlLine sqlline = new SqlLine();
            sqlline.setOutputStream(new java.io.PrintStream(out, true, StandardCharsets.UTF_8));
            sqlline.setErrorStream(new java.io.PrintStream(out, true, StandardCharsets.UTF_8));
            SqlLine.Status status =
                    sqlline.begin(sqllineArgs.toArray(String[]::new), InputStream.nullInputStream(), false);
            String text = out.toString(StandardCharsets.UTF_8);
            assertThat(status).as(text).isEqualTo(SqlLine.Status.OK);
            // 20,000 ticks 10 ms apart span 200 s: four 1-minute windows, the last one partial
            assertThat(text)
                    .contains("| bars |")
                    .doesNotContain("not supported")
                    .containsPattern("\\|\\s+4\\s+\\|");
        }
    }

    /**
     * Every benchmark command of docs/benchmarks.md names the bench profile, which runs its main class at the
     * phase the command reaches, and a main class that exists (the profile's default when none is named).
     * Running them is what the commands are for: minutes each, outside the default build.
     */
    @Test
    void benchmarkCommands_nameTheBenchProfileAndExistingPrograms() throws Exception {
        String doc = Files.readString(ROOT.resolve("docs/benchmarks.md"), StandardCharsets.UTF_8)
                .replace("\\\n", " ");
        List<String> commands = new ArrayList<>();
        for (int i = 0; ; i++) {
            List<String> block = fencedCommands(doc, i);
            if (block.isEmpty() && fencedCommands(doc, i + 1).isEmpty()) {
                break;
            }
            block.stream().filter(l -> l.startsWith("mvn ")).forEach(commands::add);
        }
        assertThat(commands).hasSizeGreaterThanOrEqualTo(3);
        for (String command : commands) {
            List<String> words = List.of(command.trim().split("\\s+"));
            assertThat(words).as(command).contains("-Pbench", "-pl");
            String module = words.get(words.indexOf("-pl") + 1);
            Element bench = execution(module, "bench");
            assertThat(words).as(command).contains(text(bench, "phase"));
            if (module.equals("examples")) {
                String main = words.stream()
                        .filter(w -> w.startsWith("-Dbench.main="))
                        .map(w -> w.substring("-Dbench.main=".length()))
                        .findFirst()
                        .orElse(benchDefaultMain());
                assertThat(Class.forName(main).getMethod("main", String[].class))
                        .as(command)
                        .isNotNull();
            } else {
                // another module's program is not on this module's class path: its source must exist and
                // declare a main method
                String[] args = text(bench, "commandlineArgs").split("\\s+");
                String main = args[args.length - 1];
                Path source = ROOT.resolve(module + "/src/test/java/" + main.replace('.', '/') + ".java");
                assertThat(source).as(command).exists();
                assertThat(Files.readString(source, StandardCharsets.UTF_8))
                        .as(command)
                        .contains("public static void main(String[] args)");
            }
        }
    }

    /** The bench profile's default {@code bench.main} property. */
    private static String benchDefaultMain() throws Exception {
        String pom = Files.readString(ROOT.resolve("examples/pom.xml"), StandardCharsets.UTF_8);
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("<bench.main>([^<]+)</bench.main>")
                .matcher(pom);
        assertThat(m.find()).as("examples/pom.xml sets bench.main").isTrue();
        return m.group(1).trim();
    }

    /** Splits a shell line on spaces, honouring double quotes (enough for the README's commands). */
    static List<String> shellWords(String line) {
        List<String> words = new ArrayList<>();
        StringBuilder word = new StringBuilder();
        boolean quoted = false;
        boolean started = false;
        for (char c : line.toCharArray()) {
            if (c == '"') {
                quoted = !quoted;
                started = true;
            } else if (c == ' ' && !quoted) {
                if (started) {
                    words.add(word.toString());
                }
                word.setLength(0);
                started = false;
            } else {
                word.append(c);
                started = true;
            }
        }
        if (started) {
            words.add(word.toString());
        }
        return words;
    }

    @Test
    void shellWords_keepsQuotedTextAndEmptyQuotes() {
        assertThat(shellWords("java -cp \"a:b/*\" x -n \"\" -p \"\""))
                .containsExactly("java", "-cp", "a:b/*", "x", "-n", "", "-p", "");
    }

    /** The exec-maven-plugin execution in examples/pom.xml's profile {@code profile}. */
    private static Element demoExecution(String profile) throws Exception {
        return execution("examples", profile);
    }

    /** The first execution of the profile {@code profile} in {@code module}'s pom. */
    private static Element execution(String module, String profile) throws Exception {
        var factory = DocumentBuilderFactory.newInstance();
        factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
        var pom = factory.newDocumentBuilder()
                .parse(ROOT.resolve(module + "/pom.xml").toFile());
        var profiles = pom.getElementsByTagName("profile");
        for (int i = 0; i < profiles.getLength(); i++) {
            Element p = (Element) profiles.item(i);
            if (profile.equals(text(p, "id"))) {
                Node execution = p.getElementsByTagName("execution").item(0);
                assertThat(execution)
                        .as("profile " + profile + " has an execution")
                        .isNotNull();
                return (Element) execution;
            }
        }
        throw new AssertionError(module + "/pom.xml has no profile " + profile);
    }

    private static String text(Element e, String tag) {
        Node n = e.getElementsByTagName(tag).item(0);
        return n == null ? null : n.getTextContent().trim();
    }
}
