package io.greptime.jdbc.internal.bulk;

import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * The Arrow types row requests do not carry here, all answering null, so {@link ProtoCells} lists only
 * the ones it encodes; a new Arrow type still fails to compile here until it is decided. Generic in its
 * answer so that it need not name ProtoCells, whose choosers extend it.
 */
abstract class UnsupportedTypes<T> implements ArrowType.ArrowTypeVisitor<T> {
    @Override
    public T visit(ArrowType.Null t) {
        return null;
    }

    @Override
    public T visit(ArrowType.Struct t) {
        return null;
    }

    @Override
    public T visit(ArrowType.List t) {
        return null;
    }

    @Override
    public T visit(ArrowType.LargeList t) {
        return null;
    }

    @Override
    public T visit(ArrowType.FixedSizeList t) {
        return null;
    }

    @Override
    public T visit(ArrowType.Union t) {
        return null;
    }

    @Override
    public T visit(ArrowType.Map t) {
        return null;
    }

    @Override
    public T visit(ArrowType.Int t) {
        return null;
    }

    @Override
    public T visit(ArrowType.FloatingPoint t) {
        return null;
    }

    @Override
    public T visit(ArrowType.Utf8 t) {
        return null;
    }

    @Override
    public T visit(ArrowType.Utf8View t) {
        return null;
    }

    @Override
    public T visit(ArrowType.LargeUtf8 t) {
        return null;
    }

    @Override
    public T visit(ArrowType.Binary t) {
        return null;
    }

    @Override
    public T visit(ArrowType.BinaryView t) {
        return null;
    }

    @Override
    public T visit(ArrowType.LargeBinary t) {
        return null;
    }

    @Override
    public T visit(ArrowType.FixedSizeBinary t) {
        return null;
    }

    @Override
    public T visit(ArrowType.Bool t) {
        return null;
    }

    @Override
    public T visit(ArrowType.Decimal t) {
        return null;
    }

    @Override
    public T visit(ArrowType.Date t) {
        return null;
    }

    @Override
    public T visit(ArrowType.Time t) {
        return null;
    }

    @Override
    public T visit(ArrowType.Timestamp t) {
        return null;
    }

    @Override
    public T visit(ArrowType.Interval t) {
        return null;
    }

    @Override
    public T visit(ArrowType.Duration t) {
        return null;
    }

    @Override
    public T visit(ArrowType.ListView t) {
        return null;
    }

    @Override
    public T visit(ArrowType.LargeListView t) {
        return null;
    }

    @Override
    public T visit(ArrowType.RunEndEncoded t) {
        return null;
    }
}
