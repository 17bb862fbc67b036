package io.greptime.jdbc.sourcegraph;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Tarjan's strongly connected components over a small dependency graph (recursion depth = graph depth). */
final class Tarjan {
    private final Map<String, Set<String>> graph;
    private final Map<String, Integer> index = new HashMap<>();
    private final Map<String, Integer> low = new HashMap<>();
    private final Deque<String> stack = new ArrayDeque<>();
    private final Set<String> onStack = new HashSet<>();
    private final List<List<String>> groups = new ArrayList<>();

    Tarjan(Map<String, Set<String>> graph) {
        this.graph = graph;
    }

    List<List<String>> run() {
        for (String node : graph.keySet()) {
            if (!index.containsKey(node)) {
                visit(node);
            }
        }
        groups.sort((a, b) -> a.get(0).compareTo(b.get(0)));
        return groups;
    }

    private void visit(String node) {
        index.put(node, index.size());
        low.put(node, index.get(node));
        stack.push(node);
        onStack.add(node);
        for (String next : graph.getOrDefault(node, Set.of())) {
            if (!index.containsKey(next)) {
                visit(next);
                low.put(node, Math.min(low.get(node), low.get(next)));
            } else if (onStack.contains(next)) {
                low.put(node, Math.min(low.get(node), index.get(next)));
            }
        }
        if (low.get(node).equals(index.get(node))) {
            List<String> group = new ArrayList<>();
            String member;
            do {
                member = stack.pop();
                onStack.remove(member);
                group.add(member);
            } while (!member.equals(node));
            if (group.size() > 1) {
                group.sort(String::compareTo);
                groups.add(group);
            }
        }
    }
}
