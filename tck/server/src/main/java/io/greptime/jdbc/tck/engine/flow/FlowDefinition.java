package io.greptime.jdbc.tck.engine.flow;

import java.util.List;
import java.util.Map;

/**
 * One flow as the catalog keeps it (persisted as JSON beside the table metadata).
 *
 * @param schema the database the flow was created in (its sources and sink default to it)
 * @param name flow name
 * @param id flow id, unique per engine
 * @param sinkSchema sink table's database
 * @param sinkTable sink table name
 * @param expireAfterSeconds {@code EXPIRE AFTER} in seconds, or null
 * @param evalIntervalSeconds {@code EVAL INTERVAL} in seconds, or null
 * @param comment {@code COMMENT}, or null
 * @param options user {@code WITH} options, values as written
 * @param query the body ({@code SELECT ...}) as written
 * @param sources source tables as {@code schema.table}
 * @param flowType {@code batching} or {@code streaming}
 * @param createdMillis creation time
 * @param updatedMillis last replacement time
 */
public record FlowDefinition(
        String schema,
        String name,
        long id,
        String sinkSchema,
        String sinkTable,
        Long expireAfterSeconds,
        Long evalIntervalSeconds,
        String comment,
        Map<String, String> options,
        String query,
        List<String> sources,
        String flowType,
        long createdMillis,
        long updatedMillis) {

    public FlowDefinition {
        options = Map.copyOf(options);
        sources = List.copyOf(sources);
    }

    /** The same flow with another comment (null: none), changed at {@code nowMillis}. */
    public FlowDefinition withComment(String newComment, long nowMillis) {
        return new FlowDefinition(
                schema,
                name,
                id,
                sinkSchema,
                sinkTable,
                expireAfterSeconds,
                evalIntervalSeconds,
                newComment,
                options,
                query,
                sources,
                flowType,
                createdMillis,
                nowMillis);
    }

    public boolean streaming() {
        return "streaming".equals(flowType);
    }

    /** GreptimeDB's normalized {@code CREATE FLOW} text (SHOW CREATE FLOW, information_schema.flows). */
    public String definition() {
        StringBuilder sb = new StringBuilder("CREATE FLOW IF NOT EXISTS ")
                .append(name)
                .append("\nSINK TO ")
                .append(sinkSchema)
                .append('.')
                .append(sinkTable);
        if (expireAfterSeconds != null) {
            sb.append("\nEXPIRE AFTER '").append(expireAfterSeconds).append(" s'");
        }
        if (evalIntervalSeconds != null) {
            sb.append("\nEVAL INTERVAL '").append(evalIntervalSeconds).append(" s'");
        }
        if (comment != null) {
            sb.append("\nCOMMENT '").append(comment).append('\'');
        }
        if (!options.isEmpty()) {
            StringBuilder w = new StringBuilder();
            new java.util.TreeMap<>(options)
                    .forEach((k, v) -> w.append(w.length() == 0 ? "" : ", ")
                            .append(k)
                            .append(" = '")
                            .append(v.replace("'", "''"))
                            .append('\''));
            sb.append("\nWITH (").append(w).append(')');
        }
        return sb.append("\nAS ").append(FlowQuery.normalize(query)).toString();
    }
}
