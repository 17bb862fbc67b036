package io.greptime.jdbc.spark;

import org.apache.spark.sql.SparkSession;

/** One small local SparkSession per test class (starting Spark costs seconds; data in these tests is small). */
final class SparkSessions {
    private SparkSessions() {}

    /** @param master {@code local[2]}, or {@code local[2,4]} to let a failed task run again (up to 4 attempts) */
    static SparkSession local(String master) {
        return SparkSession.builder()
                .master(master)
                .appName("greptime-jdbc-spark-test")
                .config("spark.ui.enabled", "false")
                .config("spark.driver.host", "127.0.0.1")
                .config("spark.driver.bindAddress", "127.0.0.1")
                .config("spark.sql.shuffle.partitions", "2")
                .config("spark.sql.session.timeZone", "UTC")
                .getOrCreate();
    }
}
