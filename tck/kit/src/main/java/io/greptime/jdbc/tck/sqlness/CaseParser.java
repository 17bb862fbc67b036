package io.greptime.jdbc.tck.sqlness;

import java.util.ArrayList;
import java.util.List;

/**
 * Reads sqlness case files. The {@code .sql} grammar is line based, as in the sqlness runner: a line
 * starting with {@code --} is a comment (a directive when it starts with {@code -- SQLNESS}), an empty line
 * is skipped, any other line belongs to the current statement, and a line ending with {@code ;} ends it.
 * The {@code .result} file is that echo of each statement, a blank line, its answer, a blank line.
 */
public final class CaseParser {
    private CaseParser() {}

    /** Splits a {@code .sql} file into statements; a trailing unterminated statement is dropped. */
    public static List<SqlnessStatement> parseStatements(String sqlText) {
        List<SqlnessStatement> statements = new ArrayList<>();
        List<String> comments = new ArrayList<>();
        List<String> lines = new ArrayList<>();
        List<Directive> directives = new ArrayList<>();
        for (String line : splitLines(sqlText)) {
            if (line.startsWith("--")) {
                comments.add(line);
                if (line.startsWith(Directive.PREFIX)) {
                    directives.add(Directive.parse(line.substring(Directive.PREFIX.length())));
                }
            } else if (!line.isEmpty()) {
                lines.add(line);
                if (line.endsWith(";")) {
                    statements.add(new SqlnessStatement(statements.size() + 1, comments, lines, directives));
                    comments.clear();
                    lines.clear();
                    directives.clear();
                }
            }
        }
        return statements;
    }

    /**
     * Cuts a {@code .result} file into one expected answer per statement, by locating each statement's echo
     * in order. An answer whose echo cannot be found is {@code null} (the files disagree, e.g. a statement
     * was added to the {@code .sql} after the result was recorded); later statements are still located.
     */
    public static List<String> parseExpected(List<SqlnessStatement> statements, String resultText) {
        String text = resultText.replace("\r\n", "\n");
        List<String> expected = new ArrayList<>();
        int pos = 0;
        for (int i = 0; i < statements.size(); i++) {
            String head = statements.get(i).echo() + "\n\n";
            int start = text.startsWith(head, pos) ? pos : indexOfBlock(text, head, pos);
            if (start < 0) {
                expected.add(null);
                continue;
            }
            int answerStart = start + head.length();
            int answerEnd = endOfAnswer(statements, i, text, answerStart);
            expected.add(trimTrailingNewlines(text.substring(answerStart, answerEnd)));
            pos = Math.min(text.length(), answerEnd + 2);
        }
        return expected;
    }

    /** The answer ends where the next locatable statement's echo starts (after the blank line). */
    private static int endOfAnswer(List<SqlnessStatement> statements, int i, String text, int from) {
        for (int next = i + 1; next < statements.size(); next++) {
            String block = "\n\n" + statements.get(next).echo() + "\n\n";
            int at = text.indexOf(block, from);
            if (at >= 0) {
                return at;
            }
        }
        return text.length();
    }

    /** Finds {@code head} at the start of the text or right after a blank line. */
    private static int indexOfBlock(String text, String head, int from) {
        int at = text.indexOf("\n\n" + head, Math.max(0, from - 2));
        return at < 0 ? -1 : at + 2;
    }

    static String trimTrailingNewlines(String s) {
        int end = s.length();
        while (end > 0 && s.charAt(end - 1) == '\n') {
            end--;
        }
        return s.substring(0, end);
    }

    /** Splits like Rust's {@code BufRead::lines}: on '\n', dropping one trailing '\r', no final empty line. */
    static List<String> splitLines(String text) {
        List<String> out = new ArrayList<>();
        int start = 0;
        while (start < text.length()) {
            int nl = text.indexOf('\n', start);
            int end = nl < 0 ? text.length() : nl;
            String line = text.substring(start, end);
            out.add(line.endsWith("\r") ? line.substring(0, line.length() - 1) : line);
            start = end + 1;
        }
        return out;
    }
}
