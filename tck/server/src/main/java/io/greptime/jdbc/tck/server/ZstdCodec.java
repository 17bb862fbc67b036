package io.greptime.jdbc.tck.server;

import com.github.luben.zstd.ZstdInputStream;
import com.github.luben.zstd.ZstdOutputStream;
import io.grpc.Codec;
import io.grpc.CompressorRegistry;
import io.grpc.DecompressorRegistry;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;

/**
 * The {@code zstd} gRPC message encoding. GreptimeDB's tonic services accept and send gzip and zstd
 * (servers/grpc/builder.rs, since v0.14), and its official Rust/Python ingesters offer zstd request
 * compression; grpc-java only knows gzip, so without this a zstd request was refused with
 * "Can't find decompressor for zstd". zstd-jni comes with Arrow's compression module.
 */
final class ZstdCodec implements Codec {
    static final ZstdCodec INSTANCE = new ZstdCodec();

    private ZstdCodec() {}

    @Override
    public String getMessageEncoding() {
        return "zstd";
    }

    @Override
    public OutputStream compress(OutputStream os) throws IOException {
        return new ZstdOutputStream(os);
    }

    @Override
    public InputStream decompress(InputStream is) throws IOException {
        return new ZstdInputStream(is);
    }

    /** grpc-java's default decompressors (identity, gzip) plus zstd, all advertised. */
    static DecompressorRegistry decompressors() {
        return DecompressorRegistry.getDefaultInstance().with(INSTANCE, true);
    }

    /** grpc-java's default compressors plus zstd, for responses to clients that accept only zstd. */
    static CompressorRegistry compressors() {
        CompressorRegistry registry = CompressorRegistry.newEmptyInstance();
        registry.register(new Codec.Gzip());
        registry.register(INSTANCE);
        return registry;
    }
}
