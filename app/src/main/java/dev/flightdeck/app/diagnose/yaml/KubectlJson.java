package dev.flightdeck.app.diagnose.yaml;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.core.util.Separators;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.flightdeck.app.watch.KubeJson;

import java.util.ArrayList;
import java.util.List;

/**
 * A JSON tree written as {@code kubectl get -o json} writes it: keys sorted (kubectl reads objects as maps, and Go's
 * encoder sorts map keys by their bytes), four spaces per level, {@code "key": value}. Unlike Go's encoder it does
 * not escape {@code <}, {@code >} and {@code &} as {@code \u003c}…: the text is for reading, not for a web page.
 */
public final class KubectlJson {

    private static final ObjectWriter WRITER = KubeJson.MAPPER.writer(new DefaultPrettyPrinter()
            .withObjectIndenter(new DefaultIndenter("    ", "\n"))
            .withArrayIndenter(new DefaultIndenter("    ", "\n"))
            .withSeparators(Separators.createDefaultInstance()
                    .withObjectFieldValueSpacing(Separators.Spacing.AFTER)
                    .withObjectEmptySeparator("").withArrayEmptySeparator("")));

    private KubectlJson() {
    }

    public static String render(JsonNode node) {
        try {
            return WRITER.writeValueAsString(sorted(node)) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a JSON tree always writes as JSON", e);
        }
    }

    private static JsonNode sorted(JsonNode node) {
        if (node instanceof ObjectNode o) {
            List<String> keys = new ArrayList<>();
            o.fieldNames().forEachRemaining(keys::add);
            keys.sort(String::compareTo); // UTF-16 order is byte order for the ASCII keys Kubernetes uses
            ObjectNode out = KubeJson.MAPPER.createObjectNode();
            keys.forEach(k -> out.set(k, sorted(o.get(k))));
            return out;
        }
        if (node instanceof ArrayNode a) {
            ArrayNode out = KubeJson.MAPPER.createArrayNode();
            a.forEach(item -> out.add(sorted(item)));
            return out;
        }
        return node;
    }
}
