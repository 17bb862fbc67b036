package io.greptime.jdbc.sqlstate;

/**
 * The SQLStates the driver reports, each named for what it means in SQL:2016, ODBC or PostgreSQL (where
 * the code comes from) and documented with when the driver raises it. Every {@link java.sql.SQLException}
 * built by the driver, the Arrow bridge and the integrations takes its state from here: a source test fails
 * on a five-character state literal anywhere else, so one code has one name and one meaning.
 *
 * <p>It lives in flight-bridge, the lowest module that raises SQLStates (proto raises none), in a package of
 * its own so that it splits no package with the driver jar.
 */
public enum SqlState {
    /** 01000 warning: a {@link java.sql.SQLWarning} about a setting the driver adjusted or ignored. */
    WARNING("01000"),
    /**
     * 0100E attempt to return too many result sets: {@code executeUpdate} was given a statement that returns
     * rows.
     */
    TOO_MANY_RESULT_SETS("0100E"),
    /** 02000 no data: a query method got an update count where rows were due. */
    NO_DATA("02000"),
    /** 07001 wrong number of parameters: a bound statement is missing a parameter value. */
    WRONG_NUMBER_OF_PARAMETERS("07001"),
    /** 07009 invalid descriptor index: a column or parameter index outside the statement's range. */
    INVALID_DESCRIPTOR_INDEX("07009"),
    /**
     * 08001 SQL-client unable to establish SQL-connection: the URL, the settings or the runtime (Arrow's
     * allocator, TLS material) keep a connection from being made.
     */
    CANNOT_CONNECT("08001"),
    /** 08003 connection does not exist: the connection (or an object that needs it) is closed. */
    CONNECTION_DOES_NOT_EXIST("08003"),
    /** 08006 connection failure: the transport failed and no GreptimeDB status code came with the failure. */
    CONNECTION_FAILURE("08006"),
    /**
     * 08P01 protocol violation (PostgreSQL's code): an HTTP endpoint (the Prometheus gateway) answered a body
     * the protocol does not allow.
     */
    PROTOCOL_VIOLATION("08P01"),
    /**
     * 08S01 communication link failure (ODBC): a gRPC or Flight answer broke the protocol (missing, malformed,
     * a record batch that cannot be right), as Connector/J and pgjdbc report it, whatever the call may have
     * done on the server.
     */
    COMMUNICATION_LINK_FAILURE("08S01"),
    /** 0A000 feature not supported: an optional JDBC method or a server feature the driver does not offer. */
    FEATURE_NOT_SUPPORTED("0A000"),
    /** 22000 data exception: a value could not be read or built (a parameter stream, a record constructor). */
    DATA_EXCEPTION("22000"),
    /** 22002 null value, no indicator parameter: a null column read into a primitive record component. */
    NULL_VALUE_NO_INDICATOR("22002"),
    /** 22003 numeric value out of range: a value does not fit the target type. */
    NUMERIC_VALUE_OUT_OF_RANGE("22003"),
    /** 22004 null value not allowed: a null where GreptimeDB takes none (the time index). */
    NULL_VALUE_NOT_ALLOWED("22004"),
    /** 22005 error in assignment: a metadata column cannot be converted to the type asked for. */
    ERROR_IN_ASSIGNMENT("22005"),
    /** 22018 invalid character value for cast: a value cannot be converted to or from the column's type. */
    INVALID_CHARACTER_VALUE_FOR_CAST("22018"),
    /** 22021 character not in repertoire: a string that is not valid UTF-8 (an unpaired surrogate). */
    CHARACTER_NOT_IN_REPERTOIRE("22021"),
    /**
     * 22023 invalid parameter value: a bad argument or setting value (GreptimeDB's InvalidArguments and
     * RequestOutdated, gRPC INVALID_ARGUMENT).
     */
    INVALID_PARAMETER_VALUE("22023"),
    /** 2202E array element error: an {@link java.sql.Array} slice outside the array. */
    ARRAY_ELEMENT_ERROR("2202E"),
    /** 22032 invalid JSON text: a JSON parameter that does not parse. */
    INVALID_JSON_TEXT("22032"),
    /** 24000 invalid cursor state: a result set that is closed or not positioned on a row. */
    INVALID_CURSOR_STATE("24000"),
    /** 25006 read-only SQL transaction: GreptimeDB's RegionReadonly, the region takes no writes now. */
    READ_ONLY_SQL_TRANSACTION("25006"),
    /** 28000 invalid authorization specification: the server refused the credentials or the access. */
    INVALID_AUTHORIZATION("28000"),
    /** 3F000 invalid schema name: the database does not exist. */
    INVALID_SCHEMA_NAME("3F000"),
    /**
     * 40000 transaction rollback: a GreptimeDB error that may succeed when repeated (surfaced as a
     * {@link java.sql.SQLTransientException}).
     */
    TRANSACTION_ROLLBACK("40000"),
    /**
     * 40003 statement completion unknown: a write whose acknowledgement never came, so it may or may not
     * have been applied.
     */
    STATEMENT_COMPLETION_UNKNOWN("40003"),
    /** 42000 syntax error or access rule violation: the server could not parse or plan the statement. */
    SYNTAX_ERROR_OR_ACCESS_RULE_VIOLATION("42000"),
    /** 42602 invalid name: not a plain identifier where the driver quotes none. */
    INVALID_NAME("42602"),
    /** 42704 undefined object: a flow or trigger that does not exist. */
    UNDEFINED_OBJECT("42704"),
    /** 42710 duplicate object: a flow or trigger that already exists. */
    DUPLICATE_OBJECT("42710"),
    /** 42P06 duplicate schema (PostgreSQL's code): the database already exists. */
    DUPLICATE_SCHEMA("42P06"),
    /** 42S01 base table or view already exists (ODBC). */
    TABLE_ALREADY_EXISTS("42S01"),
    /** 42S02 base table or view not found (ODBC). */
    TABLE_NOT_FOUND("42S02"),
    /** 42S21 column already exists (ODBC). */
    COLUMN_ALREADY_EXISTS("42S21"),
    /** 42S22 column not found (ODBC): a named column the table or result does not have. */
    COLUMN_NOT_FOUND("42S22"),
    /** 53000 insufficient resources: the server or gRPC said resources are exhausted. */
    INSUFFICIENT_RESOURCES("53000"),
    /** 53200 out of memory (PostgreSQL's code): a result would pass the connection's memory limit. */
    OUT_OF_MEMORY("53200"),
    /** 54000 program limit exceeded: a value passes a limit of the Arrow format (a 2 GiB buffer). */
    PROGRAM_LIMIT_EXCEEDED("54000"),
    /** 55006 object in use: a connection used from a thread that does not own it. */
    OBJECT_IN_USE("55006"),
    /** 57014 query canceled: {@code Statement.cancel} or the server cancelled the call. */
    QUERY_CANCELED("57014"),
    /**
     * HY000 general error: a failure with no better state, such as a server-side part (region, table,
     * storage) that is unavailable where retrying will not help (class 08 would make pools drop a good
     * connection).
     */
    GENERAL_ERROR("HY000"),
    /** HY004 invalid SQL data type: a type argument that is missing or not a type. */
    INVALID_SQL_DATA_TYPE("HY004"),
    /** HY008 operation canceled: a wait was interrupted or the operation aborted under the caller. */
    OPERATION_CANCELED("HY008"),
    /** HY009 invalid use of null pointer: a required argument was null. */
    INVALID_USE_OF_NULL_POINTER("HY009"),
    /** HY010 function sequence error: a method called in a state that does not allow it. */
    FUNCTION_SEQUENCE_ERROR("HY010"),
    /** HY024 invalid attribute value: a setting value the driver does not know. */
    INVALID_ATTRIBUTE_VALUE("HY024"),
    /** HY092 invalid attribute or option identifier: an unknown option constant (e.g. a holdability). */
    INVALID_ATTRIBUTE_IDENTIFIER("HY092"),
    /** HYT00 timeout expired: a query timeout or deadline passed. */
    TIMEOUT_EXPIRED("HYT00"),
    /** XX000 internal error (PostgreSQL's code): the driver found itself in a state it should never reach. */
    INTERNAL_ERROR("XX000");

    private final String code;

    SqlState(String code) {
        this.code = code;
    }

    /** The five-character SQLState, as {@link java.sql.SQLException#getSQLState()} returns it. */
    public String code() {
        return code;
    }
}
