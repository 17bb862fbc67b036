package io.greptime.jdbc.arrow.write;

import java.nio.charset.StandardCharsets;

/**
 * A DoPut answer, {@code {"request_id":N,"affected_rows":M[,"elapsed_secs":S]}} (protocol.md §4.2).
 * Only the two integers matter to the writer, so they are read without a JSON library.
 *
 * @param requestId the batch answered; 0 for the call's and the schema's acks
 * @param affectedRows rows the batch wrote
 */
record PutAck(long requestId, long affectedRows) {

    /** Parses an answer; throws IllegalArgumentException when {@code request_id} is missing. */
    static PutAck parse(byte[] json) {
        String text = new String(json, StandardCharsets.UTF_8);
        long id = number(text, "\"request_id\"");
        if (id == Long.MIN_VALUE) {
            throw new IllegalArgumentException("DoPut answer without request_id: " + text);
        }
        long rows = number(text, "\"affected_rows\"");
        return new PutAck(id, rows == Long.MIN_VALUE ? 0 : rows);
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
            throw new IllegalArgumentException("DoPut answer with a malformed " + key + ": " + text, e);
        }
    }
}
