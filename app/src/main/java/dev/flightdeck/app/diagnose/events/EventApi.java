package dev.flightdeck.app.diagnose.events;

import dev.flightdeck.app.kube.ApiResource;
import dev.flightdeck.app.kube.ApiDiscovery;
import dev.flightdeck.app.watch.ApiEndpoint;

import java.io.IOException;
import java.util.Set;

/**
 * Which API the console reads Events through: events.k8s.io/v1 where the cluster serves it (every
 * cluster since 1.19: it names the reporting controller and keeps a series' count and last time as
 * fields of their own), else core v1, which every cluster serves. Both read the same stored Events.
 */
public final class EventApi {

    private EventApi() {
    }

    /** Asks discovery; a discovery that fails falls back to core v1 rather than showing no Events. */
    public static ApiResource choose(ApiEndpoint api) {
        try {
            return served(new ApiDiscovery(api).servedResources(Set.of(ApiResource.EVENTS.apiVersion())));
        } catch (IOException e) {
            System.getLogger(EventApi.class.getName()).log(System.Logger.Level.INFO,
                    "events: discovery failed (" + e.getMessage() + "); reading Events through core v1");
            return ApiResource.EVENTS_CORE;
        }
    }

    /** The choice from discovery's answer ({@code group/version/resource} strings). */
    static ApiResource served(Set<String> served) {
        return served.contains(ApiResource.EVENTS.apiVersion() + "/" + ApiResource.EVENTS.resource())
                ? ApiResource.EVENTS : ApiResource.EVENTS_CORE;
    }
}
