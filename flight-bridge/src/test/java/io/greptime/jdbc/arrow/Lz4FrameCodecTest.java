package io.greptime.jdbc.arrow;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.arrow.compression.CommonsCompressionFactory;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.compression.CompressionCodec;
import org.apache.arrow.vector.compression.CompressionUtil;
import org.junit.jupiter.api.Test;

class Lz4FrameCodecTest {

    /** Arrow Java's own decoder (the one clients use) reads what the server's encoder writes. */
    @Test
    void compress_isReadByArrowsCommonsDecoder() {
        int longs = 200_000; // sequential millisecond timestamps: the data commons-compress's encoder chokes on
        try (BufferAllocator allocator = new RootAllocator()) {
            ArrowBuf raw = allocator.buffer(longs * 8L);
            for (int i = 0; i < longs; i++) {
                raw.setLong(i * 8L, 1_700_000_000_000L + i * 1000L);
            }
            raw.writerIndex(longs * 8L);
            byte[] expected = new byte[longs * 8];
            raw.getBytes(0, expected);
            ArrowBuf compressed = Lz4FrameCodec.INSTANCE.compress(allocator, raw); // takes ownership of raw
            // smaller than the raw bytes, so Arrow kept the LZ4 frame instead of falling back to a raw buffer
            assertThat(compressed.writerIndex()).isLessThan(expected.length);
            CompressionCodec decoder =
                    CommonsCompressionFactory.INSTANCE.createCodec(CompressionUtil.CodecType.LZ4_FRAME);
            try (ArrowBuf back = decoder.decompress(allocator, compressed)) {
                byte[] actual = new byte[expected.length];
                back.getBytes(0, actual);
                assertThat(back.writerIndex()).isEqualTo(expected.length);
                assertThat(actual).isEqualTo(expected);
            }
        }
    }

    @Test
    void decompress_readsItsOwnFrames() {
        try (BufferAllocator allocator = new RootAllocator()) {
            ArrowBuf raw = allocator.buffer(4096);
            for (int i = 0; i < 4096; i++) {
                raw.setByte(i, i % 7);
            }
            raw.writerIndex(4096);
            byte[] expected = new byte[4096];
            raw.getBytes(0, expected);
            ArrowBuf compressed = Lz4FrameCodec.INSTANCE.compress(allocator, raw);
            try (ArrowBuf back = Lz4FrameCodec.INSTANCE.decompress(allocator, compressed)) {
                byte[] actual = new byte[4096];
                back.getBytes(0, actual);
                assertThat(actual).isEqualTo(expected);
            }
        }
    }

    /** Larger than one 4 MiB block, incompressible, and tiny: every shape reads back through Arrow's decoder. */
    @Test
    void compress_roundTripsMultiBlockIncompressibleAndTinyBuffers() {
        java.util.Random random = new java.util.Random(42);
        byte[] multiBlock = new byte[9 * 1024 * 1024 + 17];
        for (int i = 0; i < multiBlock.length; i++) {
            multiBlock[i] = (byte) (i % 251 == 0 ? random.nextInt() : i / 4096);
        }
        byte[] noise = new byte[70_000];
        random.nextBytes(noise);
        try (BufferAllocator allocator = new RootAllocator()) {
            for (byte[] data : new byte[][] {multiBlock, noise, {1, 2, 3}}) {
                ArrowBuf raw = allocator.buffer(data.length);
                raw.setBytes(0, data);
                raw.writerIndex(data.length);
                ArrowBuf compressed = Lz4FrameCodec.INSTANCE.compress(allocator, raw);
                CompressionCodec decoder =
                        CommonsCompressionFactory.INSTANCE.createCodec(CompressionUtil.CodecType.LZ4_FRAME);
                try (ArrowBuf back = decoder.decompress(allocator, compressed)) {
                    byte[] actual = new byte[data.length];
                    back.getBytes(0, actual);
                    assertThat(actual).isEqualTo(data);
                }
            }
            assertThat(allocator.getAllocatedMemory()).isZero();
        }
    }

    /** Decoders allocate the block size a frame declares, so a 4 KiB buffer must declare 64 KiB, not 4 MiB. */
    @Test
    void compress_smallBufferDeclaresTheSmallestBlockSize() {
        try (BufferAllocator allocator = new RootAllocator()) {
            ArrowBuf raw = allocator.buffer(4096);
            raw.setZero(0, 4096);
            raw.writerIndex(4096);
            try (ArrowBuf compressed = Lz4FrameCodec.INSTANCE.compress(allocator, raw)) {
                long frame = CompressionUtil.SIZE_OF_UNCOMPRESSED_LENGTH;
                assertThat(compressed.getInt(frame)).isEqualTo(0x184D2204);
                assertThat(compressed.getByte(frame + 5)).isEqualTo((byte) 0x40);
                assertThat(compressed.writerIndex()).isLessThan(100);
            }
        }
    }
}
