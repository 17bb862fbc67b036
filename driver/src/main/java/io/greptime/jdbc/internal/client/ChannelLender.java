package io.greptime.jdbc.internal.client;

import io.greptime.jdbc.internal.config.JdbcUrl;
import io.greptime.jdbc.sqlstate.SqlState;
import java.sql.SQLException;
import java.util.List;

/**
 * Channels shared by the connections of one {@code GreptimeDataSource}: each connection gets a
 * {@link Lease}, a {@link ChannelSource} whose {@code close()} gives the channels back instead of shutting
 * them down.
 *
 * <p>Closing the lender refuses new leases at once; the channels shut down when the last lease still out is
 * returned (or at once when none is), so closing the DataSource never breaks a connection that is still
 * working, and nothing outlives the last connection.
 */
public interface ChannelLender extends AutoCloseable {

    /** One connection's share of the channels. */
    interface Lease extends ChannelSource {
        /** The endpoint the connection should start on (its stripe), or null to keep the URL's order. */
        JdbcUrl.Endpoint home();
    }

    /**
     * A lease for a new connection.
     *
     * @param key what a key-hash strategy spreads by (null: the calling thread)
     * @throws SQLException 08001 once the lender is closed
     */
    Lease lease(Object key) throws SQLException;

    /** The endpoints the channels go to, in URL order. */
    List<JdbcUrl.Endpoint> endpoints();

    /** Refuses new leases; channels shut down once no lease is out. */
    @Override
    void close();

    static SQLException closedError() {
        return new SQLException(
                "The GreptimeDataSource is closed; its channels take no new connections",
                SqlState.CANNOT_CONNECT.code());
    }
}
