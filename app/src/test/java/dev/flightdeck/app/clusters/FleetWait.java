package dev.flightdeck.app.clusters;

import java.time.Duration;
import java.time.Instant;
import java.util.function.Predicate;

/** The fleet tests' wait: reads the overview as the Fleet screen does until it shows what a test waits for. */
final class FleetWait {

    private FleetWait() {
    }

    static FleetOverview until(ClusterFleet fleet, Duration limit, String what, Predicate<FleetOverview> ok)
            throws InterruptedException {
        return until(fleet, limit, what, ok, () -> "");
    }

    /** As above; {@code more} is said too when it times out (read then, not when the wait began). */
    static FleetOverview until(ClusterFleet fleet, Duration limit, String what, Predicate<FleetOverview> ok,
                               java.util.function.Supplier<String> more) throws InterruptedException {
        long deadline = System.nanoTime() + limit.toNanos();
        while (true) {
            FleetOverview o = FleetOverview.read(fleet.clusters(), Instant.now());
            if (ok.test(o)) {
                return o;
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out waiting for " + what + ": " + FleetTable.lines(o) + " " + more.get());
            }
            Thread.sleep(100);
        }
    }

    static ClusterSummary row(FleetOverview o, String name) {
        return o.rows().stream().filter(r -> r.name().equals(name)).findFirst().orElseThrow();
    }
}
