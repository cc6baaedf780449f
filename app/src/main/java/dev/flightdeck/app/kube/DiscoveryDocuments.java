package dev.flightdeck.app.kube;

import java.util.List;

/**
 * The discovery answers as the server writes them, read as records (fields not named here are skipped): the plain
 * documents every server gives ({@code APIVersions}, {@code APIGroupList}, {@code APIResourceList}) and the
 * aggregated one of kube-apiserver 1.26+ ({@code APIGroupDiscoveryList}: every group, version and resource in one
 * answer). Lists are never null.
 */
public final class DiscoveryDocuments {

    private DiscoveryDocuments() {
    }

    /** What any discovery answer is, to tell the aggregated form from the plain one. */
    public record Kind(String kind) {
    }

    /** {@code GET /api}, plain: the core group's versions. */
    public record CoreVersions(List<String> versions) {
        public CoreVersions {
            versions = versions == null ? List.of() : versions;
        }
    }

    /** {@code GET /apis}, plain: each group with its versions and the one the server prefers. */
    public record GroupList(List<Group> groups) {
        public GroupList {
            groups = groups == null ? List.of() : groups;
        }
    }

    public record Group(String name, List<GroupVersion> versions, GroupVersion preferredVersion) {
        public Group {
            versions = versions == null ? List.of() : versions;
        }
    }

    public record GroupVersion(String groupVersion, String version) {
    }

    /** {@code GET /api/v1} or {@code /apis/G/V}, plain: that group version's resources and subresources. */
    public record ResourceList(String groupVersion, List<Resource> resources) {
        public ResourceList {
            resources = resources == null ? List.of() : resources;
        }
    }

    /**
     * A resource of a plain list; a subresource's name has a slash ({@code pods/log}). {@code group} and
     * {@code version} are given only where they differ from the list's own ({@code pods/eviction} is policy/v1's).
     */
    public record Resource(String name, String singularName, boolean namespaced, String kind, List<String> verbs,
                           List<String> shortNames, String group, String version) {
    }

    /** {@code GET /api} or {@code /apis} asked for {@code as=APIGroupDiscoveryList}: everything at once. */
    public record AggregatedList(List<AggregatedGroup> items) {
        public AggregatedList {
            items = items == null ? List.of() : items;
        }
    }

    /** A group (no name for the core group), its versions most preferred first. */
    public record AggregatedGroup(Meta metadata, List<AggregatedVersion> versions) {
        public AggregatedGroup {
            versions = versions == null ? List.of() : versions;
        }

        public String name() {
            return metadata == null || metadata.name() == null ? "" : metadata.name();
        }
    }

    public record Meta(String name) {
    }

    /** {@code freshness} is {@code Stale} when the server could not refresh this version (an aggregated API down). */
    public record AggregatedVersion(String version, List<AggregatedResource> resources, String freshness) {
        public AggregatedVersion {
            resources = resources == null ? List.of() : resources;
        }
    }

    /** {@code scope} is {@code Namespaced} or {@code Cluster}; the kind is in {@code responseKind}. */
    public record AggregatedResource(String resource, ResponseKind responseKind, String scope, String singularResource,
                                     List<String> shortNames, List<String> verbs) {
    }

    public record ResponseKind(String group, String version, String kind) {
    }
}
