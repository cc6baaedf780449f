package dev.flightdeck.app.telemetry;

/** Where a pod runs, as the cluster's live model knows it: the node, or null when the pod is unknown or unscheduled. */
@FunctionalInterface
public interface PodLocator {
    String nodeOf(String namespace, String pod);
}
