package dev.flightdeck.app.kube;

import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;

/**
 * One connection's {@link ApiResources}: read from discovery when first asked, then kept. A name it does not know
 * reads discovery again first — a CRD installed since (kubectl drops its discovery cache on a miss the same way) —
 * but at most once every {@link #REREAD_AFTER}, so a view asking again and again for a kind the cluster lacks
 * does not repeat discovery each time. Thread-safe; blocking (call it off the FX thread).
 */
public final class ApiResourcesCache {

    static final Duration REREAD_AFTER = Duration.ofSeconds(5);

    private final DiscoveryReader reader;
    private final Clock clock;
    private ApiResources current;

    public ApiResourcesCache(DiscoveryReader reader, Clock clock) {
        this.reader = reader;
        this.clock = clock;
    }

    public static ApiResourcesCache of(KubeRest rest) {
        return new ApiResourcesCache(DiscoveryReader.of(rest), Clock.systemUTC());
    }

    /** The resources as last read (read now if never). */
    public synchronized ApiResources resources() throws IOException {
        if (current == null) {
            current = reader.read();
        }
        return current;
    }

    /** What {@code typed} names ({@link ApiResources#find}), reading discovery again on a miss. */
    public Optional<ServedResource> find(String typed) throws IOException {
        Optional<ServedResource> found = resources().find(typed);
        return found.isPresent() ? found : reread().find(typed);
    }

    /** The resource of {@code apiVersion} and {@code kind} ({@link ApiResources#forKind}), reading again on a miss. */
    public Optional<ServedResource> forKind(String apiVersion, String kind) throws IOException {
        Optional<ServedResource> found = resources().forKind(apiVersion, kind);
        return found.isPresent() ? found : reread().forKind(apiVersion, kind);
    }

    private synchronized ApiResources reread() throws IOException {
        if (current == null || Duration.between(current.readAt(), clock.instant()).compareTo(REREAD_AFTER) >= 0) {
            current = reader.read();
        }
        return current;
    }
}
