package io.greptime.jdbc.arrow;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.Random;
import net.jpountz.lz4.LZ4FrameOutputStream;
import org.apache.arrow.compression.CommonsCompressionFactory;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.compression.CompressionCodec;
import org.apache.arrow.vector.compression.CompressionUtil;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The DoGet LZ4 frame decoder against frames from three independent encoders (lz4-java's frame stream with
 * block checksums and a content size, Arrow's commons-compress codec, the project's own codec), over data that
 * compresses well, data that does not (raw blocks) and buffers spanning many blocks; and its refusals.
 */
class Lz4FrameReaderTest {
    private final BufferAllocator allocator = new RootAllocator();

    @AfterEach
    void close() {
        allocator.close();
    }

    private static byte[] data(int length, boolean random) {
        byte[] bytes = new byte[length];
        Random r = new Random(length);
        for (int i = 0; i < length; i++) {
            bytes[i] = random ? (byte) r.nextInt() : (byte) ('a' + (i / 100) % 7);
        }
        return bytes;
    }

    private byte[] decode(byte[] frame, int offset, int expected) {
        try (ArrowBuf out = allocator.buffer(Math.max(1, expected))) {
            new Lz4FrameReader().decode(frame, offset, frame.length - offset, out, expected);
            byte[] bytes = new byte[expected];
            out.getBytes(0, bytes);
            return bytes;
        }
    }

    private static byte[] lz4JavaFrame(byte[] data) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (LZ4FrameOutputStream lz4 = new LZ4FrameOutputStream(
                out,
                LZ4FrameOutputStream.BLOCKSIZE.SIZE_64KB,
                data.length,
                LZ4FrameOutputStream.FLG.Bits.BLOCK_INDEPENDENCE,
                LZ4FrameOutputStream.FLG.Bits.BLOCK_CHECKSUM,
                LZ4FrameOutputStream.FLG.Bits.CONTENT_SIZE,
                LZ4FrameOutputStream.FLG.Bits.CONTENT_CHECKSUM)) {
            lz4.write(data);
        }
        return out.toByteArray();
    }

    /** The frame an Arrow codec writes for {@code data}, without its 8-byte length prefix. */
    private byte[] codecFrame(CompressionCodec codec, byte[] data) {
        ArrowBuf in = allocator.buffer(data.length);
        in.setBytes(0, data);
        in.writerIndex(data.length);
        try (ArrowBuf compressed = codec.compress(allocator, in)) {
            byte[] frame = new byte[(int) compressed.writerIndex()];
            compressed.getBytes(0, frame);
            return frame;
        }
    }

    @Test
    void framesOfThreeEncoders_decodeExactly() throws IOException {
        CompressionCodec commons = CommonsCompressionFactory.INSTANCE.createCodec(CompressionUtil.CodecType.LZ4_FRAME);
        for (byte[] data : new byte[][] {data(10, false), data(300_000, false), data(200_000, true)}) {
            assertThat(decode(lz4JavaFrame(data), 0, data.length)).isEqualTo(data);
            byte[] ours = codecFrame(Lz4FrameCodec.INSTANCE, data);
            byte[] theirs = codecFrame(commons, data);
            int prefix = (int) CompressionUtil.SIZE_OF_UNCOMPRESSED_LENGTH;
            if (ours.length - prefix < data.length) { // compressed (else stored raw with a -1 prefix)
                assertThat(decode(ours, prefix, data.length)).isEqualTo(data);
            }
            if (theirs.length - prefix < data.length) {
                assertThat(decode(theirs, prefix, data.length)).isEqualTo(data);
            }
        }
    }

    @Test
    void frameDecodingToAnotherLength_isRefused() throws IOException {
        byte[] data = data(100_000, false);
        byte[] frame = lz4JavaFrame(data);
        assertThatThrownBy(() -> decode(frame, 0, data.length - 1)).isInstanceOf(IllegalArgumentException.class);
        byte[] withoutContentSize = codecFrame(Lz4FrameCodec.INSTANCE, data);
        assertThatThrownBy(() -> decode(withoutContentSize, 8, data.length + 10))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("decoded to " + data.length);
        assertThatThrownBy(() -> decode(withoutContentSize, 8, data.length - 10))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void truncatedOrForeignBytes_areRefused() throws IOException {
        byte[] frame = lz4JavaFrame(data(100_000, false));
        byte[] truncated = java.util.Arrays.copyOf(frame, frame.length / 2);
        assertThatThrownBy(() -> decode(truncated, 0, 100_000)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> decode(new byte[] {1, 2, 3, 4, 5, 6, 7, 8}, 0, 10))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("not an LZ4 frame");
    }
}
