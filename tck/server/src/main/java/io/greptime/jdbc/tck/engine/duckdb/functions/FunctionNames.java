package io.greptime.jdbc.tck.engine.duckdb.functions;

import java.util.Map;

/**
 * DataFusion names a call by the function's canonical name, not the alias written: {@code length} is
 * {@code character_length}, {@code covar} is {@code covar_samp}, {@code mean} is {@code avg}.
 */
public final class FunctionNames {
    private static final Map<String, String> CANONICAL = Map.ofEntries(
            Map.entry("length", "character_length"),
            Map.entry("char_length", "character_length"),
            Map.entry("covar", "covar_samp"),
            Map.entry("mean", "avg"),
            Map.entry("stddev_samp", "stddev"),
            Map.entry("var_samp", "var"),
            Map.entry("var_sample", "var"),
            Map.entry("pow", "power"),
            Map.entry("instr", "strpos"),
            Map.entry("position", "strpos"),
            Map.entry("substring", "substr"),
            Map.entry("trim", "btrim"),
            Map.entry("current_timestamp", "now"),
            Map.entry("today", "current_date"),
            Map.entry("datepart", "date_part"),
            Map.entry("datetrunc", "date_trunc"),
            Map.entry("ifnull", "nvl"),
            Map.entry("make_list", "make_array"),
            Map.entry("list_length", "array_length"),
            Map.entry("array_extract", "array_element"),
            Map.entry("list_element", "array_element"),
            Map.entry("list_extract", "array_element"),
            Map.entry("list_append", "array_append"),
            Map.entry("array_push_back", "array_append"),
            Map.entry("list_push_back", "array_append"),
            Map.entry("array_cat", "array_concat"),
            Map.entry("list_concat", "array_concat"),
            Map.entry("list_cat", "array_concat"),
            Map.entry("list_has", "array_has"),
            Map.entry("array_contains", "array_has"),
            Map.entry("list_contains", "array_has"),
            Map.entry("list_slice", "array_slice"),
            Map.entry("list_to_string", "array_to_string"),
            Map.entry("array_join", "array_to_string"),
            Map.entry("list_join", "array_to_string"),
            Map.entry("string_to_list", "string_to_array"),
            Map.entry("substring_index", "substr_index"),
            Map.entry("list_distinct", "array_distinct"),
            Map.entry("list_sort", "array_sort"),
            Map.entry("array_sort", "array_sort"),
            Map.entry("list_reverse", "array_reverse"));

    private FunctionNames() {}

    public static String canonical(String written) {
        return CANONICAL.getOrDefault(written, written);
    }
}
