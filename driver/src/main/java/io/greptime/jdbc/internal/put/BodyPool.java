package io.greptime.jdbc.internal.put;

import java.util.ArrayDeque;
import java.util.Iterator;

/**
 * The IPC body arrays of one DoPut stream, used again once the server has answered their batch. A
 * body was a fresh array per batch, about 55 bytes a row for a typical table: the heap garbage that
 * made a writing process touch (and keep resident) a young generation the Arrow client, whose vectors
 * come from a pool, never fills. An array goes back to the pool only after its batch is acknowledged:
 * then nothing can send it again (gRPC replays buffered messages only before the call is committed,
 * which the server's first answer does; the failover ledger drops acknowledged frames first), so an
 * array is never overwritten while a frame that may still be sent refers to it. Batches that fail or
 * are cancelled keep their arrays (the garbage collector takes them).
 *
 * <p>At most {@code maxSpares} arrays and {@link #MAX_SPARE_BYTES} are kept: the window's worth a
 * stream had in flight at its fullest, so a parked stream holds no more than it used. Taken from the
 * sending thread, given back from gRPC's, hence synchronized (uncontended in practice).
 */
final class BodyPool {
    /** Spare bodies kept per stream, in bytes, whatever the window. */
    static final long MAX_SPARE_BYTES = 8L << 20;

    private final int maxSpares;
    private final ArrayDeque<byte[]> spares = new ArrayDeque<>();
    private long spareBytes;

    BodyPool(int maxSpares) {
        this.maxSpares = Math.max(1, maxSpares);
    }

    /**
     * An array of at least {@code length} bytes with unspecified contents: the smallest spare that fits,
     * or a new one with room for batches a little larger (row sizes vary from batch to batch).
     */
    synchronized byte[] take(int length) {
        byte[] best = null;
        for (byte[] b : spares) {
            if (b.length >= length && (best == null || b.length < best.length)) {
                best = b;
            }
        }
        if (best != null) {
            for (Iterator<byte[]> it = spares.iterator(); it.hasNext(); ) {
                if (it.next() == best) {
                    it.remove();
                    break;
                }
            }
            spareBytes -= best.length;
            return best;
        }
        long roomy = Math.min(Integer.MAX_VALUE - 16L, length + (length >>> 3) + 4095L & ~4095L);
        return new byte[(int) Math.max(length, roomy)];
    }

    /** Takes back the body of an answered batch, unless the pool is full. */
    synchronized void give(byte[] body) {
        if (spares.size() < maxSpares && spareBytes + body.length <= MAX_SPARE_BYTES) {
            spares.push(body);
            spareBytes += body.length;
        }
    }

    /** Drops every spare (the stream ended). */
    synchronized void clear() {
        spares.clear();
        spareBytes = 0;
    }

    /** Bytes held in spares now (for tests). */
    synchronized long spareBytes() {
        return spareBytes;
    }
}
