package dev.flightdeck.sandbox;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Which form of {@code /api} and {@code /apis} a request's {@code Accept} header asks for, negotiated as
 * kube-apiserver 1.32's discovery wrapper negotiates it: the media ranges by {@code q}, the specific before wildcards,
 * else as written, and the first asking the conversion {@code g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList}
 * (or {@code v=v2beta1}) gets the aggregated form in that version. Only such ranges count: the wrapper accepts no
 * other, so {@code application/json} written first, or weighing more, still gets the aggregated form when an
 * aggregated range follows (seen on the real server: {@code DiscoveryConformanceTest}). No such range: the plain form.
 * The sandbox writes JSON only, so a protobuf or YAML range is passed over (the real server would answer in it) and a
 * client that lists a JSON one after it gets JSON.
 */
final class DiscoveryAccept {

    static final String GROUP = "apidiscovery.k8s.io";
    static final String KIND = "APIGroupDiscoveryList";
    private static final List<String> VERSIONS = List.of("v2", "v2beta1");

    /** One media range of the header, its parameters ({@code q} apart) in a map. */
    private record Range(String type, String subType, double q, Map<String, String> params) {

        boolean json() {
            return (type.equals("application") || type.equals("*")) && (subType.equals("json") || subType.equals("*"));
        }
    }

    /** {@code "v2"} or {@code "v2beta1"} for the aggregated form, null for the plain one. */
    static String aggregatedVersion(String accept) {
        if (accept == null || accept.isBlank()) {
            return null;
        }
        for (Range r : ranges(accept)) {
            if (!r.json()) {
                continue;
            }
            String v = r.params().get("v");
            if (GROUP.equals(r.params().get("g")) && KIND.equals(r.params().get("as")) && VERSIONS.contains(v)) {
                return v;
            }
        }
        return null;
    }

    /** The header's media ranges in the order the server considers them (a stable sort keeps the written order). */
    private static List<Range> ranges(String accept) {
        List<Range> out = new ArrayList<>();
        for (String part : accept.split(",")) {
            String[] pieces = part.split(";");
            String[] mediaType = pieces[0].strip().split("/", -1);
            String type = mediaType[0].strip();
            String subType;
            if (mediaType.length == 2) {
                subType = mediaType[1].strip();
            } else if (mediaType.length == 1 && type.equals("*")) {
                subType = "*";
            } else {
                continue;
            }
            double q = 1.0;
            Map<String, String> params = new TreeMap<>();
            for (int i = 1; i < pieces.length; i++) {
                String[] kv = pieces[i].split("=", 2);
                if (kv.length != 2) {
                    continue;
                }
                if (kv[0].strip().equals("q")) {
                    q = quality(kv[1].strip());
                } else {
                    params.put(kv[0].strip(), kv[1].strip());
                }
            }
            out.add(new Range(type, subType, q, params));
        }
        out.sort(Comparator.comparingDouble((Range r) -> -r.q())
                .thenComparing(r -> r.type().equals("*"))
                .thenComparing(r -> r.subType().equals("*")));
        return out;
    }

    /** As the real server reads it: a {@code q} that is no number counts as 0. */
    private static double quality(String q) {
        try {
            return Double.parseDouble(q);
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    private DiscoveryAccept() {
    }
}
