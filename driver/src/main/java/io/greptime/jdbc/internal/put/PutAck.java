package io.greptime.jdbc.internal.put;

import com.google.protobuf.ByteString;
import java.nio.charset.StandardCharsets;

/**
 * A DoPut answer, {@code {"request_id":N,"affected_rows":M[,"elapsed_secs":S]}} (protocol.md §4.2).
 * Only the two integers matter to the writer, so they are read without a JSON library.
 *
 * @param requestId the batch answered; 0 for the call's and the schema's acks
 * @param affectedRows rows the batch wrote; -1 when the answer did not say
 */
record PutAck(long requestId, long affectedRows) {

    /** Parses an answer; throws IllegalArgumentException when {@code request_id} is missing. */
    static PutAck parse(byte[] json) {
        String text = new String(json, StandardCharsets.UTF_8);
        long id = number(text, "\"request_id\"");
        if (id == Long.MIN_VALUE) {
            throw new IllegalArgumentException("DoPut answer without request_id: " + shown(text));
        }
        long rows = number(text, "\"affected_rows\"");
        return new PutAck(id, rows == Long.MIN_VALUE ? -1 : rows);
    }

    private static long number(String text, String key) {
        int at = text.indexOf(key);
        if (at < 0) {
            return Long.MIN_VALUE;
        }
        int i = at + key.length();
        while (i < text.length() && (text.charAt(i) == ' ' || text.charAt(i) == ':')) {
            i++;
        }
        int start = i;
        if (i < text.length() && text.charAt(i) == '-') {
            i++;
        }
        while (i < text.length() && Character.isDigit(text.charAt(i))) {
            i++;
        }
        try {
            return Long.parseLong(text.substring(start, i));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("DoPut answer with a malformed " + key + ": " + shown(text), e);
        }
    }

    /**
     * The answer as an error message may quote it: its first 200 chars with control, separator and
     * bidirectional characters escaped, so a hostile server cannot forge or hide log lines.
     */
    static String shown(String text) {
        int n = Math.min(text.length(), 200);
        StringBuilder sb = new StringBuilder(n + 24);
        for (int i = 0; i < n; i++) {
            char c = text.charAt(i);
            int type = Character.getType(c);
            boolean hidden = type == Character.CONTROL
                    || type == Character.FORMAT
                    || type == Character.LINE_SEPARATOR
                    || type == Character.PARAGRAPH_SEPARATOR
                    || type == Character.SURROGATE
                    || type == Character.UNASSIGNED;
            sb.append(hidden ? String.format("\\u%04X", (int) c) : String.valueOf(c));
        }
        return n < text.length()
                ? sb.append("...(")
                        .append(text.length() - n)
                        .append(" more chars)")
                        .toString()
                : sb.toString();
    }

    /**
     * The request_id of a batch's or an answer's app_metadata ({@code {"request_id":N,...}}), 0 when it
     * has none: the failover ledger's lenient reading (the writer's own {@link #parse} judges whether an
     * answer is well formed).
     */
    static long requestIdOrZero(ByteString json) {
        String text = json.toString(StandardCharsets.UTF_8);
        int at = text.indexOf("\"request_id\"");
        if (at < 0) {
            return 0;
        }
        int i = text.indexOf(':', at) + 1;
        while (i > 0 && i < text.length() && text.charAt(i) == ' ') {
            i++;
        }
        int start = i;
        while (i < text.length() && Character.isDigit(text.charAt(i))) {
            i++;
        }
        return i > start ? Long.parseLong(text.substring(start, i)) : 0;
    }
}
