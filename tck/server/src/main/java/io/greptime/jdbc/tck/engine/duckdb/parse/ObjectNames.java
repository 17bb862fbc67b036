package io.greptime.jdbc.tck.engine.duckdb.parse;

import java.util.ArrayList;
import java.util.List;

/**
 * An object name written as text (an admin function's table argument), read as GreptimeDB's
 * ParserContext::parse_table_name reads it: dot-separated identifiers, bare ones lower-cased, quoted ones
 * ("..." or `...`) kept as written without their quotes (canonicalize_object_name).
 */
public final class ObjectNames {
    private ObjectNames() {}

    /** The name's parts, or null when the text is not an object name. */
    public static List<String> parts(String text) {
        Tokens t;
        try {
            t = new Tokens(text);
        } catch (RuntimeException notLexable) {
            return null;
        }
        List<String> parts = new ArrayList<>();
        while (true) {
            Token part = t.next();
            if (!part.isIdent()) {
                return null;
            }
            parts.add(part.text());
            if (t.atEnd()) {
                return parts;
            }
            if (!t.next().isSymbol(".")) {
                return null;
            }
        }
    }
}
