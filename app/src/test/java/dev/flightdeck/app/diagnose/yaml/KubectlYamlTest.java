package dev.flightdeck.app.diagnose.yaml;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import dev.flightdeck.app.Fixtures;
import dev.flightdeck.app.watch.KubeJson;
import org.junit.jupiter.api.Test;
import org.snakeyaml.engine.v2.api.Load;
import org.snakeyaml.engine.v2.api.LoadSettings;

import java.util.Comparator;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * YAML as {@code kubectl get -o yaml} writes it (go-yaml v2's emitter), checked line by line on objects a real
 * kube-apiserver 1.32 returned, scalar by scalar on the cases go-yaml quotes, and read back by two YAML readers
 * (SnakeYAML through Jackson, YAML 1.1; snakeyaml-engine, YAML 1.2) as the same tree — also for thousands of
 * random strings made of the characters that make YAML hard.
 */
class KubectlYamlTest {

    private static String value(String s) {
        ObjectNode o = KubeJson.MAPPER.createObjectNode().put("k", s);
        return KubectlYaml.render(o);
    }

    @Test
    void scalarsAreQuotedExactlyWhenPlainWouldReadAsSomethingElse() {
        assertEquals("k: \"8\"\n", value("8"), "a quantity");
        assertEquals("k: \"0755\"\n", value("0755"));
        assertEquals("k: \"1e3\"\n", value("1e3"));
        assertEquals("k: \"0x1F\"\n", value("0x1F"));
        assertEquals("k: \"1_000\"\n", value("1_000"));
        assertEquals("k: \"true\"\n", value("true"));
        assertEquals("k: \"y\"\n", value("y"), "YAML 1.1's booleans, as go-yaml quotes them");
        assertEquals("k: \"off\"\n", value("off"));
        assertEquals("k: \"null\"\n", value("null"));
        assertEquals("k: \"~\"\n", value("~"));
        assertEquals("k: \"\"\n", value(""));
        assertEquals("k: \"2026-11-25T10:00:00Z\"\n", value("2026-11-25T10:00:00Z"), "timestamps, as kubectl shows them");
        assertEquals("k: \"12:30\"\n", value("12:30"), "a base-60 number in YAML 1.1");
        assertEquals("k: \".5\"\n", value(".5"));
        assertEquals("k: '*'\n", value("*"));
        assertEquals("k: '- x'\n", value("- x"));
        assertEquals("k: 'a: b'\n", value("a: b"));
        assertEquals("k: 'a #b'\n", value("a #b"));
        assertEquals("k: '@x'\n", value("@x"));
        assertEquals("k: ' lead'\n", value(" lead"));
        assertEquals("k: 'trail '\n", value("trail "));
        assertEquals("k: it's' quoted\n", value("it's' quoted"), "plain is allowed when the quote is not first");
        assertEquals("k: '''s'\n", value("'s"));
        assertEquals("k: \"a\\tb\"\n", value("a\tb"), "a tab is not printable for YAML");
        assertEquals("k: \"bell\\a\"\n", value("bell\u0007"));
    }

    @Test
    void plainWhereGoYamlWritesPlain() {
        for (String s : List.of("-c", "nginx:1.25", "http://registry.example/x", "a#b", "it's", "NoSchedule",
                "nvidia.com/gpu", "v1.32.13", "1.2.3", "10.0.0.1", "100m", "8Gi", "a,b", "ä und ö", "[x] not first")) {
            String out = value(s);
            assertEquals("k: " + (s.startsWith("[") ? "'" + s + "'" : s) + "\n", out, s);
        }
    }

    @Test
    void severalLinesAreALiteralBlockWithGoYamlsHints() {
        assertEquals("k: |\n  line one\n  line two\n", value("line one\nline two\n"));
        assertEquals("k: |-\n  line one\n  line two\n", value("line one\nline two"));
        assertEquals("k: |+\n  a\n\n", value("a\n\n"));
        assertEquals("k: |2-\n    indented\n  next\n", value("  indented\nnext"));
        assertEquals("k: |-\n  a\n\n  b\n", value("a\n\nb"), "an empty line stays empty");
        assertEquals("k: \"a \\nb\"\n", value("a \nb"), "a space before a line break: no block can keep it");
        assertEquals("k: \"a\\r\\nb\"\n", value("a\r\nb"), "a carriage return would be read as a plain break");
    }

    @Test
    void longValuesFoldAtASpacePastColumnEighty() {
        String message = "0/4 nodes are available: 1 node(s) had untolerated taint {flightdeck.dev/preflight: pending}, "
                + "3 Insufficient nvidia.com/gpu. preemption: 0/4 nodes are available: 4 No preemption victims found.";
        String out = KubectlYaml.render(KubeJson.MAPPER.createObjectNode().set("status",
                KubeJson.MAPPER.createObjectNode().put("message", message)));
        List<String> lines = out.lines().toList();
        assertEquals("status:", lines.get(0));
        assertTrue(lines.get(1).startsWith("  message: '0/4 nodes are available:"), lines.get(1));
        assertTrue(lines.size() > 3, out);
        for (String continuation : lines.subList(2, lines.size())) {
            assertTrue(continuation.startsWith("    ") && !continuation.startsWith("     "), "continued 2 deeper: " + continuation);
        }
        assertTrue(lines.get(1).length() > 80 && lines.get(1).length() < 100, lines.get(1));
        assertEquals(message, readBack(out).at("/status/message").asText());
    }

    @Test
    void keysInGoYamlsNaturalOrder() {
        ObjectNode o = KubeJson.MAPPER.createObjectNode();
        for (String k : List.of("gpu10", "gpu2", "b", "A", "a_b", "ab", "a-b", "a1", "a")) {
            o.put(k, 1);
        }
        assertEquals(List.of("A: 1", "a: 1", "a-b: 1", "a_b: 1", "a1: 1", "ab: 1", "b: 1", "gpu2: 1", "gpu10: 1"),
                KubectlYaml.render(o).lines().toList());
    }

    @Test
    void aRealNodeReadsAsKubectlWritesIt() throws Exception {
        JsonNode node = KubeJson.MAPPER.readTree(Fixtures.capture("node-gpu-degraded.json"));
        String yaml = KubectlYaml.render(node);
        List<String> lines = yaml.lines().toList();
        assertEquals("apiVersion: v1", lines.get(0));
        assertEquals("kind: Node", lines.get(1));
        assertEquals("metadata:", lines.get(2));
        assertEquals("  annotations:", lines.get(3));
        assertEquals("    node.alpha.kubernetes.io/ttl: \"0\"", lines.get(4));
        assertTrue(lines.contains("  creationTimestamp: \"" + node.at("/metadata/creationTimestamp").asText() + "\""), yaml);
        assertTrue(lines.contains("    nvidia.com/gpu: \"8\""), yaml);
        int conditions = lines.indexOf("  conditions:");
        assertTrue(conditions > 0, yaml);
        assertTrue(lines.get(conditions + 1).startsWith("  - lastHeartbeatTime: \""), lines.get(conditions + 1));
        assertTrue(lines.get(conditions + 2).startsWith("    lastTransitionTime: \""), lines.get(conditions + 2));
        assertSameTree(node, yaml);
    }

    @Test
    void listsOfListsEmptiesNullsNumbersAndBooleans() throws Exception {
        JsonNode tree = KubeJson.MAPPER.readTree("""
                {"a":[[1,2],[],{}],"b":{},"c":[],"d":null,"e":true,"f":0.5,"g":2500000.0,"h":100.0,"i":-7,
                 "j":[{"x":{"y":[{"z":"w"}]}}],"k":12345678901234567890}""");
        assertEquals("""
                a:
                - - 1
                  - 2
                - []
                - {}
                b: {}
                c: []
                d: null
                e: true
                f: 0.5
                g: 2.5e+06
                h: 100
                i: -7
                j:
                - x:
                    "y":
                    - z: w
                k: 12345678901234567890
                """, KubectlYaml.render(tree));
    }

    @Test
    void randomHardStringsReadBackUnchanged() throws Exception {
        String alphabet = " \n\t:#-'\"\\|>!&*?,[]{}%@`~=+.0123456789abcxyzYN\u00e4\u0085\u00a0\u2028\r\u0007\ud83d\ude80";
        Random random = new Random(24);
        List<Integer> codePoints = alphabet.codePoints().boxed().toList();
        for (int round = 0; round < 3000; round++) {
            StringBuilder s = new StringBuilder();
            int length = random.nextInt(random.nextInt(10) == 0 ? 200 : 12);
            for (int i = 0; i < length; i++) {
                s.appendCodePoint(codePoints.get(random.nextInt(codePoints.size())));
                if (random.nextInt(6) == 0) {
                    s.append("word ");
                }
            }
            ObjectNode o = KubeJson.MAPPER.createObjectNode();
            o.put(s.toString(), s.toString());
            o.putArray("list").add(s.toString()).addObject().put("nested", s.toString());
            assertSameTree(o, KubectlYaml.render(o));
        }
    }

    /** Both YAML readers read {@code yaml} as {@code expected} (numbers compared by value). */
    static void assertSameTree(JsonNode expected, String yaml) {
        JsonNode jackson = readBack(yaml);
        // A buffer larger than the text: snakeyaml-engine 3.0.1 fails on an emoji split across its 1,024-char buffer.
        Object engine = new Load(LoadSettings.builder().setBufferSize(yaml.length() + 16).build()).loadFromString(yaml);
        JsonNode viaEngine = KubeJson.MAPPER.valueToTree(engine);
        Comparator<JsonNode> numbersByValue = (a, b) -> a.equals(b) ? 0 : a.isNumber() && b.isNumber()
                && a.decimalValue().compareTo(b.decimalValue()) == 0 ? 0 : 1;
        assertTrue(expected.equals(numbersByValue, jackson), () -> "YAML 1.1 reader: " + expected + "\n" + yaml + "\n" + jackson);
        assertTrue(expected.equals(numbersByValue, viaEngine), () -> "YAML 1.2 reader: " + expected + "\n" + yaml + "\n" + viaEngine);
    }

    static JsonNode readBack(String yaml) {
        try {
            return new YAMLMapper().readTree(yaml);
        } catch (Exception e) {
            throw new AssertionError("not YAML: " + e.getMessage() + "\n" + yaml, e);
        }
    }

}
