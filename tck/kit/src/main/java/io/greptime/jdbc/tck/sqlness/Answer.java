package io.greptime.jdbc.tck.sqlness;

import io.greptime.jdbc.proto.StatusCode;
import java.util.Locale;

/** What the server answered to one statement, and how GreptimeDB's sqlness runner prints it. */
public sealed interface Answer {

    /** The runner's text for this answer (before REPLACE/SORT_RESULT). */
    String render();

    /** An affected-rows answer. */
    record Affected(long rows) implements Answer {
        @Override
        public String render() {
            return "Affected Rows: " + rows;
        }
    }

    /** Rows, already turned into text. */
    record Table(TableText table) implements Answer {
        @Override
        public String render() {
            return table.render();
        }
    }

    /**
     * An error: the status code from {@code x-greptime-err-code} (absent: the client's fallback) and the
     * message the client shows.
     */
    record Failure(int code, String message) implements Answer {
        @Override
        public String render() {
            return "Error: " + code + "(" + statusName(code) + "), " + shownMessage();
        }

        /**
         * The Rust client masks Unknown/Internal errors and drops a trailing
         * {@code , code: <Name>, tonic code: ...} detail that meta-client errors append.
         */
        private String shownMessage() {
            if (code == StatusCode.UNKNOWN.code() || code == StatusCode.INTERNAL.code()) {
                return "Internal error: " + code;
            }
            String detail = ", code: " + statusName(code) + ", tonic code: ";
            int at = message.lastIndexOf(detail);
            if (at >= 0 && at + detail.length() < message.length()) {
                return message.substring(0, at);
            }
            return message;
        }
    }

    /** GreptimeDB's CamelCase name of a status code ({@code INVALID_ARGUMENTS} → {@code InvalidArguments}). */
    static String statusName(int code) {
        StatusCode status = StatusCode.fromCode(code);
        if (status == null) {
            return "Unknown";
        }
        StringBuilder out = new StringBuilder();
        for (String word : status.name().split("_")) {
            out.append(word.charAt(0)).append(word.substring(1).toLowerCase(Locale.ROOT));
        }
        return out.toString();
    }
}
