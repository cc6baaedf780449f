package dev.flightdeck.app.kube;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;

/**
 * A discovery request path, made from its parts: {@code /api} and {@code /apis} (the group lists), {@code /api/v1}
 * (the core group's resources) and {@code /apis/GROUP/VERSION} (one group version's). Discovery names no resource,
 * so it is not an {@link ApiPath}.
 *
 * @param group   null for a group list; "" for the core group
 * @param version null for a group list
 */
public record DiscoveryPath(String group, String version) {

    /** {@code /api}: the core group's versions (aggregated: its resources too). */
    public static final DiscoveryPath CORE = new DiscoveryPath("", null);
    /** {@code /apis}: the named groups and their versions (aggregated: their resources too). */
    public static final DiscoveryPath GROUPS = new DiscoveryPath(null, null);

    /** The resources of one group version: {@code ("", "v1")} is {@code /api/v1}. */
    public static DiscoveryPath resources(String group, String version) {
        if (group == null || version == null || version.isBlank()) {
            throw new IllegalArgumentException("a group version needs a group (\"\" for core) and a version");
        }
        return new DiscoveryPath(group, version);
    }

    @Override
    public String toString() {
        if (group == null) {
            return "/apis";
        }
        if (group.isEmpty()) {
            return version == null ? "/api" : "/api/" + segment(version);
        }
        return "/apis/" + segment(group) + "/" + segment(version);
    }

    private static String segment(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8).replace("+", "%20");
    }
}
