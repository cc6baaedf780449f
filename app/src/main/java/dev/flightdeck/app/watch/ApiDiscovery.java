package dev.flightdeck.app.watch;

import com.fasterxml.jackson.databind.JsonNode;
import io.fabric8.kubernetes.client.http.HttpResponse;

import java.io.IOException;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Which API group versions and resources the cluster serves, from {@code /apis}
 * discovery. A CRD that is not installed is simply absent: no error, no noise.
 */
public final class ApiDiscovery {

    private final ApiEndpoint api;

    public ApiDiscovery(ApiEndpoint api) {
        this.api = api;
    }

    /** "group/version/resource" for every resource of the given group versions that the server lists. */
    public Set<String> servedResources(Set<String> groupVersions) throws IOException {
        Set<String> served = new HashSet<>();
        JsonNode groups = get("/apis");
        Set<String> offered = new HashSet<>();
        for (JsonNode g : groups.path("groups")) {
            for (JsonNode v : g.path("versions")) {
                offered.add(v.path("groupVersion").asText());
            }
        }
        for (String gv : groupVersions) {
            if (!offered.contains(gv)) {
                continue;
            }
            JsonNode resources;
            try {
                resources = get("/apis/" + gv);
            } catch (ApiStatusException e) {
                if (e.code() != 404) {
                    throw e;
                }
                // Just installed: /apis lists it a moment before its own list is served (seen on kube-apiserver 1.32).
                continue;
            }
            for (JsonNode r : resources.path("resources")) {
                served.add(gv + "/" + r.path("name").asText());
            }
        }
        return served;
    }

    private JsonNode get(String path) throws IOException {
        try {
            HttpResponse<byte[]> r = api.http().sendAsync(api.http().newHttpRequestBuilder().uri(api.uri(path)).build(),
                    byte[].class).get(15, TimeUnit.SECONDS);
            if (!r.isSuccessful()) {
                throw new ApiStatusException(r.code(), "discovery " + path + ": HTTP " + r.code());
            }
            return KubeJson.MAPPER.readTree(r.body());
        } catch (ExecutionException | TimeoutException e) {
            throw new IOException("discovery " + path + ": " + Problems.describe(e), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("discovery interrupted", e);
        }
    }
}
