package io.greptime.jdbc.failover;

/**
 * Every failover scenario of {@link ThreeServerFailoverTest} over {@code transport=okhttp}: its channels
 * are built by the same factory, so a server killed mid-stream, a stream cut before its first row, slow
 * and exhausted servers and a whole-cluster outage must behave the same on it.
 */
class OkHttpFailoverTest extends ThreeServerFailoverTest {
    @Override
    ThreeServers newCluster() {
        return new ThreeServers("transport=okhttp");
    }
}
