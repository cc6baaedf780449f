package dev.flightdeck.app.kube;

/** Any typed object read from the API: each has its metadata. */
public interface KubeObject {

    ObjectMeta metadata();
}
