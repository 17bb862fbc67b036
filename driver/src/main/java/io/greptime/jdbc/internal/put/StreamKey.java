package io.greptime.jdbc.internal.put;

import io.greptime.jdbc.internal.client.RequestSession;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * What a parked DoPut stream (or a parked column buffer) is good for: the same session (database,
 * credentials, hints), table and schema.
 */
public record StreamKey(RequestSession session, String table, Schema schema) {}
