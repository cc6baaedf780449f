package dev.flightdeck.app.connect;

import java.time.Clock;
import java.util.Optional;

/**
 * A cluster running on this machine that the console connects to without a kubeconfig — the
 * embedded sandbox — handed to the core as plain facts: where its API server listens, its object
 * storage and keys, and the clock its simulated metrics follow. The core never sees what it is made
 * of; whoever started it may find its own handle again with {@link #as} (a test that looks
 * inside the sandbox it started). Its simulated agents are switched over HTTP ({@link LocalControl}).
 *
 * @param controlToken the token its control surface asks for, which only its starter was given: sent by
 *                     {@link LocalControl} alone, never to the Kubernetes API, never shown (see {@link #toString})
 * @param stop         stops it, for a cluster the console started itself (nothing for one owned elsewhere)
 */
public record LocalCluster(String url, LocalObjectStorage objectStorage, Clock metricsClock, String controlToken,
                           Object handle, Runnable stop) {

    public LocalCluster {
        dev.flightdeck.app.secrets.KnownSecrets.register(controlToken); // never in anything that leaves the process
    }

    /** The handle of whoever started it, if it is a {@code type}. */
    public <T> Optional<T> as(Class<T> type) {
        return type.isInstance(handle) ? Optional.of(type.cast(handle)) : Optional.empty();
    }

    /** The same cluster for a session that must leave it running when it ends (its owner stops it). */
    public LocalCluster ownedElsewhere() {
        return new LocalCluster(url, objectStorage, metricsClock, controlToken, handle, () -> { });
    }

    /** Its URL only: never the control token, nor the object store's keys. */
    @Override
    public String toString() {
        return "LocalCluster[" + url + "]";
    }
}
