package io.greptime.jdbc.internal.put;

import io.greptime.jdbc.arrow.Lz4FrameCodec;
import java.util.Locale;
import org.apache.arrow.compression.CommonsCompressionFactory;
import org.apache.arrow.vector.compression.CompressionCodec;
import org.apache.arrow.vector.compression.CompressionUtil;
import org.apache.arrow.vector.compression.NoCompressionCodec;

/** IPC body compression of DoPut batches; GreptimeDB decodes all three (protocol.md §4.3). */
public enum PutCompression {
    NONE,
    LZ4,
    ZSTD;

    /** {@code none}, {@code lz4} or {@code zstd}, any case. */
    public static PutCompression parse(String name) {
        return valueOf(name.trim().toUpperCase(Locale.ROOT));
    }

    /** A new codec (codecs keep per-instance state, so each writer gets its own). */
    public CompressionCodec newCodec() {
        switch (this) {
            case LZ4:
                // lz4-java: commons-compress's LZ4 encoder is orders of magnitude slower on time series columns
                return Lz4FrameCodec.INSTANCE;
            case ZSTD:
                return CommonsCompressionFactory.INSTANCE.createCodec(CompressionUtil.CodecType.ZSTD);
            default:
                return NoCompressionCodec.INSTANCE;
        }
    }
}
