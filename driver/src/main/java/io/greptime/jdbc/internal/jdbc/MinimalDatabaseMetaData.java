package io.greptime.jdbc.internal.jdbc;

import io.greptime.jdbc.GreptimeDriver;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLFeatureNotSupportedException;
import java.util.HashMap;
import java.util.Map;

/**
 * STUB until the metadata issue lands: a {@link DatabaseMetaData} that answers the identity and
 * capability questions pools and frameworks ask first (names, versions, URL, user, batch updates,
 * transactions, quoting) and throws 0A000 naming the method for everything else, including the
 * information_schema-backed catalog queries ({@code getTables}, {@code getColumns}, ...).
 */
final class MinimalDatabaseMetaData implements InvocationHandler {
  private final ConnectionImpl connection;
  private final Map<String, Object> answers = new HashMap<>();

  private MinimalDatabaseMetaData(ConnectionImpl connection) {
    this.connection = connection;
    answers.put("getDriverName", GreptimeDriver.NAME);
    answers.put("getDriverVersion", GreptimeDriver.VERSION);
    answers.put("getDriverMajorVersion", GreptimeDriver.MAJOR_VERSION);
    answers.put("getDriverMinorVersion", GreptimeDriver.MINOR_VERSION);
    answers.put("getDatabaseProductName", "GreptimeDB");
    answers.put("getJDBCMajorVersion", 4);
    answers.put("getJDBCMinorVersion", 2);
    answers.put("getURL", connection.url());
    answers.put("getUserName", connection.user() == null ? "" : connection.user());
    answers.put("supportsBatchUpdates", true);
    answers.put("supportsTransactions", false);
    answers.put("getDefaultTransactionIsolation", Connection.TRANSACTION_NONE);
    answers.put("getIdentifierQuoteString", "\"");
    answers.put("getSearchStringEscape", "\\");
    answers.put("getCatalogSeparator", ".");
    answers.put("getSchemaTerm", "database");
    answers.put("getCatalogTerm", "catalog");
    answers.put("getProcedureTerm", "procedure");
    answers.put("getSQLStateType", DatabaseMetaData.sqlStateSQL);
    answers.put("supportsMultipleResultSets", false);
    answers.put("supportsGetGeneratedKeys", false);
    answers.put("supportsSchemasInDataManipulation", true);
    answers.put("supportsSchemasInTableDefinitions", true);
    answers.put("supportsStoredProcedures", false);
    answers.put("supportsSavepoints", false);
    answers.put("supportsNamedParameters", false);
    answers.put("supportsMultipleTransactions", false);
    answers.put("usesLocalFiles", false);
    answers.put("allProceduresAreCallable", false);
    answers.put("allTablesAreSelectable", true);
    answers.put("getResultSetHoldability", ResultSet.HOLD_CURSORS_OVER_COMMIT);
    answers.put("getMaxStatements", 0);
    answers.put("getMaxConnections", 0);
  }

  static DatabaseMetaData create(ConnectionImpl connection) {
    return (DatabaseMetaData) Proxy.newProxyInstance(MinimalDatabaseMetaData.class.getClassLoader(),
        new Class<?>[] {DatabaseMetaData.class}, new MinimalDatabaseMetaData(connection));
  }

  @Override
  public Object invoke(Object proxy, Method method, Object[] args) throws Throwable {
    String name = method.getName();
    if (answers.containsKey(name) && method.getParameterCount() == 0) {
      return answers.get(name);
    }
    switch (name) {
      case "getConnection":
        return connection;
      case "isReadOnly":
        return connection.isReadOnly();
      case "getDatabaseProductVersion":
        return "unknown";
      case "supportsResultSetType":
        return (Integer) args[0] == ResultSet.TYPE_FORWARD_ONLY;
      case "supportsResultSetConcurrency":
        return (Integer) args[0] == ResultSet.TYPE_FORWARD_ONLY && (Integer) args[1] == ResultSet.CONCUR_READ_ONLY;
      case "supportsTransactionIsolationLevel":
        return (Integer) args[0] == Connection.TRANSACTION_NONE;
      case "unwrap":
        return unwrap((Class<?>) args[0], proxy);
      case "isWrapperFor":
        return ((Class<?>) args[0]).isInstance(proxy);
      case "hashCode":
        return System.identityHashCode(proxy);
      case "equals":
        return proxy == args[0];
      case "toString":
        return "GreptimeDB DatabaseMetaData (minimal)";
      default:
        throw new SQLFeatureNotSupportedException("DatabaseMetaData." + name + " is not supported yet", "0A000");
    }
  }

  private static Object unwrap(Class<?> iface, Object proxy) throws java.sql.SQLException {
    if (iface.isInstance(proxy)) {
      return proxy;
    }
    throw new java.sql.SQLException("Not a wrapper for " + iface.getName(), "HY000");
  }
}
