package dev.flightdeck.app.diagnose.yaml;

import com.fasterxml.jackson.databind.JsonNode;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

/**
 * A JSON tree written as YAML the way {@code kubectl get -o yaml} writes it, so that what the console shows and what
 * an SRE copies out reads like what they know: keys sorted ({@link YamlKeyOrder}), two spaces per level, a list under
 * a key at the key's own indentation ({@code - name: x}), empty maps and lists as {@code {}} and {@code []}, and
 * strings written by {@link YamlScalars}. The text reads back (any YAML 1.1 or 1.2 reader) as the same tree.
 */
public final class KubectlYaml {

    private KubectlYaml() {
    }

    public static String render(JsonNode node) {
        YamlWriter out = new YamlWriter();
        if (node.isObject() && !node.isEmpty()) {
            mapping(out, node, 0, false);
        } else if (node.isArray() && !node.isEmpty()) {
            sequence(out, node, 0, false);
        } else {
            inline(out, node, 0);
        }
        return out.endLine().toString();
    }

    /** Keys at {@code indent}; the first on the current line when it follows a list's {@code - }. */
    private static void mapping(YamlWriter out, JsonNode map, int indent, boolean firstInline) {
        List<String> keys = new ArrayList<>();
        map.fieldNames().forEachRemaining(keys::add);
        keys.sort(YamlKeyOrder.INSTANCE);
        boolean first = true;
        for (String key : keys) {
            if (!(first && firstInline)) {
                out.indent(indent);
            }
            first = false;
            YamlScalars.write(out, key, indent + 2, true);
            out.put(':');
            JsonNode value = map.get(key);
            if (value.isObject() && !value.isEmpty()) {
                mapping(out, value, indent + 2, false);
            } else if (value.isArray() && !value.isEmpty()) {
                sequence(out, value, indent, false); // kubectl's lists under a key are not indented
            } else {
                out.put(' ');
                inline(out, value, indent + 2);
            }
        }
    }

    private static void sequence(YamlWriter out, JsonNode list, int indent, boolean firstInline) {
        boolean first = true;
        for (JsonNode item : list) {
            if (!(first && firstInline)) {
                out.indent(indent);
            }
            first = false;
            out.put("- ");
            if (item.isObject() && !item.isEmpty()) {
                mapping(out, item, indent + 2, true);
            } else if (item.isArray() && !item.isEmpty()) {
                sequence(out, item, indent + 2, true);
            } else {
                inline(out, item, indent + 2);
            }
        }
    }

    /** A value that fits on its line (or starts there: a folded or block string goes on at {@code indent}). */
    private static void inline(YamlWriter out, JsonNode v, int indent) {
        if (v.isObject()) {
            out.put("{}");
        } else if (v.isArray()) {
            out.put("[]");
        } else if (v.isTextual()) {
            YamlScalars.write(out, v.asText(), indent, false);
        } else if (v.isNull() || v.isMissingNode()) {
            out.put("null");
        } else if (v.isBoolean()) {
            out.put(v.asBoolean() ? "true" : "false");
        } else if (v.isIntegralNumber()) {
            out.put(v.bigIntegerValue().toString());
        } else if (v.isNumber()) {
            out.put(decimal(v.decimalValue()));
        } else {
            YamlScalars.write(out, v.asText(), indent, false); // binary and POJO nodes do not come from JSON
        }
    }

    /**
     * A JSON fraction as go-yaml writes a float64 ({@code strconv.FormatFloat(f, 'g', -1, 64)}): shortest digits,
     * an exponent below 1e-4 and from 1e6 on — 100.0 is {@code 100}, 2500000.0 is {@code 2.5e+06}.
     */
    static String decimal(BigDecimal d) {
        BigDecimal s = d.stripTrailingZeros();
        if (s.signum() == 0) {
            return "0";
        }
        int exponent = s.precision() - s.scale() - 1;
        if (exponent < -4 || exponent >= 6) {
            String mantissa = s.movePointLeft(exponent).toPlainString();
            return mantissa + "e" + (exponent < 0 ? "-" : "+") + (Math.abs(exponent) < 10 ? "0" : "") + Math.abs(exponent);
        }
        return s.toPlainString();
    }
}
