package io.greptime.jdbc.arrow;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import net.jpountz.lz4.LZ4Exception;
import net.jpountz.lz4.LZ4Factory;
import net.jpountz.lz4.LZ4SafeDecompressor;
import org.apache.arrow.memory.ArrowBuf;

/**
 * Decodes one LZ4 frame (the LZ4_FRAME IPC codec of a DoGet record batch buffer) straight into an Arrow
 * buffer of the size the batch declared. Why not Arrow's codec: it reads the frame through commons-compress's
 * pure-Java stream into a heap array, copies that twice and only then allocates; measured in
 * docs/benchmarks.md it made a compressed read cost twice the client CPU of an uncompressed one.
 *
 * <p>Blocks decode with lz4-java's fastest decompressor that loads: the JNI library in the thin jar (it
 * writes into the direct Arrow buffer itself), its pure-Java decoder in the all-in-one jar, where lz4-java is
 * relocated and its JNI symbols no longer match (there a block decodes into a heap scratch array, one
 * memcpy from the Arrow buffer). Every size is checked before a byte is written: a block may not declare
 * more than the frame's block size or the bytes left of the expected length, and a frame that decodes to a
 * different length than the expected one is refused. Linked blocks (which lz4-java's block decoder cannot
 * resolve across blocks) and frames with a dictionary id are refused too; GreptimeDB's encoder (arrow-rs over
 * lz4_flex) writes independent blocks.
 */
public final class Lz4FrameReader {
    private static final int MAGIC = 0x184D2204;
    private static final int INCOMPRESSIBLE = 0x80000000;
    private static final LZ4Factory FACTORY = LZ4Factory.fastestInstance();
    private static final boolean NATIVE = FACTORY.toString().endsWith(":JNI");
    private static final LZ4SafeDecompressor DECOMPRESSOR = FACTORY.safeDecompressor();

    private byte[] scratch = new byte[0];

    /** Which lz4-java implementation decodes: {@code JNI} or {@code Java}. */
    public static String implementation() {
        return NATIVE ? "JNI" : "Java";
    }

    /**
     * Decodes the frame at {@code src[offset, offset + length)} into {@code dst[0, expected)}.
     *
     * @throws IllegalArgumentException when the frame is malformed or does not decode to {@code expected}
     *     bytes exactly; nothing is allocated here, {@code dst} is the caller's
     */
    public void decode(byte[] src, int offset, int length, ArrowBuf dst, int expected) {
        ByteBuffer in = ByteBuffer.wrap(src, offset, length).slice().order(ByteOrder.LITTLE_ENDIAN);
        int[] header = readHeader(in, expected);
        int blockMax = header[0];
        int blockChecksum = header[1];
        int at = header[2];
        int written = 0;
        while (true) {
            require(at + 4 <= length, "LZ4 frame ends inside a block header");
            int word = in.getInt(at);
            at += 4;
            if (word == 0) {
                break;
            }
            int size = word & ~INCOMPRESSIBLE;
            require(size <= blockMax && size <= length - at, "LZ4 block of " + size + " bytes overruns its frame");
            int room = Math.min(blockMax, expected - written);
            int out = (word & INCOMPRESSIBLE) != 0
                    ? copyRaw(src, offset + at, size, dst, written, room)
                    : decompress(src, offset + at, size, dst, written, room);
            written += out;
            at += size + blockChecksum;
        }
        require(written == expected, "LZ4 frame decoded to " + written + " bytes, its batch declared " + expected);
    }

    /** Returns {block max size, block checksum bytes, header length}. */
    private static int[] readHeader(ByteBuffer in, long expected) {
        require(in.remaining() >= 7 && in.getInt(0) == MAGIC, "not an LZ4 frame");
        int flg = in.get(4) & 0xFF;
        int bd = in.get(5) & 0xFF;
        require((flg >> 6) == 1, "unsupported LZ4 frame version");
        require((flg & 0x20) != 0, "LZ4 frame with linked blocks");
        require((flg & 0x01) == 0, "LZ4 frame with a dictionary id");
        int code = (bd >> 4) & 0x07;
        require(code >= 4, "LZ4 frame with an invalid block size");
        int at = 6;
        if ((flg & 0x08) != 0) {
            require(in.remaining() >= 15, "LZ4 frame ends inside its header");
            long contentSize = in.getLong(6);
            require(contentSize == expected, "LZ4 frame declares " + contentSize + " bytes, its batch " + expected);
            at += 8;
        }
        return new int[] {1 << (8 + 2 * code), (flg & 0x10) != 0 ? 4 : 0, at + 1};
    }

    private static int copyRaw(byte[] src, int from, int size, ArrowBuf dst, int at, int room) {
        require(size <= room, "LZ4 frame decodes past the length its batch declared");
        dst.setBytes(at, src, from, size);
        return size;
    }

    private int decompress(byte[] src, int from, int size, ArrowBuf dst, int at, int room) {
        try {
            if (NATIVE) {
                ByteBuffer out = dst.nioBuffer(at, room);
                return DECOMPRESSOR.decompress(ByteBuffer.wrap(src), from, size, out, 0, room);
            }
            if (scratch.length < room) {
                scratch = new byte[room];
            }
            int n = DECOMPRESSOR.decompress(src, from, size, scratch, 0, room);
            dst.setBytes(at, scratch, 0, n);
            return n;
        } catch (LZ4Exception e) {
            throw new IllegalArgumentException("corrupt LZ4 block: " + e.getMessage(), e);
        }
    }

    private static void require(boolean ok, String what) {
        if (!ok) {
            throw new IllegalArgumentException(what);
        }
    }
}
