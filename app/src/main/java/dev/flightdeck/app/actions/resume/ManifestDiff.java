package dev.flightdeck.app.actions.resume;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;

import java.util.ArrayList;
import java.util.List;

/**
 * Before and after of a workload as a line-based unified diff of pretty YAML (what people read
 * in {@code kubectl get -o yaml}), with three lines of context, so the plan shows exactly what
 * the new object changes and nothing else.
 */
public final class ManifestDiff {

    private static final YAMLMapper YAML = YAMLMapper.builder()
            .disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
            .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES)
            // An env value "400" printed bare would read as a number, which Kubernetes refuses there.
            .enable(YAMLGenerator.Feature.ALWAYS_QUOTE_NUMBERS_AS_STRINGS)
            .build();
    private static final int CONTEXT = 3;
    /** Above this many cells the line table would cost too much memory; the middle is shown whole instead. */
    private static final long MAX_CELLS = 4_000_000;

    private ManifestDiff() {
    }

    public static List<String> yamlLines(JsonNode o) {
        try {
            return List.of(YAML.writeValueAsString(o).split("\n", -1)).stream().filter(l -> !l.isEmpty()).toList();
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a JSON tree always renders as YAML", e);
        }
    }

    /** The unified diff of {@code before} and {@code after} as YAML; empty when they render the same. */
    public static List<String> unified(JsonNode before, JsonNode after, String beforeLabel, String afterLabel) {
        return unified(yamlLines(before), yamlLines(after), beforeLabel, afterLabel);
    }

    public static List<String> unified(List<String> a, List<String> b, String beforeLabel, String afterLabel) {
        List<Op> ops = edits(a, b);
        if (ops.stream().allMatch(o -> o.sign == ' ')) {
            return List.of();
        }
        List<String> out = new ArrayList<>();
        out.add("--- " + beforeLabel);
        out.add("+++ " + afterLabel);
        int i = 0;
        while (i < ops.size()) {
            if (ops.get(i).sign == ' ') {
                i++;
                continue;
            }
            int start = Math.max(0, i - CONTEXT);
            int end = i; // one past the last change in this hunk
            for (int j = i; j < ops.size(); j++) {
                if (ops.get(j).sign != ' ') {
                    end = j + 1;
                } else if (j - end >= 2 * CONTEXT) {
                    break; // a gap wide enough to start a new hunk
                }
            }
            int stop = Math.min(ops.size(), end + CONTEXT);
            hunk(ops.subList(start, stop), out);
            i = stop;
        }
        return out;
    }

    private record Op(char sign, String line, int aLine, int bLine) {
    }

    private static void hunk(List<Op> ops, List<String> out) {
        int aStart = -1;
        int bStart = -1;
        int aCount = 0;
        int bCount = 0;
        for (Op o : ops) {
            if (o.sign != '+') {
                aCount++;
                aStart = aStart < 0 ? o.aLine : aStart;
            }
            if (o.sign != '-') {
                bCount++;
                bStart = bStart < 0 ? o.bLine : bStart;
            }
        }
        // An empty side is numbered by the line before it, as diff -u does.
        aStart = aCount == 0 ? ops.getFirst().aLine - 1 : aStart;
        bStart = bCount == 0 ? ops.getFirst().bLine - 1 : bStart;
        out.add("@@ -" + aStart + "," + aCount + " +" + bStart + "," + bCount + " @@");
        ops.forEach(o -> out.add(o.sign + o.line));
    }

    /** The edit script: common prefix and suffix, and a longest-common-subsequence match between. */
    private static List<Op> edits(List<String> a, List<String> b) {
        int pre = 0;
        while (pre < a.size() && pre < b.size() && a.get(pre).equals(b.get(pre))) {
            pre++;
        }
        int suf = 0;
        while (suf < a.size() - pre && suf < b.size() - pre
                && a.get(a.size() - 1 - suf).equals(b.get(b.size() - 1 - suf))) {
            suf++;
        }
        List<Op> ops = new ArrayList<>();
        for (int k = 0; k < pre; k++) {
            ops.add(new Op(' ', a.get(k), k + 1, k + 1));
        }
        middle(a.subList(pre, a.size() - suf), b.subList(pre, b.size() - suf), pre, ops);
        for (int k = suf; k > 0; k--) {
            ops.add(new Op(' ', a.get(a.size() - k), a.size() - k + 1, b.size() - k + 1));
        }
        return ops;
    }

    private static void middle(List<String> a, List<String> b, int offset, List<Op> ops) {
        int n = a.size();
        int m = b.size();
        if ((long) n * m > MAX_CELLS) {
            for (int i = 0; i < n; i++) {
                ops.add(new Op('-', a.get(i), offset + i + 1, offset + 1));
            }
            for (int j = 0; j < m; j++) {
                ops.add(new Op('+', b.get(j), offset + n + 1, offset + j + 1));
            }
            return;
        }
        int[][] lcs = new int[n + 1][m + 1]; // lcs[i][j]: common lines of a[i..] and b[j..]
        for (int i = n - 1; i >= 0; i--) {
            for (int j = m - 1; j >= 0; j--) {
                lcs[i][j] = a.get(i).equals(b.get(j)) ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
            }
        }
        int i = 0;
        int j = 0;
        while (i < n || j < m) {
            if (i < n && j < m && a.get(i).equals(b.get(j))) {
                ops.add(new Op(' ', a.get(i), offset + i + 1, offset + j + 1));
                i++;
                j++;
            } else if (i < n && (j == m || lcs[i + 1][j] >= lcs[i][j + 1])) {
                ops.add(new Op('-', a.get(i), offset + i + 1, offset + j + 1)); // removals first, as diff -u
                i++;
            } else {
                ops.add(new Op('+', b.get(j), offset + i + 1, offset + j + 1));
                j++;
            }
        }
    }
}
