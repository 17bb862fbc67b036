package io.greptime.jdbc.tck.sqlness;

import java.util.List;

/**
 * One statement of a case file as the sqlness runner groups it: the comment lines seen since the previous
 * statement (directives among them), then the statement's non-empty lines.
 *
 * @param number 1-based position in the file
 * @param comments every {@code --} line before or inside the statement, in order
 * @param lines the statement's lines, blank lines dropped
 * @param directives the {@code -- SQLNESS} lines among {@code comments}, parsed
 */
public record SqlnessStatement(int number, List<String> comments, List<String> lines, List<Directive> directives) {

    public SqlnessStatement {
        comments = List.copyOf(comments);
        lines = List.copyOf(lines);
        directives = List.copyOf(directives);
    }

    /** How the runner echoes the statement into the result file: comments first, then the statement. */
    public String echo() {
        StringBuilder out = new StringBuilder();
        for (String comment : comments) {
            out.append(comment).append('\n');
        }
        return out.append(String.join("\n", lines)).toString();
    }

    /** The SQL sent to the server: the statement's lines joined by newlines, leading whitespace trimmed. */
    public String sql() {
        return String.join("\n", lines).stripLeading();
    }

    /** The protocol the runner would use: {@code grpc} unless a PROTOCOL directive says otherwise. */
    public String protocol() {
        String protocol = "grpc";
        for (Directive d : directives) {
            if (d instanceof Directive.Protocol p) {
                protocol = p.name();
            }
        }
        return protocol;
    }

    /** Applies the output-transforming directives in file order. */
    public String transform(String output) {
        String result = output;
        for (Directive d : directives) {
            result = d.apply(result);
        }
        return result;
    }

    /** The first line of the statement, for reports. */
    public String firstLine() {
        return lines.isEmpty() ? "" : lines.get(0);
    }
}
