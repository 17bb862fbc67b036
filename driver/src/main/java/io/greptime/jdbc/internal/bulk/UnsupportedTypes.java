package io.greptime.jdbc.internal.bulk;

import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * The Arrow types row requests do not carry here, all answering null, so {@link ProtoCells} lists only
 * the ones it encodes; a new Arrow type still fails to compile here until it is decided.
 */
abstract class UnsupportedTypes implements ArrowType.ArrowTypeVisitor<ProtoCells> {
    @Override
    public ProtoCells visit(ArrowType.Null t) {
        return null;
    }

    @Override
    public ProtoCells visit(ArrowType.Struct t) {
        return null;
    }

    @Override
    public ProtoCells visit(ArrowType.List t) {
        return null;
    }

    @Override
    public ProtoCells visit(ArrowType.LargeList t) {
        return null;
    }

    @Override
    public ProtoCells visit(ArrowType.FixedSizeList t) {
        return null;
    }

    @Override
    public ProtoCells visit(ArrowType.Union t) {
        return null;
    }

    @Override
    public ProtoCells visit(ArrowType.Map t) {
        return null;
    }

    @Override
    public ProtoCells visit(ArrowType.Int t) {
        return null;
    }

    @Override
    public ProtoCells visit(ArrowType.FloatingPoint t) {
        return null;
    }

    @Override
    public ProtoCells visit(ArrowType.Utf8 t) {
        return null;
    }

    @Override
    public ProtoCells visit(ArrowType.Utf8View t) {
        return null;
    }

    @Override
    public ProtoCells visit(ArrowType.LargeUtf8 t) {
        return null;
    }

    @Override
    public ProtoCells visit(ArrowType.Binary t) {
        return null;
    }

    @Override
    public ProtoCells visit(ArrowType.BinaryView t) {
        return null;
    }

    @Override
    public ProtoCells visit(ArrowType.LargeBinary t) {
        return null;
    }

    @Override
    public ProtoCells visit(ArrowType.FixedSizeBinary t) {
        return null;
    }

    @Override
    public ProtoCells visit(ArrowType.Bool t) {
        return null;
    }

    @Override
    public ProtoCells visit(ArrowType.Decimal t) {
        return null;
    }

    @Override
    public ProtoCells visit(ArrowType.Date t) {
        return null;
    }

    @Override
    public ProtoCells visit(ArrowType.Time t) {
        return null;
    }

    @Override
    public ProtoCells visit(ArrowType.Timestamp t) {
        return null;
    }

    @Override
    public ProtoCells visit(ArrowType.Interval t) {
        return null;
    }

    @Override
    public ProtoCells visit(ArrowType.Duration t) {
        return null;
    }

    @Override
    public ProtoCells visit(ArrowType.ListView t) {
        return null;
    }

    @Override
    public ProtoCells visit(ArrowType.LargeListView t) {
        return null;
    }

    @Override
    public ProtoCells visit(ArrowType.RunEndEncoded t) {
        return null;
    }
}
