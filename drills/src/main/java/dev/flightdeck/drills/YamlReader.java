package dev.flightdeck.drills;

import org.snakeyaml.engine.v2.api.LoadSettings;
import org.snakeyaml.engine.v2.api.lowlevel.Compose;
import org.snakeyaml.engine.v2.exceptions.Mark;
import org.snakeyaml.engine.v2.exceptions.MarkedYamlEngineException;
import org.snakeyaml.engine.v2.exceptions.YamlEngineException;
import org.snakeyaml.engine.v2.nodes.MappingNode;
import org.snakeyaml.engine.v2.nodes.Node;
import org.snakeyaml.engine.v2.nodes.NodeTuple;
import org.snakeyaml.engine.v2.nodes.ScalarNode;
import org.snakeyaml.engine.v2.nodes.SequenceNode;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Typed reads from a YAML document that keep where every value is, so each refusal says
 * file, line and column. Only what scenario files use: mappings with known keys, lists,
 * strings, whole numbers, durations ({@code 90s}, {@code 15m}, {@code 2h}).
 */
final class YamlReader {

    private static final Pattern DURATION = Pattern.compile("(\\d+)\\s*(s|m|h)");

    private final String file;

    YamlReader(String file) {
        this.file = file;
    }

    Node root(String yaml) throws ScenarioError {
        try {
            Optional<Node> root = new Compose(LoadSettings.builder().setLabel(file).build()).composeString(yaml);
            if (root.isEmpty()) {
                throw new ScenarioError(file, 1, 1, "the file is empty");
            }
            return root.get();
        } catch (MarkedYamlEngineException e) {
            Mark m = e.getProblemMark().or(e::getContextMark).orElse(null);
            throw new ScenarioError(file, m == null ? 1 : m.getLine() + 1, m == null ? 1 : m.getColumn() + 1,
                    "not valid YAML: " + e.getProblem());
        } catch (YamlEngineException e) {
            throw new ScenarioError(file, 1, 1, "not valid YAML: " + e.getMessage());
        }
    }

    ScenarioError error(Node at, String problem) {
        Mark m = at.getStartMark().orElse(null);
        return new ScenarioError(file, m == null ? 1 : m.getLine() + 1, m == null ? 1 : m.getColumn() + 1, problem);
    }

    /** The mapping's entries by key; a key outside {@code allowed} is refused by name. */
    Map<String, Node> mapping(Node node, String what, List<String> allowed) throws ScenarioError {
        if (!(node instanceof MappingNode m)) {
            throw error(node, what + " must be a mapping of " + allowed);
        }
        Map<String, Node> out = new LinkedHashMap<>();
        for (NodeTuple t : m.getValue()) {
            String key = scalar(t.getKeyNode(), "a key in " + what);
            if (!allowed.contains(key)) {
                throw error(t.getKeyNode(), "unknown key '" + key + "' in " + what + "; known keys: " + allowed);
            }
            if (out.put(key, t.getValueNode()) != null) {
                throw error(t.getKeyNode(), "'" + key + "' appears twice in " + what);
            }
        }
        return out;
    }

    Node required(Map<String, Node> map, Node parent, String key, String what) throws ScenarioError {
        Node n = map.get(key);
        if (n == null) {
            throw error(parent, what + " needs '" + key + "'");
        }
        return n;
    }

    List<Node> sequence(Node node, String what) throws ScenarioError {
        if (!(node instanceof SequenceNode s)) {
            throw error(node, what + " must be a list");
        }
        return new ArrayList<>(s.getValue());
    }

    String scalar(Node node, String what) throws ScenarioError {
        if (!(node instanceof ScalarNode s)) {
            throw error(node, what + " must be a single value");
        }
        return s.getValue();
    }

    String text(Node node, String what) throws ScenarioError {
        String s = scalar(node, what).strip();
        if (s.isEmpty()) {
            throw error(node, what + " must not be empty");
        }
        return s;
    }

    int whole(Node node, String what, int min, int max) throws ScenarioError {
        String s = scalar(node, what).strip();
        try {
            int v = Integer.parseInt(s);
            if (v < min || v > max) {
                throw error(node, what + " must be between " + min + " and " + max + ", not " + v);
            }
            return v;
        } catch (NumberFormatException e) {
            throw error(node, what + " must be a whole number, not '" + s + "'");
        }
    }

    /** {@code 90s}, {@code 15m}, {@code 2h}, or combinations like {@code 1h30m}. */
    Duration duration(Node node, String what) throws ScenarioError {
        String s = scalar(node, what).strip().toLowerCase(Locale.ROOT);
        Matcher m = DURATION.matcher(s);
        Duration d = Duration.ZERO;
        int end = 0;
        while (m.find() && m.start() == end) {
            long n = Long.parseLong(m.group(1));
            d = d.plus(switch (m.group(2)) {
                case "s" -> Duration.ofSeconds(n);
                case "m" -> Duration.ofMinutes(n);
                default -> Duration.ofHours(n);
            });
            end = m.end();
        }
        if (end == 0 || end != s.length()) {
            throw error(node, what + " must be a duration like 90s, 15m or 1h30m, not '" + s + "'");
        }
        return d;
    }

    /** One of {@code values}, written in lower case with dashes ({@code rank-crash}). */
    <E extends Enum<E>> E word(Node node, String what, Class<E> type) throws ScenarioError {
        String s = scalar(node, what).strip();
        for (E e : type.getEnumConstants()) {
            if (e.name().toLowerCase(Locale.ROOT).replace('_', '-').equals(s)) {
                return e;
            }
        }
        List<String> known = new ArrayList<>();
        for (E e : type.getEnumConstants()) {
            known.add(e.name().toLowerCase(Locale.ROOT).replace('_', '-'));
        }
        throw error(node, "unknown " + what + " '" + s + "'; known: " + known);
    }
}
