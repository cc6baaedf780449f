package dev.flightdeck.views.journal;

import java.util.Locale;
import java.util.function.Predicate;

/**
 * The journal screen's filters as one predicate; null or blank means "any".
 *
 * @param context the kubeconfig context, exactly
 * @param action  drain, cordon, preflight, resume, … exactly
 * @param target  {@code node/gpu-node-017} or {@code gang/training/llm-pretrain} (that object),
 *                {@code gang/training} or {@code node} (everything under it), or a bare name
 *                {@code gpu-node-017} (any kind); never a prefix of a name, so {@code gpu-node-01}
 *                does not pull in {@code gpu-node-017}
 * @param search  words that must all appear somewhere in the entry, details included
 */
record JournalFilter(String context, String action, String target, String search) implements Predicate<JournalLine> {

    static final JournalFilter NONE = new JournalFilter(null, null, null, null);

    @Override
    public boolean test(JournalLine line) {
        var e = line.entry();
        if (set(context) && !context.equals(e.context())) {
            return false;
        }
        if (set(action) && !action.equals(e.action())) {
            return false;
        }
        if (set(target) && !targetMatches(target.trim(), e.target())) {
            return false;
        }
        if (set(search)) {
            for (String word : search.toLowerCase(Locale.ROOT).trim().split("\\s+")) {
                if (!line.haystack().contains(word)) {
                    return false;
                }
            }
        }
        return true;
    }

    static boolean targetMatches(String wanted, String target) {
        if (target == null) {
            return false;
        }
        String w = stripSlashes(wanted).toLowerCase(Locale.ROOT);
        String t = target.toLowerCase(Locale.ROOT);
        if (t.equals(w) || t.startsWith(w + "/")) {
            return true;
        }
        return !w.contains("/") && t.substring(t.lastIndexOf('/') + 1).equals(w);
    }

    private static String stripSlashes(String s) {
        int start = 0;
        int end = s.length();
        while (start < end && s.charAt(start) == '/') {
            start++;
        }
        while (end > start && s.charAt(end - 1) == '/') {
            end--;
        }
        return s.substring(start, end);
    }

    private static boolean set(String s) {
        return s != null && !s.isBlank();
    }
}
