package dev.flightdeck.app.kube;

import com.fasterxml.jackson.databind.JsonNode;
import dev.flightdeck.app.Fixtures;
import dev.flightdeck.app.watch.KubeJson;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Discovery as the real kube-apiserver 1.32 answered it (fixtures/kube-apiserver-1.32/discovery-*.json, with the
 * PyTorchJob and Kueue ClusterQueue/LocalQueue CRDs installed), served to a {@link DiscoveryReader} by path.
 */
final class CapturedDiscovery {

    /** Every path asked, in order. */
    final List<String> asked = new ArrayList<>();
    private final boolean aggregated;
    private final JsonNode legacy;

    private CapturedDiscovery(boolean aggregated) {
        this.aggregated = aggregated;
        try {
            this.legacy = KubeJson.MAPPER.readTree(Fixtures.capture("discovery-legacy.json"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A server that answers aggregated discovery (kube-apiserver 1.26+, as captured). */
    static CapturedDiscovery aggregated() {
        return new CapturedDiscovery(true);
    }

    /** A server with the plain documents only: one request per group version. */
    static CapturedDiscovery plain() {
        return new CapturedDiscovery(false);
    }

    KubeRest.Answer answer(DiscoveryPath path) throws IOException {
        String p = path.toString();
        asked.add(p);
        if (aggregated && (p.equals("/api") || p.equals("/apis"))) {
            return new KubeRest.Answer(200, Fixtures.capture("discovery-aggregated" + p.replace('/', '-') + ".json"));
        }
        JsonNode body = legacy.get(p);
        return body == null ? new KubeRest.Answer(404, "{\"kind\":\"Status\",\"message\":\"the server could not find the requested resource\"}".getBytes())
                : new KubeRest.Answer(200, KubeJson.MAPPER.writeValueAsBytes(body));
    }

    ApiResources read() {
        try {
            return new DiscoveryReader(this::answer, java.time.Clock.systemUTC()).read();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
