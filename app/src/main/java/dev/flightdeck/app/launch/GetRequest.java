package dev.flightdeck.app.launch;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * {@code flightdeck get KIND/NAME [-n NS] [-o yaml|json]} (or {@code get KIND NAME}, as kubectl takes it): one object,
 * read-only. KIND is whatever kubectl takes ({@code po}, {@code Node}, {@code jobs.batch}, {@code PyTorchJob}); which
 * resource it names is the cluster's discovery's answer, not the command line's.
 *
 * @param namespace {@code -n}; null to use the context's namespace (else {@code default}) for a namespaced KIND
 */
public record GetRequest(String kind, String name, String namespace, Format format) {

    public enum Format { YAML, JSON }

    /** {@code KIND/NAME} as given, for messages. */
    public String object() {
        return kind + "/" + name;
    }

    /** The words and flags of a {@code get} as the command line parser meets them, checked once all are in. */
    static final class Builder {
        private final List<String> words = new ArrayList<>();
        private String namespace;
        private String output;

        /** KIND/NAME, or KIND then NAME. */
        void word(String w) throws UsageException {
            if (words.size() == 2 || words.size() == 1 && words.getFirst().contains("/")) {
                throw new UsageException("get shows one object: '" + w + "' is one word too many (get KIND/NAME)");
            }
            words.add(w);
        }

        /** Whether the next word still belongs to the object (KIND given alone so far). */
        boolean wantsName() {
            return words.size() == 1 && !words.getFirst().contains("/");
        }

        void namespace(String ns) throws UsageException {
            if (ns.isBlank()) {
                throw new UsageException("-n needs a namespace");
            }
            namespace = ns;
        }

        void output(String o) {
            output = o;
        }

        GetRequest build() throws UsageException {
            if (words.isEmpty() || wantsName()) {
                throw new UsageException("get needs one object: KIND/NAME or KIND NAME, e.g. get node/gpu-node-007 or "
                        + "get po/llm-pretrain-0 -n training");
            }
            String kind;
            String name;
            if (words.size() == 2) {
                kind = words.get(0);
                name = words.get(1);
            } else {
                String w = words.getFirst();
                kind = w.substring(0, w.indexOf('/'));
                name = w.substring(w.indexOf('/') + 1);
            }
            if (kind.isBlank() || name.isBlank() || name.contains("/")) {
                throw new UsageException("get needs KIND/NAME with one slash, e.g. jobs.batch/llm-pretrain, not '"
                        + String.join(" ", words) + "'");
            }
            Format format = switch (output == null ? "yaml" : output.toLowerCase(Locale.ROOT)) {
                case "yaml" -> Format.YAML;
                case "json" -> Format.JSON;
                default -> throw new UsageException("-o takes yaml or json, not '" + output + "'");
            };
            return new GetRequest(kind, name, namespace, format);
        }
    }

    /**
     * kubectl's short flags with their value attached: {@code -ojson}, {@code -o=json}, {@code -ntraining},
     * {@code -n=training} become the flag and its value; anything else is returned as it is.
     */
    static String[] splitShortFlag(String arg) {
        if (arg.length() > 2 && (arg.startsWith("-n") || arg.startsWith("-o")) && arg.charAt(1) != '-') {
            String value = arg.charAt(2) == '=' ? arg.substring(3) : arg.substring(2);
            return new String[]{arg.substring(0, 2), value};
        }
        return new String[]{arg, null};
    }
}
