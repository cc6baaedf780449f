package dev.flightdeck.app.kube;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The resources one cluster serves, read from its discovery ({@link DiscoveryReader}), in kubectl's order of
 * preference: the core group first, then the named groups in the order the server lists them, each group's
 * preferred version before its others. Answers what a typed name means the way {@code kubectl get} does
 * ({@code po}, {@code Node}, {@code jobs.batch}, {@code jobs.v1.batch}, {@code PyTorchJob}, {@code cq}), and which
 * resource an object's apiVersion and kind are. A snapshot: a CRD installed later is in the next one.
 */
public final class ApiResources {

    private final List<ServedResource> ordered;
    private final List<String> notRead;
    private final Instant readAt;

    /**
     * @param ordered every resource, most preferred first
     * @param notRead group versions the server listed but did not describe, with why ({@code metrics.k8s.io/v1beta1
     *                (HTTP 503)}): what they serve is unknown here, so "no such resource" may be wrong for them
     */
    public ApiResources(List<ServedResource> ordered, List<String> notRead, Instant readAt) {
        this.ordered = List.copyOf(ordered);
        this.notRead = List.copyOf(notRead);
        this.readAt = readAt;
    }

    /** Group versions listed but not read, with why; empty when discovery was whole. */
    public List<String> notRead() {
        return notRead;
    }

    /** Every resource, most preferred first (subresources are not resources here). */
    public List<ServedResource> all() {
        return ordered;
    }

    /** When the server was asked. */
    public Instant readAt() {
        return readAt;
    }

    /**
     * What {@code typed} names, as kubectl resolves it: {@code NAME}, {@code NAME.GROUP} or {@code NAME.VERSION.GROUP}
     * ({@code secrets.v1.} for the core group), where NAME is a plural, singular or kind in any case; then, when no
     * resource is called so, a short name. The first match in order of preference wins ({@code events} is the core
     * group's, not events.k8s.io's, as with kubectl).
     */
    public Optional<ServedResource> find(String typed) {
        String lower = typed.strip().toLowerCase(Locale.ROOT);
        int dot = lower.indexOf('.');
        String name = dot < 0 ? lower : lower.substring(0, dot);
        if (name.isEmpty()) {
            return Optional.empty();
        }
        if (dot >= 0) {
            String rest = lower.substring(dot + 1);
            int second = rest.indexOf('.');
            if (second >= 0) {
                // NAME.VERSION.GROUP is tried first, as kubectl does; "pytorchjobs.kubeflow.org" then falls to NAME.GROUP.
                Optional<ServedResource> exact = first(name, rest.substring(second + 1), rest.substring(0, second));
                if (exact.isPresent()) {
                    return exact;
                }
            }
            return first(name, rest, null);
        }
        return first(name, null, null);
    }

    /** The resource of objects of {@code apiVersion} and {@code kind} (an owner reference, an Event's object). */
    public Optional<ServedResource> forKind(String apiVersion, String kind) {
        int slash = apiVersion.indexOf('/');
        String group = slash < 0 ? "" : apiVersion.substring(0, slash);
        String version = apiVersion.substring(slash + 1);
        Optional<ServedResource> exact = ordered.stream().filter(r -> r.resource().group().equals(group)
                && r.resource().version().equals(version) && r.resource().kind().equals(kind)).findFirst();
        // The version the reference names may be gone (v1beta1 → v1): the same kind of the same group is that object.
        return exact.isPresent() ? exact : ordered.stream().filter(r -> r.resource().group().equals(group)
                && r.resource().kind().equals(kind)).findFirst();
    }

    /**
     * Names the server does serve that are close to {@code typed} (a typo, a missing letter, a part of the name),
     * qualified the way kubectl would accept them ({@code pytorchjobs.kubeflow.org}), closest first; at most {@code max}.
     */
    public List<String> nearMatches(String typed, int max) {
        String lower = typed.strip().toLowerCase(Locale.ROOT);
        String name = lower.contains(".") ? lower.substring(0, lower.indexOf('.')) : lower;
        record Near(String qualified, int distance, int rank) {
        }
        List<Near> near = new ArrayList<>();
        for (int i = 0; i < ordered.size(); i++) {
            ServedResource r = ordered.get(i);
            int best = Integer.MAX_VALUE;
            for (String n : r.names()) {
                int d = NearNames.distance(name, n);
                if (name.length() >= 3 && (n.startsWith(name) || n.contains(name) || name.contains(n) && n.length() >= 3)) {
                    d = Math.min(d, 1);
                }
                best = Math.min(best, d);
            }
            if (best <= Math.max(1, name.length() / 3)) {
                near.add(new Near(r.resource().qualifiedName(), best, i));
            }
        }
        return near.stream().sorted(Comparator.comparingInt(Near::distance).thenComparingInt(Near::rank))
                .map(Near::qualified).distinct().limit(max).toList();
    }

    private Optional<ServedResource> first(String name, String group, String version) {
        List<ServedResource> inScope = ordered.stream()
                .filter(r -> group == null || r.resource().group().equals(group))
                .filter(r -> version == null || r.resource().version().equals(version)).toList();
        Optional<ServedResource> called = inScope.stream().filter(r -> r.calls(name)).findFirst();
        return called.isPresent() ? called : inScope.stream().filter(r -> r.hasShortName(name)).findFirst();
    }
}
