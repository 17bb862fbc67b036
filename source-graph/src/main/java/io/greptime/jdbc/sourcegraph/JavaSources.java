package io.greptime.jdbc.sourcegraph;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * A module's main sources read as a graph of references, for the layering and cycle tests of the driver and the
 * embedded server. A file refers to
 * a project type through an import (plain, static or on demand), an inline fully-qualified name in code
 * ({@code io.greptime.jdbc.internal.foo.Bar.baz()}), or the simple name of a type of its own package.
 * Comments and string and character literals are blanked first (line breaks kept, so line numbers hold): a
 * name in Javadoc or in a message is no dependency.
 */
public final class JavaSources {
    private static final Pattern PACKAGE = Pattern.compile("(?m)^package\\s+([\\w.]+)\\s*;");
    private static final Pattern IMPORT = Pattern.compile("(?m)^import\\s+(static\\s+)?([\\w.]+?)(\\.\\*)?\\s*;");
    private static final Pattern QUALIFIED = Pattern.compile("(?<![\\w.])io\\.greptime\\.jdbc(?:\\.\\w+)+");
    // not after a dot: in netty.channel.ChannelFactory or Outer.Inner the last part names no sibling type
    private static final Pattern SIMPLE_NAME = Pattern.compile("(?<![\\w.])[A-Z]\\w*\\b");

    /** One source file: its type's name and its code with comments and literals blanked. */
    public record Source(Path path, String type, String pkg, String code) {}

    private final Map<String, Source> byType = new TreeMap<>();
    private final Map<String, List<String>> typesByPackage = new TreeMap<>();

    private JavaSources(Path root) throws IOException {
        try (Stream<Path> files = Files.walk(root)) {
            for (Path p : files.filter(f -> f.toString().endsWith(".java")).toList()) {
                String code = blank(Files.readString(p));
                Matcher pkg = PACKAGE.matcher(code);
                if (!pkg.find() || p.getFileName().toString().equals("package-info.java")) {
                    continue;
                }
                String name = p.getFileName().toString().replace(".java", "");
                byType.put(pkg.group(1) + "." + name, new Source(p, pkg.group(1) + "." + name, pkg.group(1), code));
                typesByPackage
                        .computeIfAbsent(pkg.group(1), k -> new ArrayList<>())
                        .add(name);
            }
        }
    }

    /** The main sources of the module whose tests run (surefire's working directory is the module's). */
    public static JavaSources mainSources() {
        return of(Path.of("src/main/java"));
    }

    /** The sources under {@code root} (a source folder: package directories below it). */
    public static JavaSources of(Path root) {
        try {
            return new JavaSources(root);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public Map<String, Source> sources() {
        return byType;
    }

    /**
     * Java source with comments, string/text-block and char literals replaced by spaces (newlines kept).
     * Public so that the tests can show it on a sample.
     */
    public static String blank(String s) {
        StringBuilder out = new StringBuilder(s);
        int i = 0;
        while (i < s.length()) {
            int end;
            if (s.startsWith("//", i)) {
                end = s.indexOf('\n', i);
                end = end < 0 ? s.length() : end;
            } else if (s.startsWith("/*", i)) {
                end = s.indexOf("*/", i + 2) + 2;
            } else if (s.startsWith("\"\"\"", i)) {
                end = s.indexOf("\"\"\"", i + 3) + 3;
            } else if (s.charAt(i) == '"' || s.charAt(i) == '\'') {
                end = closingQuote(s, i) + 1;
            } else {
                i++;
                continue;
            }
            for (int k = i; k < end; k++) {
                if (out.charAt(k) != '\n') {
                    out.setCharAt(k, ' ');
                }
            }
            i = end;
        }
        return out.toString();
    }

    private static int closingQuote(String s, int open) {
        char quote = s.charAt(open);
        int j = open + 1;
        while (s.charAt(j) != quote) {
            j += s.charAt(j) == '\\' ? 2 : 1;
        }
        return j;
    }

    /**
     * Every project name {@code source} refers to in code, as "line: name" in order: imports and inline
     * qualified names as written. For the layering rules ("never refers to package X").
     */
    public static List<String> qualifiedReferences(Source source) {
        List<String> found = new ArrayList<>();
        String[] lines = source.code().split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            if (lines[i].startsWith("package ")) {
                continue;
            }
            Matcher m = QUALIFIED.matcher(lines[i]);
            while (m.find()) {
                found.add((i + 1) + ": " + m.group());
            }
        }
        return found;
    }

    /**
     * Where the sources of package {@code from} (sub-packages included) name package {@code forbidden} or
     * anything in it, by import or inline qualified name, as "File.java:line: name".
     */
    public List<String> references(String from, String forbidden) {
        List<String> found = new ArrayList<>();
        for (Source s : byType.values()) {
            if (!inPackage(s.pkg(), from)) {
                continue;
            }
            for (String ref : qualifiedReferences(s)) {
                if (inPackage(ref.substring(ref.indexOf(' ') + 1), forbidden)) {
                    found.add(s.path().getFileName() + ":" + ref);
                }
            }
        }
        return found;
    }

    private static boolean inPackage(String name, String pkg) {
        return name.equals(pkg) || name.startsWith(pkg + ".");
    }

    /** The project types {@code type}'s file depends on (itself excluded). */
    public Set<String> dependencies(String type) {
        Source source = byType.get(type);
        Set<String> deps = new TreeSet<>();
        Matcher imp = IMPORT.matcher(source.code());
        while (imp.find()) {
            if (imp.group(3) != null && imp.group(1) == null) {
                typesByPackage.getOrDefault(imp.group(2), List.of()).forEach(n -> deps.add(imp.group(2) + "." + n));
            } else {
                addOwner(imp.group(2), deps);
            }
        }
        String body =
                PACKAGE.matcher(IMPORT.matcher(source.code()).replaceAll("")).replaceAll("");
        Matcher q = QUALIFIED.matcher(body);
        while (q.find()) {
            addOwner(q.group(), deps);
        }
        Set<String> simpleNames = new HashSet<>();
        Matcher simple = SIMPLE_NAME.matcher(body);
        while (simple.find()) {
            simpleNames.add(simple.group());
        }
        for (String sibling : typesByPackage.get(source.pkg())) {
            if (simpleNames.contains(sibling)) {
                deps.add(source.pkg() + "." + sibling);
            }
        }
        deps.remove(type);
        return deps;
    }

    /** The top-level project type a qualified name (type, nested type or member) belongs to, if any. */
    private void addOwner(String name, Set<String> deps) {
        for (String n = name; n.contains("."); n = n.substring(0, n.lastIndexOf('.'))) {
            if (byType.containsKey(n)) {
                deps.add(n);
                return;
            }
        }
    }

    /** The file graph: each project type to the project types its file depends on. */
    public Map<String, Set<String>> fileGraph() {
        Map<String, Set<String>> graph = new LinkedHashMap<>();
        for (String type : byType.keySet()) {
            graph.put(type, dependencies(type));
        }
        return graph;
    }

    public String packageOf(String type) {
        return byType.get(type).pkg();
    }

    /** The strongly connected groups of more than one node (Tarjan), each sorted, in a stable order. */
    public static List<List<String>> cycles(Map<String, Set<String>> graph) {
        return new Tarjan(graph).run();
    }
}
