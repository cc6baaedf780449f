package dev.flightdeck.app.secrets;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Takes secrets out of free text: a log line, a plan, a shell line in a container's command, a diff, an error
 * message. What it recognises, in order: PEM private keys (also base64-encoded), the exact secrets this process
 * holds ({@link KnownSecrets}), issued token shapes and an AWS secret beside its key id ({@link SecretShapes}),
 * passwords in URLs, {@code Authorization} headers and bearer tokens, and values assigned to a secret name
 * ({@link SecretNames}) as {@code "name": "v"}, {@code NAME=v} (also after {@code export}), {@code --flag=v},
 * {@code --flag v}, {@code name: v}, and a YAML env entry's {@code value:} under its {@code name:}. Each secret
 * becomes {@link #PLACEHOLDER}; the rest of the text is kept as it was, and running it twice changes nothing more.
 */
public final class SecretText {

    public static final String PLACEHOLDER = "<redacted by flightdeck>";

    /** A value: quoted (its quotes kept), or a bare word up to a blank, quote, separator or shell operator. */
    private static final String VALUE = "(\"(?:[^\"\\\\\\n]++|\\\\.)*+\"|'[^'\\n]*+'|[^\\s\"',;&|)}\\]]++)";
    private static final Pattern URL_PASSWORD = Pattern.compile(
            "(?i)\\b([a-z][a-z0-9+.-]*://[^\\s/:@\"'<>]*):([^\\s/@\"'<>]+)@");
    private static final Pattern AUTHORIZATION = Pattern.compile(
            "(?i)\\b((?:proxy-)?authorization\\s*[:=]\\s*(?:(?:bearer|basic|token|digest|negotiate|aws4-hmac-sha256|apikey)\\s+)?)"
                    + "([^\\s\"',]+)");
    private static final Pattern BEARER = Pattern.compile("(?i)\\b(bearer\\s+)([A-Za-z0-9._~+/-]{12,}=*)");
    /** A JSON member up to its string value's opening quote; the value's end is found by {@link #jsonStringEnd}. */
    private static final Pattern JSON_PAIR = Pattern.compile("\"([A-Za-z_][A-Za-z0-9_.\\-/]*)\"\\s*:\\s*\"");
    /** An env entry as JSON on one line: {@code {"name": "HF_TOKEN", "value": "…"}}. */
    private static final Pattern JSON_ENV = Pattern.compile(
            "\"name\"\\s*:\\s*\"([A-Za-z_][A-Za-z0-9_.-]*)\"\\s*,\\s*\"value\"\\s*:\\s*\"");
    private static final Pattern ASSIGNMENT = Pattern.compile(
            "(?<![A-Za-z0-9_.\\-/$])((?:export\\s+)?([A-Za-z_][A-Za-z0-9_.-]*)=)" + VALUE);
    private static final Pattern FLAG = Pattern.compile("(?<![A-Za-z0-9_-])((--?[A-Za-z][A-Za-z0-9_.-]*)(?:=|[ \\t]+))" + VALUE);
    private static final Pattern YAML_PAIR = Pattern.compile("(?m)^([-+ ]?[ \\t]*(?:-[ \\t]+)?([A-Za-z_][A-Za-z0-9_.\\-/]*)"
            + "[ \\t]*:[ \\t]+)(\"(?:[^\"\\\\\\n]++|\\\\.)*+\"|'[^'\\n]*+'|[^\\s#][^\\n#]*?)[ \\t]*$");
    private static final Pattern HEADER = Pattern.compile(
            "(?i)(?<![A-Za-z0-9-])((x-[a-z0-9-]*|private-token|cookie|set-cookie|api-key|apikey)\\s*:\\s*)([^\\s\"',]+)");
    /** A YAML env entry over two lines: {@code - name: HF_TOKEN} then {@code value: …} (also in a diff). */
    private static final Pattern YAML_NAME = Pattern.compile("^[-+ ]?\\s*-\\s+name:\\s+\"?([A-Za-z_][A-Za-z0-9_.-]*)\"?\\s*$");
    private static final Pattern YAML_VALUE = Pattern.compile("^([-+ ]?\\s+value:\\s+)(\\S.*?)\\s*$");
    private static final Set<String> NOT_SECRETS = Set.of("true", "false", "null", "~", "yes", "no", "\"\"", "''");

    private SecretText() {
    }

    /** {@code text} with every secret it holds replaced by {@link #PLACEHOLDER}; null stays null. */
    public static String redact(String text) {
        if (text == null || text.isEmpty()) {
            return text;
        }
        String out = SecretShapes.PEM_PRIVATE_KEY.matcher(text).replaceAll(Matcher.quoteReplacement(PLACEHOLDER));
        out = SecretShapes.replaceEncodedKeys(out, PLACEHOLDER);
        out = KnownSecrets.replaceIn(out, PLACEHOLDER);
        out = SecretShapes.TOKEN.matcher(out).replaceAll(Matcher.quoteReplacement(PLACEHOLDER));
        if (SecretShapes.hasAwsKeyId(text)) {
            out = SecretShapes.AWS_SECRET.matcher(out).replaceAll(Matcher.quoteReplacement(PLACEHOLDER));
        }
        out = replaceValue(out, URL_PASSWORD, 2, m -> true);
        out = replaceValue(out, AUTHORIZATION, 2, m -> true);
        out = replaceValue(out, BEARER, 2, m -> true);
        out = replaceValue(out, HEADER, 3, m -> m.group(2).toLowerCase(java.util.Locale.ROOT).startsWith("x-")
                ? SecretNames.secret(m.group(2)) : true);
        out = replaceJsonStrings(out, JSON_PAIR);
        out = replaceJsonStrings(out, JSON_ENV);
        out = replaceValue(out, ASSIGNMENT, 3, m -> SecretNames.secret(m.group(2)));
        out = replaceValue(out, FLAG, 3, m -> SecretNames.secretFlag(m.group(2)) && !m.group(3).startsWith("-"));
        out = replaceValue(out, YAML_PAIR, 3, m -> SecretNames.secret(m.group(2).substring(m.group(2).lastIndexOf('/') + 1)));
        return yamlEnvValues(out);
    }

    /** Every line redacted, as {@link #redact} does for one text. */
    public static List<String> redact(List<String> lines) {
        List<String> out = new ArrayList<>(lines.size());
        String joined = String.join("\n", lines);
        String redacted = redact(joined);
        if (redacted.equals(joined)) {
            return List.copyOf(lines);
        }
        out.addAll(List.of(redacted.split("\n", -1)));
        return List.copyOf(out);
    }

    /** Whether {@code text} holds anything {@link #redact} would take out. */
    public static boolean holdsSecret(String text) {
        return text != null && !redact(text).equals(text);
    }

    /**
     * Replaces group {@code value} of each match for which {@code secret} holds; a value that already is (or
     * starts with) the placeholder, and a plain boolean or null, is left alone.
     */
    private static String replaceValue(String text, Pattern p, int value, Predicate<Matcher> secret) {
        Matcher m = p.matcher(text);
        if (!m.find()) {
            return text;
        }
        StringBuilder out = new StringBuilder(text.length());
        int last = 0;
        do {
            String v = m.group(value);
            String bare = unquote(v);
            if (!bare.isEmpty() && !bare.startsWith(PLACEHOLDER) && !startsWithinPlaceholder(text, m.start(value))
                    && !NOT_SECRETS.contains(bare.toLowerCase(java.util.Locale.ROOT)) && secret.test(m)) {
                out.append(text, last, m.start(value)).append(quoted(v, PLACEHOLDER));
                last = m.end(value);
            }
        } while (m.find());
        return out.append(text, last, text.length()).toString();
    }

    /**
     * JSON string values after {@code prefix} (which ends at the value's opening quote and names the member in its
     * group 1), replaced when the name is secret. The value's end is found by scanning, not by a regex, so a long
     * string full of escapes (kubectl's last-applied-configuration) costs no recursion.
     */
    private static String replaceJsonStrings(String text, Pattern prefix) {
        Matcher m = prefix.matcher(text);
        StringBuilder out = null;
        int last = 0;
        int from = 0;
        while (m.find(from)) {
            int start = m.end();
            int end = jsonStringEnd(text, start);
            if (end < 0) {
                break;
            }
            String v = text.substring(start, end);
            from = end + 1;
            if (SecretNames.secret(m.group(1)) && !v.isEmpty() && !v.startsWith(PLACEHOLDER)
                    && !NOT_SECRETS.contains(v.toLowerCase(java.util.Locale.ROOT))) {
                out = out == null ? new StringBuilder(text.length()) : out;
                out.append(text, last, start).append(PLACEHOLDER);
                last = end;
            }
        }
        return out == null ? text : out.append(text, last, text.length()).toString();
    }

    /** The index of the quote that ends the JSON string starting at {@code from}, or -1. */
    private static int jsonStringEnd(String text, int from) {
        for (int i = from; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\\') {
                i++;
            } else if (c == '"') {
                return i;
            }
        }
        return -1;
    }

    /** Whether position {@code at} lies inside a placeholder already in the text ("<redacted by flightdeck>"). */
    private static boolean startsWithinPlaceholder(String text, int at) {
        int open = text.lastIndexOf('<', at);
        return open >= 0 && text.startsWith(PLACEHOLDER, open) && at < open + PLACEHOLDER.length();
    }

    private static String unquote(String v) {
        if (v.length() >= 2 && (v.startsWith("\"") && v.endsWith("\"") || v.startsWith("'") && v.endsWith("'"))) {
            return v.substring(1, v.length() - 1);
        }
        return v;
    }

    private static String quoted(String original, String replacement) {
        if (original.length() >= 2 && original.startsWith("\"") && original.endsWith("\"")) {
            return "\"" + replacement + "\"";
        }
        if (original.length() >= 2 && original.startsWith("'") && original.endsWith("'")) {
            return "'" + replacement + "'";
        }
        return replacement;
    }

    private static String yamlEnvValues(String text) {
        if (!text.contains("value:")) {
            return text;
        }
        String[] lines = text.split("\n", -1);
        String secretName = null;
        boolean changed = false;
        for (int i = 0; i < lines.length; i++) {
            Matcher name = YAML_NAME.matcher(lines[i]);
            if (name.matches()) {
                secretName = SecretNames.secret(name.group(1)) ? name.group(1) : null;
                continue;
            }
            Matcher value = YAML_VALUE.matcher(lines[i]);
            if (secretName != null && value.matches() && !unquote(value.group(2)).startsWith(PLACEHOLDER)) {
                lines[i] = value.group(1) + quoted(value.group(2), PLACEHOLDER);
                changed = true;
            }
            if (!lines[i].isBlank() && !lines[i].trim().startsWith("- name:")) {
                secretName = value.matches() ? null : secretName;
            }
        }
        return changed ? String.join("\n", lines) : text;
    }
}
