package io.greptime.jdbc.internal.client;

import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelOutboundHandlerAdapter;
import io.netty.channel.ChannelPromise;
import io.netty.channel.ReflectiveChannelFactory;
import java.net.SocketAddress;

/**
 * Closes a channel whose connect failed. gRPC leaves that to the transport: NIO and epoll close the
 * socket themselves when connect fails, but netty's io_uring channel stays open (checked on netty
 * 4.2.9 and 4.2.18: a refused {@code connect} leaves the channel open and its socket with it), so every
 * refused connect and every reconnect attempt to a dead server kept one socket for the life of the JVM,
 * and a long outage ran the process out of file descriptors. Installed first in every channel's
 * pipeline, for every transport (closing an already closed channel does nothing).
 */
@ChannelHandler.Sharable
final class ConnectFailureCloser extends ChannelOutboundHandlerAdapter {
    private static final ConnectFailureCloser INSTANCE = new ConnectFailureCloser();

    private ConnectFailureCloser() {}

    /** A factory of {@code type} channels with this handler installed. */
    static io.netty.channel.ChannelFactory<Channel> channels(Class<? extends Channel> type) {
        ReflectiveChannelFactory<? extends Channel> reflective = new ReflectiveChannelFactory<>(type);
        return () -> {
            Channel ch = reflective.newChannel();
            ch.pipeline().addFirst("greptime-close-on-connect-failure", INSTANCE);
            return ch;
        };
    }

    @Override
    public void connect(ChannelHandlerContext ctx, SocketAddress remote, SocketAddress local, ChannelPromise promise)
            throws Exception {
        promise.addListener((ChannelFutureListener) f -> {
            if (!f.isSuccess()) {
                closeLater(f.channel());
            }
        });
        super.connect(ctx, remote, local, promise);
    }

    /**
     * Closes {@code ch} after the connect promise's other listeners ran. This listener is registered before
     * gRPC's (this handler sits at the pipeline's head, so its {@code connect} runs inside gRPC's), and closing
     * at once would fail the writes gRPC holds with "Connection closing while performing protocol negotiation"
     * instead of the refused connect's own cause, which is what the caller's error should name.
     */
    private static void closeLater(Channel ch) {
        try {
            ch.eventLoop().execute(ch::close);
        } catch (java.util.concurrent.RejectedExecutionException ended) {
            ch.close(); // the loop is shutting down and closes its channels anyway
        }
    }
}
