package io.greptime.jdbc.internal.metadata;

import io.greptime.jdbc.internal.resultset.SelfWrapper;
import java.sql.DatabaseMetaData;

/**
 * The SQL-language answers of {@link DatabaseMetaData}: how GreptimeDB's SQL (DataFusion with GreptimeDB's
 * dialect) names, quotes and qualifies things and which grammar it accepts. Unquoted identifiers are
 * stored lower case and quoted ones as written (protocol.md §9.1), {@code "} quotes identifiers,
 * {@code \} escapes metadata patterns, NULLs sort as the largest values (DataFusion's default
 * {@code ASC NULLS LAST}). Tools generate SQL from these answers, so they are truthful, not optimistic.
 */
abstract class DialectCapabilities implements DatabaseMetaData, SelfWrapper {
    @Override
    public String getCatalogSeparator() {
        return ".";
    }

    @Override
    public String getExtraNameCharacters() {
        return "";
    }

    @Override
    public String getIdentifierQuoteString() {
        return "\"";
    }

    @Override
    public String getNumericFunctions() {
        return "abs,acos,asin,atan,atan2,cbrt,ceil,cos,degrees,exp,floor,ln,log,log10,log2,pi,power,radians,random,round,signum,sin,sqrt,tan,trunc";
    }

    @Override
    public String getSQLKeywords() {
        return "ADMIN,ALIGN,APPEND_MODE,EVAL,EVALUATE,EXPIRE,FILL,FLOW,FLOWS,INVERTED,METRIC,RANGE,SINK,SKIPPING,TQL,TTL";
    }

    @Override
    public String getSearchStringEscape() {
        return "\\";
    }

    @Override
    public String getStringFunctions() {
        return "ascii,bit_length,btrim,char_length,character_length,concat,concat_ws,initcap,left,length,lower,lpad,ltrim,octet_length,repeat,replace,reverse,right,rpad,rtrim,split_part,starts_with,strpos,substr,substring,to_hex,translate,trim,upper";
    }

    @Override
    public String getSystemFunctions() {
        return "database,timezone,version";
    }

    @Override
    public String getTimeDateFunctions() {
        return "current_date,current_time,current_timestamp,date_bin,date_format,date_part,date_trunc,extract,from_unixtime,now,to_timestamp,to_unixtime";
    }

    @Override
    public boolean isCatalogAtStart() {
        return true;
    }

    @Override
    public boolean nullPlusNonNullIsNull() {
        return true;
    }

    @Override
    public boolean nullsAreSortedAtEnd() {
        return false;
    }

    @Override
    public boolean nullsAreSortedAtStart() {
        return false;
    }

    @Override
    public boolean nullsAreSortedHigh() {
        return true;
    }

    @Override
    public boolean nullsAreSortedLow() {
        return false;
    }

    @Override
    public boolean storesLowerCaseIdentifiers() {
        return true;
    }

    @Override
    public boolean storesLowerCaseQuotedIdentifiers() {
        return false;
    }

    @Override
    public boolean storesMixedCaseIdentifiers() {
        return false;
    }

    @Override
    public boolean storesMixedCaseQuotedIdentifiers() {
        return true;
    }

    @Override
    public boolean storesUpperCaseIdentifiers() {
        return false;
    }

    @Override
    public boolean storesUpperCaseQuotedIdentifiers() {
        return false;
    }

    @Override
    public boolean supportsANSI92EntryLevelSQL() {
        return true;
    }

    @Override
    public boolean supportsANSI92FullSQL() {
        return false;
    }

    @Override
    public boolean supportsANSI92IntermediateSQL() {
        return false;
    }

    @Override
    public boolean supportsAlterTableWithAddColumn() {
        return true;
    }

    @Override
    public boolean supportsAlterTableWithDropColumn() {
        return true;
    }

    @Override
    public boolean supportsCatalogsInDataManipulation() {
        return true;
    }

    @Override
    public boolean supportsCatalogsInIndexDefinitions() {
        return false;
    }

    @Override
    public boolean supportsCatalogsInPrivilegeDefinitions() {
        return false;
    }

    @Override
    public boolean supportsCatalogsInProcedureCalls() {
        return false;
    }

    @Override
    public boolean supportsCatalogsInTableDefinitions() {
        return true;
    }

    @Override
    public boolean supportsColumnAliasing() {
        return true;
    }

    @Override
    public boolean supportsConvert() {
        return false;
    }

    @Override
    public boolean supportsCoreSQLGrammar() {
        return false;
    }

    @Override
    public boolean supportsCorrelatedSubqueries() {
        return true;
    }

    @Override
    public boolean supportsDifferentTableCorrelationNames() {
        return false;
    }

    @Override
    public boolean supportsExpressionsInOrderBy() {
        return true;
    }

    @Override
    public boolean supportsExtendedSQLGrammar() {
        return false;
    }

    @Override
    public boolean supportsFullOuterJoins() {
        return true;
    }

    @Override
    public boolean supportsGroupBy() {
        return true;
    }

    @Override
    public boolean supportsGroupByBeyondSelect() {
        return true;
    }

    @Override
    public boolean supportsGroupByUnrelated() {
        return true;
    }

    @Override
    public boolean supportsIntegrityEnhancementFacility() {
        return false;
    }

    @Override
    public boolean supportsLikeEscapeClause() {
        return true;
    }

    @Override
    public boolean supportsLimitedOuterJoins() {
        return true;
    }

    @Override
    public boolean supportsMinimumSQLGrammar() {
        return true;
    }

    @Override
    public boolean supportsMixedCaseIdentifiers() {
        return false;
    }

    @Override
    public boolean supportsMixedCaseQuotedIdentifiers() {
        return true;
    }

    @Override
    public boolean supportsNonNullableColumns() {
        return true;
    }

    @Override
    public boolean supportsOrderByUnrelated() {
        return true;
    }

    @Override
    public boolean supportsOuterJoins() {
        return true;
    }

    @Override
    public boolean supportsSchemasInDataManipulation() {
        return true;
    }

    @Override
    public boolean supportsSchemasInIndexDefinitions() {
        return false;
    }

    @Override
    public boolean supportsSchemasInPrivilegeDefinitions() {
        return false;
    }

    @Override
    public boolean supportsSchemasInProcedureCalls() {
        return false;
    }

    @Override
    public boolean supportsSchemasInTableDefinitions() {
        return true;
    }

    @Override
    public boolean supportsSelectForUpdate() {
        return false;
    }

    @Override
    public boolean supportsSubqueriesInComparisons() {
        return true;
    }

    @Override
    public boolean supportsSubqueriesInExists() {
        return true;
    }

    @Override
    public boolean supportsSubqueriesInIns() {
        return true;
    }

    @Override
    public boolean supportsSubqueriesInQuantifieds() {
        return false;
    }

    @Override
    public boolean supportsTableCorrelationNames() {
        return true;
    }

    @Override
    public boolean supportsUnion() {
        return true;
    }

    @Override
    public boolean supportsUnionAll() {
        return true;
    }

    @Override
    public boolean supportsConvert(int fromType, int toType) {
        return false;
    }
}
