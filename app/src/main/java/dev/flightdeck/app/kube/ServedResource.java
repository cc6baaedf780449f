package dev.flightdeck.app.kube;

import java.util.List;
import java.util.Locale;

/**
 * One resource as the server's discovery describes it: the {@link ApiResource} (group, version, plural, kind,
 * scope) and the other names people type for it — the singular and the short names ({@code po}, {@code deploy},
 * {@code cq}) — with the verbs it serves.
 */
public record ServedResource(ApiResource resource, String singular, List<String> shortNames, List<String> verbs) {

    public ServedResource {
        // A server that lists no singular (older ones, some aggregated APIs): kubectl guesses the kind in lower case.
        singular = singular == null || singular.isBlank() ? resource.kind().toLowerCase(Locale.ROOT) : singular;
        shortNames = shortNames == null ? List.of() : List.copyOf(shortNames);
        verbs = verbs == null ? List.of() : List.copyOf(verbs);
    }

    /** Whether {@code lowerCaseName} is its plural, its singular or its kind (all compared in lower case, as kubectl does). */
    boolean calls(String lowerCaseName) {
        return resource.resource().equals(lowerCaseName) || singular.equals(lowerCaseName)
                || resource.kind().toLowerCase(Locale.ROOT).equals(lowerCaseName);
    }

    boolean hasShortName(String lowerCaseName) {
        return shortNames.contains(lowerCaseName);
    }

    /** Every name it answers to, in lower case: for suggesting near matches. */
    List<String> names() {
        List<String> all = new java.util.ArrayList<>(List.of(resource.resource(), singular,
                resource.kind().toLowerCase(Locale.ROOT)));
        all.addAll(shortNames);
        return all.stream().distinct().toList();
    }
}
