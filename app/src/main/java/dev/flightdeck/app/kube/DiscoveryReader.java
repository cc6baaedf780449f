package dev.flightdeck.app.kube;

import dev.flightdeck.app.kube.DiscoveryDocuments.AggregatedGroup;
import dev.flightdeck.app.kube.DiscoveryDocuments.AggregatedList;
import dev.flightdeck.app.kube.DiscoveryDocuments.AggregatedResource;
import dev.flightdeck.app.kube.DiscoveryDocuments.AggregatedVersion;
import dev.flightdeck.app.kube.DiscoveryDocuments.CoreVersions;
import dev.flightdeck.app.kube.DiscoveryDocuments.Group;
import dev.flightdeck.app.kube.DiscoveryDocuments.GroupList;
import dev.flightdeck.app.kube.DiscoveryDocuments.GroupVersion;
import dev.flightdeck.app.kube.DiscoveryDocuments.ResourceList;

import java.io.IOException;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads which resources a cluster serves, as kubectl does. It asks {@code /api} and {@code /apis} for aggregated
 * discovery first — two requests for the whole cluster, where the plain form takes one more per group version
 * (30 to 60 on a real cluster with operators) — and falls back to the plain form when the server answers with it
 * (servers before 1.26, aggregated discovery switched off), reusing that answer. A group version that does not answer (an aggregated API that is
 * down: 503) is left out and named in {@link ApiResources#notRead()}, as kubectl warns and goes on.
 */
public final class DiscoveryReader {

    /** Aggregated discovery, v2 (GA in 1.30) then v2beta1 (1.26–1.32), else the plain documents. */
    static final String ACCEPT = "application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList,"
            + "application/json;g=apidiscovery.k8s.io;v=v2beta1;as=APIGroupDiscoveryList,application/json";
    private static final String AGGREGATED = "APIGroupDiscoveryList";

    /** One discovery request; {@link KubeRest#discover} on a live connection, captured answers in tests. */
    @FunctionalInterface
    public interface Source {
        KubeRest.Answer get(DiscoveryPath path) throws IOException;
    }

    private final Source source;
    private final Clock clock;

    public DiscoveryReader(Source source, Clock clock) {
        this.source = source;
        this.clock = clock;
    }

    /** Over a live connection. */
    public static DiscoveryReader of(KubeRest rest) {
        return new DiscoveryReader(path -> rest.discover(path, ACCEPT), Clock.systemUTC());
    }

    /** The cluster's resources now; throws only when the core group itself cannot be read. */
    public ApiResources read() throws IOException {
        List<ServedResource> out = new ArrayList<>();
        List<String> notRead = new ArrayList<>();
        readGroups(DiscoveryPath.CORE, out, notRead);
        readGroups(DiscoveryPath.GROUPS, out, notRead);
        return new ApiResources(out, List.copyOf(notRead), clock.instant());
    }

    /** {@code /api} or {@code /apis}, in whichever form the server answered. */
    private void readGroups(DiscoveryPath groups, List<ServedResource> out, List<String> notRead) throws IOException {
        KubeRest.Answer a = source.get(groups);
        if (!a.ok()) {
            if (groups == DiscoveryPath.GROUPS && a.code() == 404) {
                return; // a server with the core group only
            }
            throw new IOException("discovery " + groups + ": " + a.message());
        }
        if (AGGREGATED.equals(a.as(DiscoveryDocuments.Kind.class).kind())) {
            for (AggregatedGroup g : a.as(AggregatedList.class).items()) {
                for (AggregatedVersion v : g.versions()) {
                    if ("Stale".equals(v.freshness())) {
                        notRead.add(groupVersion(g.name(), v.version()) + " (stale)");
                    }
                    v.resources().forEach(r -> out.add(aggregated(g.name(), v.version(), r)));
                }
            }
        } else if (groups == DiscoveryPath.CORE) {
            for (String v : a.as(CoreVersions.class).versions()) {
                readVersion("", v, out, notRead);
            }
        } else {
            for (Group g : a.as(GroupList.class).groups()) {
                for (GroupVersion v : preferredFirst(g)) {
                    readVersion(g.name(), v.version(), out, notRead);
                }
            }
        }
    }

    private void readVersion(String group, String version, List<ServedResource> out, List<String> notRead)
            throws IOException {
        KubeRest.Answer a = source.get(DiscoveryPath.resources(group, version));
        if (!a.ok()) {
            // 404 right after a CRD is created (listed a moment before it is served); 503 an aggregated API down.
            notRead.add(groupVersion(group, version) + " (" + a.message() + ")");
            return;
        }
        for (DiscoveryDocuments.Resource r : a.as(ResourceList.class).resources()) {
            if (r.name() != null && !r.name().contains("/") && r.kind() != null) {
                out.add(new ServedResource(new ApiResource(group, version, r.name(), r.kind(), r.namespaced()),
                        r.singularName(), r.shortNames(), r.verbs()));
            }
        }
    }

    private static ServedResource aggregated(String group, String version, AggregatedResource r) {
        // responseKind names the kind; its group and version are empty for a resource's own kind.
        String kind = r.responseKind() == null ? "" : r.responseKind().kind();
        return new ServedResource(new ApiResource(group, version, r.resource(), kind, "Namespaced".equals(r.scope())),
                r.singularResource(), r.shortNames(), r.verbs());
    }

    private static List<GroupVersion> preferredFirst(Group g) {
        List<GroupVersion> versions = new ArrayList<>(g.versions());
        if (g.preferredVersion() != null) {
            versions.removeIf(v -> v.version().equals(g.preferredVersion().version()));
            versions.addFirst(g.preferredVersion());
        }
        return versions;
    }

    private static String groupVersion(String group, String version) {
        return group.isEmpty() ? version : group + "/" + version;
    }
}
