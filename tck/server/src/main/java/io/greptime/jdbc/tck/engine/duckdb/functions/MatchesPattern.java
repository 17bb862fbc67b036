package io.greptime.jdbc.tck.engine.duckdb.functions;

import io.greptime.jdbc.proto.StatusCode;
import io.greptime.jdbc.tck.engine.GreptimeError;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * GreptimeDB's {@code matches(column, pattern)} full-text function, as its scalar implementation evaluates
 * it ({@code src/common/function/src/scalars/matches.rs}): the pattern is tokenized (bare words, quoted
 * phrases, {@code +} must, {@code -} not, {@code AND}, {@code OR}, parentheses; words next to each other are
 * OR'ed), turned into reverse Polish notation (AND binds tighter than OR, unary operators tightest), built
 * into a tree whose same-operator chains are flattened and whose optional terms are dropped beside a must
 * term, and every term becomes a case-sensitive {@code LIKE '%term%'}.
 */
public final class MatchesPattern {
    private MatchesPattern() {}

    private enum Unary {
        MUST,
        OPTIONAL,
        NEGATIVE
    }

    /** A node: a term ({@code pattern} set), a group ({@code child} set) or an AND/OR of {@code children}. */
    private record Node(Unary op, String pattern, Node child, Boolean and, List<Node> children) {
        static Node literal(Unary op, String pattern) {
            return new Node(op, pattern, null, null, null);
        }

        static Node group(Unary op, Node child) {
            return new Node(op, null, child, null, null);
        }

        static Node binary(boolean and, List<Node> children) {
            return new Node(null, null, null, and, children);
        }

        boolean isBinary() {
            return and != null;
        }
    }

    /** Tokens; {@code phrase} is set for a term. */
    private record Tok(String kind, String phrase) {
        static final Tok MUST = new Tok("+", null);
        static final Tok NEG = new Tok("-", null);
        static final Tok OPT = new Tok("?", null);
        static final Tok AND = new Tok("AND", null);
        static final Tok OR = new Tok("OR", null);
        static final Tok OPEN = new Tok("(", null);
        static final Tok CLOSE = new Tok(")", null);

        boolean unary() {
            return this == MUST || this == NEG || this == OPT;
        }
    }

    private static final Map<String, Node> CACHE = new LinkedHashMap<>(64, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Node> e) {
            return size() > 256;
        }
    };

    /** {@code matches(data, pattern)}; null when {@code data} is null. */
    public static Boolean matches(String data, String pattern) {
        Node ast;
        synchronized (CACHE) {
            ast = CACHE.get(pattern);
        }
        if (ast == null) {
            ast = transform(parse(pattern));
            synchronized (CACHE) {
                CACHE.put(pattern, ast);
            }
        }
        return data == null ? null : eval(ast, data);
    }

    private static boolean eval(Node n, String data) {
        if (n.isBinary()) {
            if (n.children().isEmpty()) {
                return true;
            }
            boolean acc = n.and();
            for (Node c : n.children()) {
                boolean v = eval(c, data);
                acc = n.and() ? acc && v : acc || v;
            }
            return acc;
        }
        boolean v = n.pattern() != null ? data.contains(n.pattern()) : eval(n.child(), data);
        return n.op() == Unary.NEGATIVE ? !v : v;
    }

    // ---- tokenizer ----

    private static List<Tok> tokenize(String p) {
        List<Tok> out = new ArrayList<>();
        int[] cur = {0};
        int len = p.length();
        while (cur[0] < len) {
            char c = p.charAt(cur[0]);
            switch (c) {
                case '+' -> out.add(Tok.MUST);
                case '-' -> out.add(Tok.NEG);
                case '(' -> out.add(Tok.OPEN);
                case ')' -> out.add(Tok.CLOSE);
                case ' ' -> {
                    if (!out.isEmpty() && (out.get(out.size() - 1) == Tok.MUST || out.get(out.size() - 1) == Tok.NEG)) {
                        throw invalid("Unexpected space after "
                                + (out.get(out.size() - 1) == Tok.MUST ? "Must" : "Negative"));
                    }
                }
                case '"' -> {
                    cur[0]++;
                    out.add(new Tok("phrase", phrase(p, cur, true)));
                    cur[0]++;
                    if (cur[0] < len && p.charAt(cur[0]) != ' ') {
                        throw invalid("Expect a space after quotes ('\"')");
                    }
                }
                default -> {
                    String ph = phrase(p, cur, false);
                    switch (ph.toUpperCase(java.util.Locale.ROOT)) {
                        case "AND" -> out.add(Tok.AND);
                        case "OR" -> out.add(Tok.OR);
                        default -> out.add(new Tok("phrase", ph));
                    }
                }
            }
            cur[0]++;
        }
        return out;
    }

    private static String phrase(String p, int[] cur, boolean quoted) {
        StringBuilder sb = new StringBuilder();
        boolean quoteSeen = false;
        while (cur[0] < p.length()) {
            char c = p.charAt(cur[0]);
            if (c == '"') {
                quoteSeen = true;
                break;
            } else if (c == ' ' && !quoted) {
                break;
            } else if (!quoted && (c == '(' || c == ')' || c == '+' || c == '-')) {
                cur[0]--;
                break;
            } else if (c == '\\') {
                cur[0]++;
                if (cur[0] >= p.length()) {
                    throw invalid("Unexpected end of pattern, expected a character after escape ('\\')");
                }
                c = p.charAt(cur[0]);
            }
            sb.append(c);
            cur[0]++;
        }
        if (quoted != quoteSeen) {
            throw invalid("Unclosed quotes ('\"')");
        }
        return sb.toString();
    }

    // ---- parser ----

    private static Node parse(String pattern) {
        List<Tok> rpn = rpn(withOptional(tokenize(pattern)));
        List<Node> stack = new ArrayList<>();
        while (!rpn.isEmpty()) {
            parseOne(rpn, stack);
        }
        if (stack.isEmpty()) {
            throw invalid("Empty pattern");
        }
        return stack.size() == 1 ? stack.get(0) : Node.binary(false, stack);
    }

    /** Marks bare terms and groups optional and joins adjacent ones with OR. */
    private static List<Tok> withOptional(List<Tok> raw) {
        boolean prevUnary = false;
        boolean binaryBefore = true;
        boolean unaryBefore = false;
        List<Tok> out = new ArrayList<>();
        for (Tok t : raw) {
            boolean phrase = t.phrase() != null;
            if (!binaryBefore && (phrase || t == Tok.OPEN || t.unary())) {
                binaryBefore = true;
                out.add(Tok.OR);
            }
            if (t == Tok.OPEN || t == Tok.AND || t == Tok.OR) {
                binaryBefore = true;
            } else if (phrase || t == Tok.CLOSE) {
                binaryBefore = false;
            }
            if (!prevUnary && (phrase || t == Tok.OPEN)) {
                out.add(Tok.OPT);
            } else {
                prevUnary = t == Tok.MUST || t == Tok.NEG;
            }
            if (t.unary()) {
                if (unaryBefore) {
                    throw invalid("Invalid pattern, unary operators should not be adjacent");
                }
                unaryBefore = true;
            } else {
                unaryBefore = false;
            }
            out.add(t);
        }
        return out;
    }

    private static List<Tok> rpn(List<Tok> tokens) {
        List<Tok> ops = new ArrayList<>();
        List<Tok> out = new ArrayList<>();
        for (Tok t : tokens) {
            if (t.phrase() != null) {
                out.add(t);
            } else if (t.unary() || t == Tok.OPEN) {
                ops.add(t);
            } else if (t == Tok.AND || t == Tok.OR) {
                while (!ops.isEmpty()) {
                    Tok top = ops.get(ops.size() - 1);
                    if (!((top == Tok.AND && t == Tok.OR) || top.unary())) {
                        break;
                    }
                    out.add(ops.remove(ops.size() - 1));
                }
                ops.add(t);
            } else {
                boolean found = false;
                while (!ops.isEmpty()) {
                    Tok op = ops.remove(ops.size() - 1);
                    if (op == Tok.OPEN) {
                        found = true;
                        break;
                    }
                    out.add(op);
                }
                if (!found) {
                    throw invalid("Unmatched close parentheses");
                }
            }
        }
        while (!ops.isEmpty()) {
            Tok op = ops.remove(ops.size() - 1);
            if (op == Tok.OPEN) {
                throw invalid("Unmatched parentheses");
            }
            out.add(op);
        }
        return out;
    }

    /** Pops from the end of {@code rpn} (GreptimeDB reads its RPN vector from the back). */
    private static void parseOne(List<Tok> rpn, List<Node> stack) {
        if (rpn.isEmpty()) {
            return;
        }
        Tok t = rpn.remove(rpn.size() - 1);
        if (t.phrase() != null) {
            stack.add(Node.literal(Unary.OPTIONAL, t.phrase()));
        } else if (t.unary()) {
            if (stack.isEmpty()) {
                parseOne(rpn, stack);
            }
            if (stack.isEmpty()) {
                throw invalid("Invalid pattern, \"" + t.kind() + "\" operator should have one operand");
            }
            Node n = stack.remove(stack.size() - 1);
            Unary op = t == Tok.MUST ? Unary.MUST : t == Tok.NEG ? Unary.NEGATIVE : Unary.OPTIONAL;
            stack.add(n.pattern() != null ? Node.literal(op, n.pattern()) : Node.group(op, n));
        } else if (t == Tok.AND || t == Tok.OR) {
            Node rhs = operand(rpn, stack, t);
            Node lhs = operand(rpn, stack, t);
            stack.add(Node.binary(t == Tok.AND, new ArrayList<>(List.of(lhs, rhs))));
        } else {
            throw invalid("Unexpected parentheses");
        }
    }

    private static Node operand(List<Tok> rpn, List<Node> stack, Tok op) {
        if (stack.isEmpty()) {
            parseOne(rpn, stack);
        }
        if (stack.isEmpty()) {
            throw invalid("Invalid pattern, \"" + op.kind() + "\" operator should have two operands");
        }
        return stack.remove(stack.size() - 1);
    }

    // ---- rewrites ----

    private static Node transform(Node n) {
        return singleChild(optional(collapse(n)));
    }

    /** Bottom-up: a binary child with its parent's operator gives its children to the parent. */
    private static Node collapse(Node n) {
        if (n.child() != null) {
            return Node.group(n.op(), collapse(n.child()));
        }
        if (!n.isBinary()) {
            return n;
        }
        List<Node> collapsed = new ArrayList<>();
        List<Node> remains = new ArrayList<>();
        for (Node c0 : n.children()) {
            Node c = collapse(c0);
            if (!c.isBinary()) {
                collapsed.add(c);
            } else if (c.and().equals(n.and())) {
                collapsed.addAll(c.children());
            } else {
                remains.add(c);
            }
        }
        collapsed.addAll(remains);
        return Node.binary(n.and(), collapsed);
    }

    /** Bottom-up, on OR nodes: must and must-not terms become an AND with the OR of what remains. */
    private static Node optional(Node n) {
        if (n.child() != null) {
            return Node.group(n.op(), optional(n.child()));
        }
        if (!n.isBinary()) {
            return n;
        }
        List<Node> children = new ArrayList<>();
        for (Node c : n.children()) {
            children.add(optional(c));
        }
        if (n.and()) {
            return Node.binary(true, children);
        }
        List<Node> must = new ArrayList<>();
        List<Node> mustNot = new ArrayList<>();
        List<Node> optional = new ArrayList<>();
        List<Node> compound = new ArrayList<>();
        for (Node c : children) {
            if (c.isBinary()) {
                compound.add(c);
            } else if (c.op() == Unary.MUST) {
                must.add(c);
            } else if (c.op() == Unary.OPTIONAL) {
                optional.add(c);
            } else {
                mustNot.add(c);
            }
        }
        if (!must.isEmpty()) {
            optional.clear();
        }
        List<Node> level = new ArrayList<>(optional);
        level.addAll(compound);
        if (must.isEmpty() && mustNot.isEmpty()) {
            return Node.binary(false, level);
        }
        List<Node> and = new ArrayList<>(must);
        and.addAll(mustNot);
        and.add(Node.binary(false, level));
        return Node.binary(true, and);
    }

    /**
     * Top-down (DataFusion's {@code transform_down}): a binary node drops its empty binary children and is
     * replaced by its only child when one is left; the rewrite then goes on into the result's children.
     */
    private static Node singleChild(Node n) {
        Node r = n;
        if (n.isBinary()) {
            List<Node> kept = new ArrayList<>();
            for (Node c : n.children()) {
                if (!c.isBinary() || !c.children().isEmpty()) {
                    kept.add(c);
                }
            }
            r = kept.size() == 1 ? kept.get(0) : Node.binary(n.and(), kept);
        }
        if (r.child() != null) {
            return Node.group(r.op(), singleChild(r.child()));
        }
        if (!r.isBinary()) {
            return r;
        }
        List<Node> out = new ArrayList<>();
        for (Node c : r.children()) {
            out.add(singleChild(c));
        }
        return Node.binary(r.and(), out);
    }

    private static GreptimeError invalid(String msg) {
        return new GreptimeError(StatusCode.ENGINE_EXECUTE_QUERY, "Execution error: Invalid function args: " + msg);
    }
}
