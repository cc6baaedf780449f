package dev.flightdeck.drills.staging;

import dev.flightdeck.app.controlplane.RealCluster;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;

import java.time.Duration;

/**
 * The cluster's drill opt-in on the test's real control plane, as its admins would make it
 * ({@link DrillOptIn#CREATE}): given to the cluster, and taken away (a test that does puts it back).
 */
public final class RealDrillOptIn {

    private RealDrillOptIn() {
    }

    public static void allow(RealCluster real) {
        real.admin().configMaps().inNamespace(DrillOptIn.NAMESPACE).resource(new ConfigMapBuilder().withNewMetadata()
                .withName(DrillOptIn.NAME).endMetadata().addToData("allowed", "true").build()).createOr(c -> c.update());
    }

    public static void withdraw(RealCluster real) {
        real.admin().configMaps().inNamespace(DrillOptIn.NAMESPACE).withName(DrillOptIn.NAME).delete();
        real.admin().configMaps().inNamespace(DrillOptIn.NAMESPACE).withName(DrillOptIn.NAME)
                .waitUntilCondition(java.util.Objects::isNull, Duration.ofSeconds(30).toSeconds(),
                        java.util.concurrent.TimeUnit.SECONDS);
    }
}
