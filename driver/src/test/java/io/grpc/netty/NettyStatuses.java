package io.grpc.netty;

import io.grpc.Status;

/**
 * The status grpc-netty itself builds for a transport exception ({@code Utils.statusFromThrowable} is package
 * private), so the driver's tests meet the status a real failure produces rather than one written by hand.
 */
public final class NettyStatuses {
    private NettyStatuses() {}

    public static Status of(Throwable transportFailure) {
        return Utils.statusFromThrowable(transportFailure);
    }
}
