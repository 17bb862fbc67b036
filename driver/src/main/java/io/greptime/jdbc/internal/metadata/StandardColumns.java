package io.greptime.jdbc.internal.metadata;

import static io.greptime.jdbc.internal.metadata.MetadataColumn.bigint;
import static io.greptime.jdbc.internal.metadata.MetadataColumn.bool;
import static io.greptime.jdbc.internal.metadata.MetadataColumn.integer;
import static io.greptime.jdbc.internal.metadata.MetadataColumn.integerOrNull;
import static io.greptime.jdbc.internal.metadata.MetadataColumn.small;
import static io.greptime.jdbc.internal.metadata.MetadataColumn.smallOrNull;
import static io.greptime.jdbc.internal.metadata.MetadataColumn.text;
import static io.greptime.jdbc.internal.metadata.MetadataColumn.textOrNull;

import java.util.List;

/**
 * The columns of every DatabaseMetaData result, in the order and with the types the
 * {@link java.sql.DatabaseMetaData} Javadoc gives them. Tools read these by position (jOOQ) as well as
 * by name, so neither may drift.
 */
final class StandardColumns {
    static final List<MetadataColumn> CATALOGS = List.of(text("TABLE_CAT"));
    static final List<MetadataColumn> SCHEMAS = List.of(text("TABLE_SCHEM"), textOrNull("TABLE_CATALOG"));
    static final List<MetadataColumn> TABLE_TYPES = List.of(text("TABLE_TYPE"));
    static final List<MetadataColumn> TABLES = List.of(
            textOrNull("TABLE_CAT"),
            textOrNull("TABLE_SCHEM"),
            text("TABLE_NAME"),
            text("TABLE_TYPE"),
            textOrNull("REMARKS"),
            textOrNull("TYPE_CAT"),
            textOrNull("TYPE_SCHEM"),
            textOrNull("TYPE_NAME"),
            textOrNull("SELF_REFERENCING_COL_NAME"),
            textOrNull("REF_GENERATION"));
    static final List<MetadataColumn> COLUMNS = List.of(
            textOrNull("TABLE_CAT"),
            textOrNull("TABLE_SCHEM"),
            text("TABLE_NAME"),
            text("COLUMN_NAME"),
            integer("DATA_TYPE"),
            text("TYPE_NAME"),
            integerOrNull("COLUMN_SIZE"),
            integerOrNull("BUFFER_LENGTH"),
            integerOrNull("DECIMAL_DIGITS"),
            integerOrNull("NUM_PREC_RADIX"),
            integer("NULLABLE"),
            textOrNull("REMARKS"),
            textOrNull("COLUMN_DEF"),
            integerOrNull("SQL_DATA_TYPE"),
            integerOrNull("SQL_DATETIME_SUB"),
            integerOrNull("CHAR_OCTET_LENGTH"),
            integer("ORDINAL_POSITION"),
            text("IS_NULLABLE"),
            textOrNull("SCOPE_CATALOG"),
            textOrNull("SCOPE_SCHEMA"),
            textOrNull("SCOPE_TABLE"),
            smallOrNull("SOURCE_DATA_TYPE"),
            text("IS_AUTOINCREMENT"),
            text("IS_GENERATEDCOLUMN"));
    static final List<MetadataColumn> PRIMARY_KEYS = List.of(
            textOrNull("TABLE_CAT"),
            textOrNull("TABLE_SCHEM"),
            text("TABLE_NAME"),
            text("COLUMN_NAME"),
            small("KEY_SEQ"),
            textOrNull("PK_NAME"));
    static final List<MetadataColumn> INDEX_INFO = List.of(
            textOrNull("TABLE_CAT"),
            textOrNull("TABLE_SCHEM"),
            text("TABLE_NAME"),
            bool("NON_UNIQUE"),
            textOrNull("INDEX_QUALIFIER"),
            textOrNull("INDEX_NAME"),
            small("TYPE"),
            small("ORDINAL_POSITION"),
            textOrNull("COLUMN_NAME"),
            textOrNull("ASC_OR_DESC"),
            bigint("CARDINALITY"),
            bigint("PAGES"),
            textOrNull("FILTER_CONDITION"));
    static final List<MetadataColumn> BEST_ROW = List.of(
            small("SCOPE"),
            text("COLUMN_NAME"),
            integer("DATA_TYPE"),
            text("TYPE_NAME"),
            integerOrNull("COLUMN_SIZE"),
            integerOrNull("BUFFER_LENGTH"),
            smallOrNull("DECIMAL_DIGITS"),
            small("PSEUDO_COLUMN"));
    static final List<MetadataColumn> TYPE_INFO = List.of(
            text("TYPE_NAME"),
            integer("DATA_TYPE"),
            integerOrNull("PRECISION"),
            textOrNull("LITERAL_PREFIX"),
            textOrNull("LITERAL_SUFFIX"),
            textOrNull("CREATE_PARAMS"),
            small("NULLABLE"),
            bool("CASE_SENSITIVE"),
            small("SEARCHABLE"),
            bool("UNSIGNED_ATTRIBUTE"),
            bool("FIXED_PREC_SCALE"),
            bool("AUTO_INCREMENT"),
            textOrNull("LOCAL_TYPE_NAME"),
            small("MINIMUM_SCALE"),
            small("MAXIMUM_SCALE"),
            integerOrNull("SQL_DATA_TYPE"),
            integerOrNull("SQL_DATETIME_SUB"),
            integerOrNull("NUM_PREC_RADIX"));
    static final List<MetadataColumn> KEYS = List.of(
            textOrNull("PKTABLE_CAT"),
            textOrNull("PKTABLE_SCHEM"),
            text("PKTABLE_NAME"),
            text("PKCOLUMN_NAME"),
            textOrNull("FKTABLE_CAT"),
            textOrNull("FKTABLE_SCHEM"),
            text("FKTABLE_NAME"),
            text("FKCOLUMN_NAME"),
            small("KEY_SEQ"),
            small("UPDATE_RULE"),
            small("DELETE_RULE"),
            textOrNull("FK_NAME"),
            textOrNull("PK_NAME"),
            small("DEFERRABILITY"));
    static final List<MetadataColumn> PROCEDURES = List.of(
            textOrNull("PROCEDURE_CAT"),
            textOrNull("PROCEDURE_SCHEM"),
            text("PROCEDURE_NAME"),
            textOrNull("RESERVED1"),
            textOrNull("RESERVED2"),
            textOrNull("RESERVED3"),
            textOrNull("REMARKS"),
            small("PROCEDURE_TYPE"),
            text("SPECIFIC_NAME"));
    static final List<MetadataColumn> PROCEDURE_COLUMNS = List.of(
            textOrNull("PROCEDURE_CAT"),
            textOrNull("PROCEDURE_SCHEM"),
            text("PROCEDURE_NAME"),
            text("COLUMN_NAME"),
            small("COLUMN_TYPE"),
            integer("DATA_TYPE"),
            text("TYPE_NAME"),
            integerOrNull("PRECISION"),
            integerOrNull("LENGTH"),
            smallOrNull("SCALE"),
            smallOrNull("RADIX"),
            small("NULLABLE"),
            textOrNull("REMARKS"),
            textOrNull("COLUMN_DEF"),
            integerOrNull("SQL_DATA_TYPE"),
            integerOrNull("SQL_DATETIME_SUB"),
            integerOrNull("CHAR_OCTET_LENGTH"),
            integer("ORDINAL_POSITION"),
            text("IS_NULLABLE"),
            text("SPECIFIC_NAME"));
    static final List<MetadataColumn> FUNCTIONS = List.of(
            textOrNull("FUNCTION_CAT"),
            textOrNull("FUNCTION_SCHEM"),
            text("FUNCTION_NAME"),
            textOrNull("REMARKS"),
            small("FUNCTION_TYPE"),
            text("SPECIFIC_NAME"));
    static final List<MetadataColumn> FUNCTION_COLUMNS = List.of(
            textOrNull("FUNCTION_CAT"),
            textOrNull("FUNCTION_SCHEM"),
            text("FUNCTION_NAME"),
            text("COLUMN_NAME"),
            small("COLUMN_TYPE"),
            integer("DATA_TYPE"),
            text("TYPE_NAME"),
            integerOrNull("PRECISION"),
            integerOrNull("LENGTH"),
            smallOrNull("SCALE"),
            smallOrNull("RADIX"),
            small("NULLABLE"),
            textOrNull("REMARKS"),
            integerOrNull("CHAR_OCTET_LENGTH"),
            integer("ORDINAL_POSITION"),
            text("IS_NULLABLE"),
            text("SPECIFIC_NAME"));
    static final List<MetadataColumn> UDTS = List.of(
            textOrNull("TYPE_CAT"),
            textOrNull("TYPE_SCHEM"),
            text("TYPE_NAME"),
            text("CLASS_NAME"),
            integer("DATA_TYPE"),
            textOrNull("REMARKS"),
            smallOrNull("BASE_TYPE"));
    static final List<MetadataColumn> SUPER_TYPES = List.of(
            textOrNull("TYPE_CAT"),
            textOrNull("TYPE_SCHEM"),
            text("TYPE_NAME"),
            textOrNull("SUPERTYPE_CAT"),
            textOrNull("SUPERTYPE_SCHEM"),
            text("SUPERTYPE_NAME"));
    static final List<MetadataColumn> SUPER_TABLES =
            List.of(textOrNull("TABLE_CAT"), textOrNull("TABLE_SCHEM"), text("TABLE_NAME"), text("SUPERTABLE_NAME"));
    static final List<MetadataColumn> ATTRIBUTES = List.of(
            textOrNull("TYPE_CAT"),
            textOrNull("TYPE_SCHEM"),
            text("TYPE_NAME"),
            text("ATTR_NAME"),
            integer("DATA_TYPE"),
            text("ATTR_TYPE_NAME"),
            integer("ATTR_SIZE"),
            integerOrNull("DECIMAL_DIGITS"),
            integer("NUM_PREC_RADIX"),
            integer("NULLABLE"),
            textOrNull("REMARKS"),
            textOrNull("ATTR_DEF"),
            integerOrNull("SQL_DATA_TYPE"),
            integerOrNull("SQL_DATETIME_SUB"),
            integer("CHAR_OCTET_LENGTH"),
            integer("ORDINAL_POSITION"),
            text("IS_NULLABLE"),
            textOrNull("SCOPE_CATALOG"),
            textOrNull("SCOPE_SCHEMA"),
            textOrNull("SCOPE_TABLE"),
            smallOrNull("SOURCE_DATA_TYPE"));
    static final List<MetadataColumn> COLUMN_PRIVILEGES = List.of(
            textOrNull("TABLE_CAT"),
            textOrNull("TABLE_SCHEM"),
            text("TABLE_NAME"),
            text("COLUMN_NAME"),
            textOrNull("GRANTOR"),
            text("GRANTEE"),
            text("PRIVILEGE"),
            textOrNull("IS_GRANTABLE"));
    static final List<MetadataColumn> TABLE_PRIVILEGES = List.of(
            textOrNull("TABLE_CAT"),
            textOrNull("TABLE_SCHEM"),
            text("TABLE_NAME"),
            textOrNull("GRANTOR"),
            text("GRANTEE"),
            text("PRIVILEGE"),
            textOrNull("IS_GRANTABLE"));
    static final List<MetadataColumn> VERSION_COLUMNS = List.of(
            smallOrNull("SCOPE"),
            text("COLUMN_NAME"),
            integer("DATA_TYPE"),
            text("TYPE_NAME"),
            integerOrNull("COLUMN_SIZE"),
            integerOrNull("BUFFER_LENGTH"),
            smallOrNull("DECIMAL_DIGITS"),
            small("PSEUDO_COLUMN"));
    static final List<MetadataColumn> PSEUDO_COLUMNS = List.of(
            textOrNull("TABLE_CAT"),
            textOrNull("TABLE_SCHEM"),
            text("TABLE_NAME"),
            text("COLUMN_NAME"),
            integer("DATA_TYPE"),
            integerOrNull("COLUMN_SIZE"),
            integerOrNull("DECIMAL_DIGITS"),
            integerOrNull("NUM_PREC_RADIX"),
            text("COLUMN_USAGE"),
            textOrNull("REMARKS"),
            integerOrNull("CHAR_OCTET_LENGTH"),
            text("IS_NULLABLE"));
    static final List<MetadataColumn> CLIENT_INFO =
            List.of(text("NAME"), integer("MAX_LEN"), textOrNull("DEFAULT_VALUE"), textOrNull("DESCRIPTION"));

    private StandardColumns() {}

    static MetadataResultSet empty(List<MetadataColumn> columns) {
        return new MetadataResultSet(columns, List.of());
    }
}
