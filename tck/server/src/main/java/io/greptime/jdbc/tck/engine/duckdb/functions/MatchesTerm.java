package io.greptime.jdbc.tck.engine.duckdb.functions;

/**
 * GreptimeDB's {@code matches_term(text, term)} (also the {@code @@} operator): the term occurs in the
 * text as a whole term. Characters are ASCII letters and digits, Han ideographs, other letters and
 * digits, or separators; an occurrence must not continue an ASCII word (for an ASCII term) or any word
 * (for a term with other letters) on either side, unless the term itself begins or ends with a
 * separator there. A term containing Han characters matches anywhere. The empty term matches only the
 * empty text; case matters.
 */
public final class MatchesTerm {
    private enum Kind {
        ASCII_WORD,
        HAN,
        WORD,
        OTHER
    }

    private MatchesTerm() {}

    private static Kind kind(int cp) {
        if (cp < 128 && Character.isLetterOrDigit(cp)) {
            return Kind.ASCII_WORD;
        }
        if (Character.UnicodeScript.of(cp) == Character.UnicodeScript.HAN) {
            return Kind.HAN;
        }
        return Character.isLetterOrDigit(cp) ? Kind.WORD : Kind.OTHER;
    }

    public static Boolean matches(String text, String term) {
        if (term.isEmpty()) {
            return text.isEmpty();
        }
        boolean han = term.codePoints().anyMatch(cp -> kind(cp) == Kind.HAN);
        boolean unicode = !han && term.codePoints().anyMatch(cp -> kind(cp) == Kind.WORD);
        boolean openStart = kind(term.codePointAt(0)) == Kind.OTHER;
        boolean openEnd = kind(term.codePointBefore(term.length())) == Kind.OTHER;
        for (int at = text.indexOf(term); at >= 0; at = text.indexOf(term, at + 1)) {
            Integer before = at == 0 ? null : text.codePointBefore(at);
            if (!openStart && !han && !boundary(before, unicode)) {
                continue;
            }
            if (han) {
                return true;
            }
            int end = at + term.length();
            Integer after = end >= text.length() ? null : text.codePointAt(end);
            if (openEnd || boundary(after, unicode)) {
                return true;
            }
        }
        return false;
    }

    /** Whether the neighbouring character (null at either end) ends the term. */
    private static boolean boundary(Integer neighbour, boolean unicodeTerm) {
        if (neighbour == null) {
            return true;
        }
        Kind k = kind(neighbour);
        return unicodeTerm ? k == Kind.OTHER : k != Kind.ASCII_WORD;
    }
}
