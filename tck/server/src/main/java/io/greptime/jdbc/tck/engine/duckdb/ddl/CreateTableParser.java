package io.greptime.jdbc.tck.engine.duckdb.ddl;

import io.greptime.jdbc.proto.StatusCode;
import io.greptime.jdbc.tck.engine.EngineProfile;
import io.greptime.jdbc.tck.engine.GreptimeError;
import io.greptime.jdbc.tck.engine.duckdb.catalog.ColumnMeta;
import io.greptime.jdbc.tck.engine.duckdb.catalog.ColumnNameKeywords;
import io.greptime.jdbc.tck.engine.duckdb.catalog.ColumnOptionsParser;
import io.greptime.jdbc.tck.engine.duckdb.catalog.GreptimeType;
import io.greptime.jdbc.tck.engine.duckdb.catalog.TableOptions;
import io.greptime.jdbc.tck.engine.duckdb.catalog.TypeCatalog;
import io.greptime.jdbc.tck.engine.duckdb.parse.Token;
import io.greptime.jdbc.tck.engine.duckdb.parse.Tokens;
import io.greptime.jdbc.tck.engine.duckdb.sql.Json2Hints;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/** Parses and validates {@code CREATE TABLE} the way GreptimeDB does (protocol.md §9.4). */
final class CreateTableParser {
    private static final Pattern TABLE_NAME = Pattern.compile("[a-zA-Z_:\\-][a-zA-Z0-9_:\\-.@#]*");

    /** A parsed CREATE TABLE; {@code likeSchema/likeName} are set for {@code CREATE TABLE t LIKE s}. */
    record CreateTable(
            String schema,
            String name,
            boolean ifNotExists,
            String likeSchema,
            String likeName,
            List<ColumnMeta> columns,
            String timeIndex,
            List<String> primaryKeys,
            String engine,
            Map<String, String> options,
            List<String> partitionColumns,
            List<String> partitionExprs) {}

    private final Tokens t;
    private final EngineProfile profile;
    private final List<ColumnMeta> columns = new ArrayList<>();
    private final List<String> timeIndexes = new ArrayList<>();
    private final List<String> inlinePk = new ArrayList<>();
    private final List<List<String>> trailingPk = new ArrayList<>();
    private final List<String> partitionColumns = new ArrayList<>();
    private final List<String> partitionExprs = new ArrayList<>();

    private CreateTableParser(Tokens t, EngineProfile profile) {
        this.t = t;
        this.profile = profile;
    }

    /** Parses from just after {@code CREATE [EXTERNAL] TABLE}, with the keyword rules of {@code profile}'s line. */
    static CreateTable parse(Tokens t, EngineProfile profile) {
        return new CreateTableParser(t, profile).run();
    }

    private CreateTable run() {
        boolean ifNotExists = false;
        if (t.peek().is("if") && !t.peek(1).isSymbol("(") && !t.peek(1).isSymbol(".")) {
            t.next();
            if (!t.accept("not")) {
                throw new GreptimeError(StatusCode.UNSUPPORTED, "SQL statement is not supported, keyword: EXISTS");
            }
            t.expect("exists");
            ifNotExists = true;
        }
        String[] name = tableName();
        if (t.accept("like")) {
            String[] src = t.objectName();
            return new CreateTable(
                    name[0],
                    name[1],
                    ifNotExists,
                    src[0],
                    src[1],
                    List.of(),
                    null,
                    List.of(),
                    null,
                    Map.of(),
                    List.of(),
                    List.of());
        }
        t.expectSymbol("(");
        if (!t.acceptSymbol(")")) {
            do {
                if (t.peek().isSymbol(")")) {
                    break;
                }
                element();
            } while (t.acceptSymbol(","));
            t.expectSymbol(")");
        }
        tail();
        String engine = "mito";
        Map<String, String> options = new LinkedHashMap<>();
        while (!t.atEnd()) {
            if (t.accept("engine")) {
                t.acceptSymbol("=");
                engine = t.ident().toLowerCase(Locale.ROOT);
            } else if (t.accept("with")) {
                options.putAll(TableOptions.parse(t));
            } else {
                throw t.unexpected("ENGINE or WITH");
            }
        }
        String timeIndex = validateTimeIndex();
        checkDuplicateColumns();
        List<String> pk = validatePrimaryKeys();
        return new CreateTable(
                name[0],
                name[1],
                ifNotExists,
                null,
                null,
                finishColumns(timeIndex, pk),
                timeIndex,
                pk,
                engine,
                TableOptions.validate(options),
                partitionColumns,
                partitionExprs);
    }

    private String[] tableName() {
        Token first = t.peek();
        if (first.type() == Token.Type.STRING) {
            t.next();
            checkName(first.text());
            return new String[] {null, first.text()};
        }
        String[] n = t.objectName();
        checkName(n[1]);
        return n;
    }

    private static void checkName(String name) {
        if (!TABLE_NAME.matcher(name).matches()) {
            throw new GreptimeError(StatusCode.INVALID_ARGUMENTS, "Invalid table name: " + name);
        }
    }

