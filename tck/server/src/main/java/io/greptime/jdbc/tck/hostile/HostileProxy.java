package io.greptime.jdbc.tck.hostile;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A TCP proxy on a loopback port in front of a server, misbehaving below gRPC on request: it can stall
 * (stop moving bytes while keeping connections open), refuse (reset each new connection at once),
 * reset every open connection (RST, as a crashed host or a middlebox does), truncate or corrupt what the
 * server sends after a number of bytes, or flood a client with bytes that are not HTTP/2. Everything is
 * off ({@link Mode#PASS}) until asked for, and may be changed while connections are open.
 */
public final class HostileProxy implements AutoCloseable {
    /** What happens to bytes and connections. */
    public enum Mode {
        /** Bytes pass both ways unchanged. */
        PASS,
        /** No byte moves either way; connections stay open (and new ones are accepted). */
        STALL,
        /** Each new connection is reset right after accept. */
        REFUSE,
        /** New connections get a stream of random bytes instead of the server's answers. */
        FLOOD
    }

    private final InetSocketAddress target;
    private final ServerSocket listener;
    private final Set<Socket> sockets = ConcurrentHashMap.newKeySet();
    private final AtomicInteger accepted = new AtomicInteger();
    private final Thread acceptor;
    private volatile Mode mode = Mode.PASS;
    /** Bytes of server output per connection after which it is cut (FIN), or -1. */
    private volatile long truncateAfter = -1;
    /** Bytes of server output per connection after which every byte is flipped, or -1. */
    private volatile long corruptAfter = -1;

    private volatile boolean closed;

    private HostileProxy(InetSocketAddress target) throws IOException {
        this.target = target;
        this.listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        this.acceptor = new Thread(this::acceptLoop, "hostile-proxy-" + listener.getLocalPort());
        acceptor.setDaemon(true);
        acceptor.start();
    }

    /** A proxy to {@code host:port}, listening on a free loopback port. */
    public static HostileProxy to(String host, int port) {
        try {
            return new HostileProxy(new InetSocketAddress(host, port));
        } catch (IOException e) {
            throw new IllegalStateException("cannot open the proxy's port", e);
        }
    }

    /** The proxy's own port: clients connect here. */
    public int port() {
        return listener.getLocalPort();
    }

    public void mode(Mode newMode) {
        this.mode = newMode;
    }

    public Mode mode() {
        return mode;
    }

    /** Cuts each connection (FIN both ways) once the server sent it {@code bytes} bytes; -1 turns it off. */
    public void truncateAfter(long bytes) {
        this.truncateAfter = bytes;
    }

    /** Flips every byte the server sends after {@code bytes} bytes of a connection; -1 turns it off. */
    public void corruptAfter(long bytes) {
        this.corruptAfter = bytes;
    }

    /** Resets (RST) every connection open now; new ones are accepted as the mode says. */
    public void resetAll() {
        for (Socket s : sockets) {
            reset(s);
        }
    }

    /** Connections accepted so far. */
    public int acceptedConnections() {
        return accepted.get();
    }

    /** Connections open now, counting both sides of each. */
    public int openSockets() {
        return sockets.size();
    }

    private void acceptLoop() {
        while (!closed) {
            try {
                Socket client = listener.accept();
                accepted.incrementAndGet();
                if (mode == Mode.REFUSE) {
                    reset(client);
                    continue;
                }
                sockets.add(client);
                Thread t = new Thread(() -> serve(client), "hostile-proxy-conn");
                t.setDaemon(true);
                t.start();
            } catch (IOException e) {
                if (!closed) {
                    sleepQuietly(10);
                }
            }
        }
    }

    private void serve(Socket client) {
        if (mode == Mode.FLOOD) {
            flood(client);
            return;
        }
        Socket server = new Socket();
        try {
            server.connect(target, 5_000);
            sockets.add(server);
            client.setTcpNoDelay(true);
            server.setTcpNoDelay(true);
            Thread up = new Thread(() -> pump(client, server, false), "hostile-proxy-up");
            up.setDaemon(true);
            up.start();
            pump(server, client, true);
        } catch (IOException e) {
            reset(client);
            closeQuietly(server);
        }
    }

    /** Copies bytes until either side closes, applying the stall, truncate and corrupt rules. */
    private void pump(Socket from, Socket to, boolean fromServer) {
        byte[] buf = new byte[16 * 1024];
        long sent = 0;
        try (InputStream in = from.getInputStream();
                OutputStream out = to.getOutputStream()) {
            int n;
            while ((n = in.read(buf)) >= 0) {
                while (mode == Mode.STALL && !closed && !from.isClosed()) {
                    sleepQuietly(20);
                }
                if (fromServer) {
                    long cut = truncateAfter;
                    if (cut >= 0 && sent + n > cut) {
                        out.write(buf, 0, (int) Math.max(0, cut - sent));
                        out.flush();
                        break;
                    }
                    corrupt(buf, n, sent);
                }
                out.write(buf, 0, n);
                out.flush();
                sent += n;
            }
        } catch (IOException e) {
            // one side went away (or was reset by us): close the pair below
        } finally {
            closeQuietly(from);
            closeQuietly(to);
        }
    }

    private void corrupt(byte[] buf, int n, long sent) {
        long after = corruptAfter;
        if (after < 0) {
            return;
        }
        for (int i = 0; i < n; i++) {
            if (sent + i >= after) {
                buf[i] = (byte) ~buf[i];
            }
        }
    }

    private void flood(Socket client) {
        Random random = new Random(17);
        byte[] junk = new byte[64 * 1024];
        try (OutputStream out = client.getOutputStream()) {
            for (int i = 0; i < 1024 && !closed && mode == Mode.FLOOD; i++) {
                random.nextBytes(junk);
                out.write(junk);
            }
        } catch (IOException e) {
            // the client gave up, as it should
        } finally {
            closeQuietly(client);
        }
    }

    private void reset(Socket s) {
        try {
            s.setSoLinger(true, 0); // close() now sends RST instead of FIN
        } catch (SocketException e) {
            // already closed
        }
        closeQuietly(s);
    }

    private void closeQuietly(Socket s) {
        sockets.remove(s);
        try {
            s.close();
        } catch (IOException e) {
            // nothing to do
        }
    }

    private static void sleepQuietly(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void close() {
        closed = true;
        try {
            listener.close();
        } catch (IOException e) {
            // nothing to do
        }
        resetAll();
        try {
            acceptor.join(5_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
