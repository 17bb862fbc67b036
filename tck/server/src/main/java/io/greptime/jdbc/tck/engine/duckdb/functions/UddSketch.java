package io.greptime.jdbc.tck.engine.duckdb.functions;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Map;
import java.util.TreeMap;

/**
 * The UDDSketch that GreptimeDB's uddsketch_* functions keep (the uddsketch crate of its
 * timescaledb-toolkit fork, after Epicoco et al., "UDDSketch", arXiv:2004.08604): values are counted in
 * logarithmic buckets {@code ceil(log_gamma |v|)} with gamma = (1 + a) / (1 - a), negatives and zero apart;
 * when there are more buckets than allowed, adjacent buckets are merged two by two, gamma is squared and the
 * error bound a becomes 2a / (1 + a^2). A quantile is the value of the bucket holding the rank
 * {@code floor(n * q) + 1}: gamma^(k-1) * (1 + a).
 *
 * <p>The bytes are GreptimeDB's: bincode (little-endian) of the crate's struct followed by the state's
 * error rate, so a state GreptimeDB produced decodes here and the other way round. GreptimeDB writes the
 * bucket map in hash order; this class writes it in key order, which decodes the same.
 */
public final class UddSketch {
    private static final int NEGATIVE = 0;
    private static final int ZERO = 1;
    private static final int POSITIVE = 2;
    private static final int INVALID = 3;

    /** A bucket key: negative buckets from the largest magnitude down, then zero, then positive ones up. */
    public record Key(int kind, long index) implements Comparable<Key> {
        @Override
        public int compareTo(Key o) {
            if (kind != o.kind) {
                return Integer.compare(kind, o.kind);
            }
            return kind == NEGATIVE ? Long.compare(o.index, index) : Long.compare(index, o.index);
        }

        Key compacted() {
            if (kind == ZERO || index == Long.MAX_VALUE) {
                return this;
            }
            return new Key(kind, (index > 0 ? index + 1 : index) / 2);
        }
    }

    public final TreeMap<Key, Long> buckets = new TreeMap<>();
    public double alpha;
    double gamma;
    int compactions;
    public final long maxBuckets;
    public long count;
    double sum;
    public final double errorRate;

    public UddSketch(long maxBuckets, double errorRate) {
        this.maxBuckets = maxBuckets;
        this.errorRate = errorRate;
        this.alpha = errorRate;
        this.gamma = (1.0 + errorRate) / (1.0 - errorRate);
    }

    private Key key(double v) {
        double m = Math.abs(v);
        if (m == 0.0) {
            return new Key(ZERO, 0);
        }
        // Rust's f64::log(base) is ln(x) / ln(base); `as i64` saturates (NaN to 0) as Java's cast does
        long k = (long) Math.ceil(Math.log(m) / Math.log(gamma));
        return new Key(v < 0 ? NEGATIVE : POSITIVE, k);
    }

    public void add(double v) {
        buckets.merge(key(v), 1L, Long::sum);
        while (buckets.size() > maxBuckets) {
            compact();
        }
        count++;
        sum += v;
    }

    private void compact() {
        TreeMap<Key, Long> old = new TreeMap<>(buckets);
        buckets.clear();
        for (Map.Entry<Key, Long> e : old.entrySet()) {
            buckets.merge(e.getKey().compacted(), e.getValue(), Long::sum);
        }
        compactions++;
        gamma *= gamma;
        alpha = 2.0 * alpha / (1.0 + alpha * alpha);
    }

    /** merge_sketch: aligns compactions, adds the other's buckets, compacts while over the limit. */
    public void merge(UddSketch other) {
        if (other.count == 0) {
            return;
        }
        if (count == 0) {
            buckets.putAll(other.buckets);
            alpha = other.alpha;
            gamma = other.gamma;
            compactions = other.compactions;
            count = other.count;
            sum = other.sum;
            return;
        }
        UddSketch o = other.copy();
        while (compactions > o.compactions) {
            o.compact();
        }
        while (o.compactions > compactions) {
            compact();
        }
        o.buckets.forEach((k, c) -> buckets.merge(k, c, Long::sum));
        while (buckets.size() > maxBuckets) {
            compact();
        }
        count += o.count;
        sum += o.sum;
    }

