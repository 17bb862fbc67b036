package io.greptime.jdbc.tck.engine.duckdb.functions;

import java.util.Locale;

/**
 * Procedure ids as GreptimeDB parses them (common_procedure's ProcedureId is a UUID, parsed by the uuid
 * crate): simple (32 hex digits), hyphenated (8-4-4-4-12), braced or {@code urn:uuid:}-prefixed. Errors
 * carry the crate's text; a valid id is printed back hyphenated in lower case.
 */
public final class ProcedureIds {
    private static final int[] GROUPS = {8, 4, 4, 4, 12};

    private ProcedureIds() {}

    /** The text of the procedure_state error for {@code id}: not found, or why it does not parse. */
    static String notFound(String id) {
        String why = invalid(id);
        if (why != null) {
            return "Failed to parse procedure id: " + id + ": " + why;
        }
        String hex = body(id).replace("-", "").toLowerCase(Locale.ROOT);
        return "Procedure not found: " + hex.substring(0, 8) + "-" + hex.substring(8, 12) + "-" + hex.substring(12, 16)
                + "-" + hex.substring(16, 20) + "-" + hex.substring(20);
    }

    private static String body(String id) {
        if (id.startsWith("urn:uuid:")) {
            return id.substring("urn:uuid:".length());
        }
        if (id.startsWith("{") && id.endsWith("}") && id.length() >= 2) {
            return id.substring(1, id.length() - 1);
        }
        return id;
    }

    /** The uuid crate's reason for refusing {@code id}, or null when it parses. */
    public static String invalid(String id) {
        String s = body(id);
        int offset = id.length() - s.length() - (id.endsWith("}") && s.length() < id.length() ? 1 : 0);
        int index = 0;
        for (int i = 0; i < s.length(); ) {
            int cp = s.codePointAt(i);
            index++;
            boolean ok = cp == '-' || (cp < 128 && Character.digit(cp, 16) >= 0);
            if (!ok) {
                return "invalid character: expected an optional prefix of `urn:uuid:` followed by [0-9a-fA-F-],"
                        + " found `" + new String(Character.toChars(cp)) + "` at " + (offset + index);
            }
            i += Character.charCount(cp);
        }
        if (!s.contains("-")) {
            return s.length() == 32
                    ? null
                    : "invalid length: expected length 32 for simple format, found " + s.length();
        }
        String[] groups = s.split("-", -1);
        if (groups.length != GROUPS.length) {
            return "invalid group count: expected 5, found " + groups.length;
        }
        for (int g = 0; g < GROUPS.length; g++) {
            if (groups[g].length() != GROUPS[g]) {
                return "invalid group length in group " + g + ": expected " + GROUPS[g] + ", found "
                        + groups[g].length();
            }
        }
        return null;
    }
}
