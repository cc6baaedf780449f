package dev.flightdeck.app.kube;

import dev.flightdeck.app.watch.ApiEndpoint;
import dev.flightdeck.app.watch.ApiStatusException;
import dev.flightdeck.app.watch.KubeJson;
import dev.flightdeck.app.watch.Problems;
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
        Set<String> offered = new HashSet<>();
        for (DiscoveryDocuments.Group g : get(DiscoveryPath.GROUPS, DiscoveryDocuments.GroupList.class).groups()) {
            for (DiscoveryDocuments.GroupVersion v : g.versions()) {
                offered.add(String.valueOf(v.groupVersion()));
            }
        }
        for (String gv : groupVersions) {
            if (!offered.contains(gv)) {
                continue;
            }
            int slash = gv.indexOf('/'); // every group /apis lists is named: "group/version"
            DiscoveryDocuments.ResourceList resources;
            try {
                resources = get(DiscoveryPath.resources(gv.substring(0, slash), gv.substring(slash + 1)),
                        DiscoveryDocuments.ResourceList.class);
            } catch (ApiStatusException e) {
                if (e.code() != 404) {
                    throw e;
                }
                // Just installed: /apis lists it a moment before its own list is served (seen on kube-apiserver 1.32).
                continue;
            }
            for (DiscoveryDocuments.Resource r : resources.resources()) {
                served.add(gv + "/" + (r.name() == null ? "" : r.name()));
            }
        }
        return served;
    }

    private <T> T get(DiscoveryPath path, Class<T> type) throws IOException {
        try {
            HttpResponse<byte[]> r = api.http().sendAsync(api.http().newHttpRequestBuilder().uri(api.uri(path.toString()))
                    .build(), byte[].class).get(15, TimeUnit.SECONDS);
            if (!r.isSuccessful()) {
                throw new ApiStatusException(r.code(), "discovery " + path + ": HTTP " + r.code());
            }
            return KubeJson.MAPPER.readValue(r.body(), type);
        } catch (ExecutionException | TimeoutException e) {
            throw new IOException("discovery " + path + ": " + Problems.describe(e), e);
        } catch (IllegalStateException e) {
            // the session closed its client while this was asked (an Events view opened as the cluster closes)
            throw new IOException("discovery " + path + ": the connection is closed", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("discovery interrupted", e);
        }
    }
}