    private void element() {
        if (t.accept("time", "index")) {
            List<String> names = nameList();
            if (names.size() > 1) {
                throw new GreptimeError(
                        StatusCode.INVALID_SYNTAX,
                        "Invalid time index: it should contain only one column in time index");
            }
            timeIndexes.addAll(names);
        } else if (t.accept("primary", "key")) {
            trailingPk.add(nameList());
        } else if (t.peek().is("constraint")) {
            t.next();
            t.ident();
            element();
        } else {
            column();
        }
    }

    private List<String> nameList() {
        List<String> names = new ArrayList<>();
        t.expectSymbol("(");
        do {
            names.add(t.ident());
        } while (t.acceptSymbol(","));
        t.expectSymbol(")");
        return names;
    }

    private void column() {
        String name = ColumnNameKeywords.columnName(t, profile);
        GreptimeType type = TypeCatalog.parse(profile, t, name);
        Json2Hints hints = type.kind() == GreptimeType.Kind.JSON2 ? Json2Hints.parse(t) : null;
        ColumnOptionsParser opts = ColumnOptionsParser.parse(t, name);
        if (hints != null) {
            opts.options.put(Json2Hints.OPTION, hints.render());
        }
        if (opts.timeIndex) {
            timeIndexes.add(name);
            if (!type.kind().equals(GreptimeType.Kind.TIMESTAMP)) {
                throw invalidColumn(name, "time index column data type should be timestamp");
            }
            if (opts.explicitNull) {
                throw invalidColumn(name, "time index column can't be null");
            }
        }
        if (opts.primaryKey) {
            inlinePk.add(name);
        }
        columns.add(new ColumnMeta(
                name, type.name(), ColumnMeta.FIELD, !opts.notNull, opts.defaultSql, opts.comment, opts.options));
    }

    static GreptimeError invalidColumn(String name, String msg) {
        return new GreptimeError(
                StatusCode.INVALID_ARGUMENTS, "Invalid column option, column name: " + name + ", error: " + msg);
    }

    private void tail() {
        if (t.accept("partition", "on", "columns")) {
            partitionColumns.addAll(nameList());
            t.expectSymbol("(");
            while (true) {
                int start = t.pos;
                t.skipListItem();
                partitionExprs.add(t.raw(start, t.pos).replace("`", "").replace("\"", ""));
                if (t.next().isSymbol(")")) {
                    break;
                }
            }
        }
    }

    private String validateTimeIndex() {
        if (timeIndexes.isEmpty()) {
            throw new GreptimeError(StatusCode.INVALID_SYNTAX, "Missing time index constraint");
        }
        if (timeIndexes.size() > 1) {
            throw new GreptimeError(
                    StatusCode.INVALID_SYNTAX,
                    "Invalid time index: expected only one time index constraint but actual " + timeIndexes.size());
        }
        String ti = timeIndexes.get(0);
        ColumnMeta c = find(ti);
        if (c == null) {
            throw new GreptimeError(StatusCode.INVALID_ARGUMENTS, "Column " + ti + " not found in table");
        }
        if (c.type().kind() != GreptimeType.Kind.TIMESTAMP) {
            throw invalidColumn(ti, "time index column data type should be timestamp");
        }
        return ti;
    }

    /** src/operator/src/expr_helper.rs validate_create_expr: every column name once. */
    private void checkDuplicateColumns() {
        Map<String, Integer> seen = new java.util.HashMap<>();
        for (int i = 0; i < columns.size(); i++) {
            Integer before = seen.putIfAbsent(columns.get(i).name(), i);
            if (before != null) {
                throw new GreptimeError(
                        StatusCode.INVALID_ARGUMENTS,
                        "Invalid SQL, error: column name `" + columns.get(i).name() + "` is duplicated at index "
                                + before + " and " + i);
            }
        }
    }

    private List<String> validatePrimaryKeys() {
        if (inlinePk.size() > 1) {
            throw new GreptimeError(
                    StatusCode.INVALID_ARGUMENTS,
                    "Illegal primary keys definition: not allowed to inline multiple primary keys in columns options");
        }
        if ((!inlinePk.isEmpty() && !trailingPk.isEmpty()) || trailingPk.size() > 1) {
            throw new GreptimeError(
                    StatusCode.INVALID_ARGUMENTS,
                    "Illegal primary keys definition: found definitions of primary keys in multiple places");
        }
        List<String> pk = inlinePk.isEmpty() ? (trailingPk.isEmpty() ? List.of() : trailingPk.get(0)) : inlinePk;
        for (String k : pk) {
            if (find(k) == null) {
                throw new GreptimeError(StatusCode.INVALID_ARGUMENTS, "Column " + k + " not found in table");
            }
        }
        return pk;
    }

    private ColumnMeta find(String name) {
        for (ColumnMeta c : columns) {
            if (c.name().equals(name)) {
                return c;
            }
        }
        return null;
    }

    private List<ColumnMeta> finishColumns(String timeIndex, List<String> pk) {
        List<ColumnMeta> out = new ArrayList<>();
        for (ColumnMeta c : columns) {
            if (c.name().equals(timeIndex)) {
                out.add(new ColumnMeta(
                        c.name(), c.typeName(), ColumnMeta.TIMESTAMP, false, c.defaultSql(), c.comment(), c.options()));
            } else if (pk.contains(c.name())) {
                out.add(c.withSemantic(ColumnMeta.TAG));
            } else {
                out.add(c);
            }
        }
        return out;
    }
}
