package dev.flightdeck.app.telemetry.prometheus;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads an instant query's answer as it streams past, without a tree of it:
 * <pre>{"status":"success","data":{"resultType":"vector","result":[{"metric":{"gpu":"0"},"value":[1.7e9,"42"]}]}}</pre>
 * or {@code {"status":"error","errorType":"bad_data","error":"…"}}. A whole fleet's answer is tens of MB; a tree of
 * it would be several times that on the heap. Label strings repeat across series (model, namespace) and are shared.
 */
final class VectorAnswer {

    private static final JsonFactory JSON = new JsonFactory();

    private VectorAnswer() {
    }

    /**
     * @throws PrometheusQueryError the answer is Prometheus's error
     * @throws IOException          the answer is not a Prometheus API answer, or not a vector
     */
    static List<PromSample> read(byte[] body) throws IOException, PrometheusQueryError {
        String status = null;
        String errorType = null;
        String error = null;
        String resultType = null;
        List<PromSample> samples = null;
        try (JsonParser p = JSON.createParser(body)) {
            if (p.nextToken() != JsonToken.START_OBJECT) {
                throw new IOException("not a Prometheus API answer");
            }
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String field = p.currentName();
                p.nextToken();
                switch (field) {
                    case "status" -> status = p.getValueAsString();
                    case "errorType" -> errorType = p.getValueAsString();
                    case "error" -> error = p.getValueAsString();
                    case "data" -> {
                        if (p.currentToken() != JsonToken.START_OBJECT) {
                            p.skipChildren();
                            continue;
                        }
                        while (p.nextToken() == JsonToken.FIELD_NAME) {
                            String f = p.currentName();
                            p.nextToken();
                            if (f.equals("resultType")) {
                                resultType = p.getValueAsString();
                            } else if (f.equals("result") && p.currentToken() == JsonToken.START_ARRAY) {
                                samples = results(p);
                            } else {
                                p.skipChildren();
                            }
                        }
                    }
                    default -> p.skipChildren(); // warnings, infos
                }
            }
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IOException("not a Prometheus API answer (" + e.getOriginalMessage() + ")", e);
        }
        if ("error".equals(status)) {
            throw new PrometheusQueryError(errorType == null ? "error" : errorType, error);
        }
        if (!"success".equals(status)) {
            throw new IOException("not a Prometheus API answer (no \"status\")");
        }
        if (!"vector".equals(resultType)) {
            throw new IOException("the answer is a " + resultType + ", not an instant vector");
        }
        return samples == null ? List.of() : samples;
    }

    private static List<PromSample> results(JsonParser p) throws IOException {
        List<PromSample> out = new ArrayList<>();
        Map<String, String> interned = new HashMap<>();
        while (p.nextToken() == JsonToken.START_OBJECT) {
            Map<String, String> labels = new HashMap<>();
            double value = Double.NaN;
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String f = p.currentName();
                JsonToken t = p.nextToken();
                if (f.equals("metric") && t == JsonToken.START_OBJECT) {
                    while (p.nextToken() == JsonToken.FIELD_NAME) {
                        String k = interned.computeIfAbsent(p.currentName(), s -> s);
                        p.nextToken();
                        labels.put(k, interned.computeIfAbsent(p.getValueAsString(), s -> s));
                    }
                } else if (f.equals("value") && t == JsonToken.START_ARRAY) {
                    p.nextToken(); // the time
                    p.nextToken(); // the value, a string: "42", "NaN", "+Inf"
                    value = number(p.getValueAsString());
                    p.nextToken(); // END_ARRAY
                } else {
                    p.skipChildren();
                }
            }
            out.add(new PromSample(labels, value));
        }
        return out;
    }

    private static double number(String s) {
        if (s == null) {
            return Double.NaN;
        }
        return switch (s) {
            case "+Inf", "Inf" -> Double.POSITIVE_INFINITY;
            case "-Inf" -> Double.NEGATIVE_INFINITY;
            default -> {
                try {
                    yield Double.parseDouble(s);
                } catch (NumberFormatException e) {
                    yield Double.NaN;
                }
            }
        };
    }
}