    private UddSketch copy() {
        UddSketch c = new UddSketch(maxBuckets, errorRate);
        c.buckets.putAll(buckets);
        c.alpha = alpha;
        c.gamma = gamma;
        c.compactions = compactions;
        c.count = count;
        c.sum = sum;
        return c;
    }

    /** The estimate of quantile q in [0, 1]; the sketch is not empty. */
    public double quantile(double q) {
        long remaining = (long) (count * q) + 1;
        if (remaining >= count) {
            return value(buckets.lastKey());
        }
        for (Map.Entry<Key, Long> e : buckets.entrySet()) {
            if (remaining <= e.getValue()) {
                return value(e.getKey());
            }
            remaining -= e.getValue();
        }
        throw new IllegalStateException("rank beyond the sketch");
    }

    private double value(Key k) {
        if (k.kind() == ZERO) {
            return 0.0;
        }
        double v = Math.pow(gamma, k.index() - 1.0) * (1.0 + alpha);
        return k.kind() == NEGATIVE ? -v : v;
    }

    public byte[] encode() {
        ByteBuffer b = ByteBuffer.allocate(8 + buckets.size() * 36 + 12 + 52).order(ByteOrder.LITTLE_ENDIAN);
        b.putLong(buckets.size());
        Key[] keys = buckets.keySet().toArray(new Key[0]);
        for (int i = 0; i < keys.length; i++) {
            putKey(b, keys[i]);
            b.putLong(buckets.get(keys[i]));
            putKey(b, i + 1 < keys.length ? keys[i + 1] : null);
        }
        putKey(b, keys.length == 0 ? null : keys[0]);
        b.putDouble(alpha)
                .putDouble(gamma)
                .putInt(compactions)
                .putLong(maxBuckets)
                .putLong(count);
        b.putDouble(sum).putDouble(errorRate);
        byte[] out = new byte[b.position()];
        b.flip().get(out);
        return out;
    }

    private static void putKey(ByteBuffer b, Key k) {
        if (k == null) {
            b.putInt(INVALID);
            return;
        }
        b.putInt(k.kind());
        if (k.kind() != ZERO) {
            b.putLong(k.index());
        }
    }

    /**
     * A sketch from GreptimeDB's bytes; null when they are no sketch. {@code withErrorRate} reads the state's
     * trailing error rate (uddsketch_merge); uddsketch_calc decodes the sketch alone and ignores what follows.
     */
    public static UddSketch decode(byte[] bytes, boolean withErrorRate) {
        try {
            ByteBuffer b = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
            long n = b.getLong();
            if (n < 0 || n > bytes.length) {
                return null;
            }
            TreeMap<Key, Long> map = new TreeMap<>();
            for (long i = 0; i < n; i++) {
                Key k = getKey(b);
                if (k == null) {
                    return null;
                }
                map.put(k, b.getLong());
                getKey(b);
            }
            getKey(b);
            double alpha = b.getDouble();
            double gamma = b.getDouble();
            int compactions = b.getInt();
            long max = b.getLong();
            long count = b.getLong();
            double sum = b.getDouble();
            double rate = withErrorRate ? b.getDouble() : alpha;
            UddSketch s = new UddSketch(max, rate);
            s.buckets.putAll(map);
            s.alpha = alpha;
            s.gamma = gamma;
            s.compactions = compactions;
            s.count = count;
            s.sum = sum;
            return s;
        } catch (java.nio.BufferUnderflowException | IllegalArgumentException e) {
            return null;
        }
    }

    private static Key getKey(ByteBuffer b) {
        int kind = b.getInt();
        return switch (kind) {
            case NEGATIVE, POSITIVE -> new Key(kind, b.getLong());
            case ZERO -> new Key(ZERO, 0);
            case INVALID -> null;
            default -> throw new IllegalArgumentException("no SketchHashKey variant " + kind);
        };
    }
}
