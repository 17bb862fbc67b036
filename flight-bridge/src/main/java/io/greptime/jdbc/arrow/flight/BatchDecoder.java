package io.greptime.jdbc.arrow.flight;

import io.greptime.jdbc.arrow.Lz4FrameReader;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.compression.CommonsCompressionFactory;
import org.apache.arrow.flatbuf.BodyCompression;
import org.apache.arrow.flatbuf.Buffer;
import org.apache.arrow.flatbuf.CompressionType;
import org.apache.arrow.flatbuf.FieldNode;
import org.apache.arrow.flatbuf.RecordBatch;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.OutOfMemoryException;
import org.apache.arrow.vector.compression.CompressionCodec;
import org.apache.arrow.vector.compression.CompressionUtil;
import org.apache.arrow.vector.compression.NoCompressionCodec;
import org.apache.arrow.vector.ipc.message.ArrowFieldNode;
import org.apache.arrow.vector.ipc.message.ArrowRecordBatch;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * Turns the IPC RecordBatch of one DoGet frame into an {@link ArrowRecordBatch} of uncompressed buffers in the
 * result's allocator, after checking it against what was received: the field nodes and buffers match the
 * schema ({@link BatchLayout}), every buffer lies inside the body, each buffer holds at least what its node's
 * row count needs, and what the batch will take once decoded (decompressed sizes plus the validity bitmaps
 * Arrow creates for buffers sent empty) fits in {@code maxResultMemory} and in the allocator's headroom. Only
 * then is anything allocated, each buffer at its exact decoded size, and LZ4 frames decode straight into it.
 * A batch that cannot be right is a {@link FlightCallException#protocolViolation()}; one that is right but too
 * big is the memory limit. On any failure every buffer allocated here is released.
 */
final class BatchDecoder {
    /**
     * LZ4 cannot expand data by more than 255 to 1 (a match length byte stands for at most 255 bytes); a frame
     * claiming more than this times its size, plus a block's slack, cannot be an LZ4 frame of that length.
     */
    private static final long LZ4_MAX_RATIO = 255;

    private static final long LZ4_SLACK = 64 * 1024;
    private static final int PREFIX = (int) CompressionUtil.SIZE_OF_UNCOMPRESSED_LENGTH;
    /** The batch's buffers are not compressed (no BodyCompression in its header). */
    private static final byte NO_CODEC = -2;

    private final BufferAllocator allocator;
    private final long maxResultMemory;
    private final Lz4FrameReader lz4 = new Lz4FrameReader();

    BatchDecoder(BufferAllocator allocator, long maxResultMemory) {
        this.allocator = allocator;
        this.maxResultMemory = maxResultMemory;
    }

    /** Validates and decodes {@code batch} (whose buffers are in {@code frame}'s body) for {@code fields}. */
    ArrowRecordBatch decode(RecordBatch batch, List<Field> fields, DoGetFrame frame) throws FlightCallException {
        BatchLayout layout = BatchLayout.check(batch, fields, frame.bodyLength());
        byte codec = codecOf(batch);
        long[] sizes = decodedSizes(batch, frame, codec);
        layout.checkSizes(sizes);
        long needed = layout.impliedValidityBytes();
        for (long size : sizes) {
            needed += size;
        }
        if (needed > maxResultMemory || needed > allocator.getHeadroom()) {
            throw FlightCallException.memoryLimit(maxResultMemory, null);
        }
        List<ArrowBuf> buffers = new ArrayList<>(sizes.length);
        try {
            for (int i = 0; i < sizes.length; i++) {
                buffers.add(decodeBuffer(batch.buffers(i), sizes[i], frame, codec));
            }
            List<ArrowFieldNode> nodes = new ArrayList<>(batch.nodesLength());
            for (int i = 0; i < batch.nodesLength(); i++) {
                FieldNode node = batch.nodes(i);
                nodes.add(new ArrowFieldNode(node.length(), node.nullCount()));
            }
            // the batch takes its own reference to each buffer; ours go in the finally
            List<Long> variadic = new ArrayList<>(batch.variadicBufferCountsLength());
            for (int i = 0; i < batch.variadicBufferCountsLength(); i++) {
                variadic.add(batch.variadicBufferCounts(i));
            }
            return new ArrowRecordBatch(
                    (int) batch.length(), nodes, buffers, NoCompressionCodec.DEFAULT_BODY_COMPRESSION, variadic, false);
        } catch (OutOfMemoryException e) {
            throw FlightCallException.memoryLimit(maxResultMemory, e);
        } catch (IllegalArgumentException e) {
            throw FlightCallException.protocol("an undecodable buffer: " + e.getMessage(), e);
        } finally {
            buffers.forEach(ArrowBuf::close);
        }
    }

    private static byte codecOf(RecordBatch batch) throws FlightCallException {
        BodyCompression compression = batch.compression();
        if (compression == null) {
            return NO_CODEC;
        }
        byte codec = compression.method() == org.apache.arrow.flatbuf.BodyCompressionMethod.BUFFER
                ? compression.codec()
                : -1;
        if (codec != CompressionType.LZ4_FRAME && codec != CompressionType.ZSTD) {
            throw FlightCallException.protocol("a record batch in an unknown compression (" + codec + ")", null);
        }
        return codec;
    }

    /** Each buffer's size once decoded, from its length prefix when compressed; checks LZ4's ratio bound. */
    private static long[] decodedSizes(RecordBatch batch, DoGetFrame frame, byte codec) throws FlightCallException {
        long[] sizes = new long[batch.buffersLength()];
        ByteBuffer body = ByteBuffer.wrap(frame.bytes(), frame.bodyOffset(), frame.bodyLength())
                .slice()
                .order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < sizes.length; i++) {
            Buffer buffer = batch.buffers(i);
            long length = buffer.length();
            if (codec == NO_CODEC || length == 0) {
                sizes[i] = length;
                continue;
            }
            if (length < PREFIX) {
                throw FlightCallException.protocol(
                        "a compressed buffer of " + length + " bytes, shorter than its length prefix", null);
            }
            long declared = body.getLong((int) buffer.offset());
            long payload = length - PREFIX;
            if (declared == CompressionUtil.NO_COMPRESSION_LENGTH) {
                sizes[i] = payload;
            } else if (declared < 0
                    || declared > Integer.MAX_VALUE
                    || (codec == CompressionType.LZ4_FRAME && declared > payload * LZ4_MAX_RATIO + LZ4_SLACK)) {
                throw FlightCallException.protocol(
                        "a compressed buffer of " + payload + " bytes claiming " + declared + " bytes decompressed",
                        null);
            } else {
                sizes[i] = declared;
            }
        }
        return sizes;
    }

    private ArrowBuf decodeBuffer(Buffer place, long size, DoGetFrame frame, byte codec) {
        int from = frame.bodyOffset() + (int) place.offset();
        int length = (int) place.length();
        ArrowBuf out = allocator.buffer(size);
        try {
            if (codec == NO_CODEC) {
                out.setBytes(0, frame.bytes(), from, length);
            } else if (length > 0
                    && size == length - PREFIX
                    && ByteBuffer.wrap(frame.bytes(), from, PREFIX)
                                    .order(ByteOrder.LITTLE_ENDIAN)
                                    .getLong()
                            == CompressionUtil.NO_COMPRESSION_LENGTH) {
                out.setBytes(0, frame.bytes(), from + PREFIX, size);
            } else if (size > 0 && codec == CompressionType.LZ4_FRAME) {
                lz4.decode(frame.bytes(), from + PREFIX, length - PREFIX, out, (int) size);
            } else if (size > 0) {
                zstd(frame, from, length, out, size);
            }
            out.writerIndex(size);
            return out;
        } catch (RuntimeException e) {
            out.close();
            throw e;
        }
    }

    /** ZSTD (not GreptimeDB's DoGet default) decodes through Arrow's own codec. */
    private void zstd(DoGetFrame frame, int from, int length, ArrowBuf out, long size) {
        CompressionCodec codec = CommonsCompressionFactory.INSTANCE.createCodec(CompressionUtil.CodecType.ZSTD);
        ArrowBuf compressed = allocator.buffer(length);
        compressed.setBytes(0, frame.bytes(), from, length);
        compressed.writerIndex(length);
        try (ArrowBuf decoded = codec.decompress(allocator, compressed)) {
            if (decoded.writerIndex() != size) {
                throw new IllegalArgumentException(
                        "ZSTD buffer decoded to " + decoded.writerIndex() + " bytes, declared " + size);
            }
            out.setBytes(0, decoded, 0, size);
        } finally {
            if (compressed.refCnt() > 0) {
                compressed.close();
            }
        }
    }
}
