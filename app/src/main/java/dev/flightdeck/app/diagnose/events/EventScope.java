package dev.flightdeck.app.diagnose.events;

import dev.flightdeck.app.kube.ApiPath;
import dev.flightdeck.app.kube.ApiResource;
import dev.flightdeck.app.kube.EventSelectors;
import dev.flightdeck.app.kube.ObjectReference;

/**
 * Which Events the server is asked for: the whole cluster's (the Events screen), one namespace's (a
 * gang: its workload object and its ranks' pods are all there, and one request for them is cheaper
 * than one per rank), or one object's, selected by the server (a node, a pod). What a screen shows
 * of them is its {@link EventFilter}'s business.
 */
public sealed interface EventScope {

    /** The path of the LIST and WATCH, in the words of {@code events} (events.k8s.io/v1 or core v1). */
    ApiPath path(ApiResource events);

    /** Short words for the watcher's name and messages: {@code events}, {@code events in training}, … */
    String describe();

    record Cluster() implements EventScope {
        @Override
        public ApiPath path(ApiResource events) {
            return ApiPath.of(events);
        }

        @Override
        public String describe() {
            return "events";
        }
    }

    record Namespace(String namespace) implements EventScope {
        @Override
        public ApiPath path(ApiResource events) {
            return ApiPath.of(events).in(namespace);
        }

        @Override
        public String describe() {
            return "events in " + namespace;
        }
    }

    /**
     * One object's Events, chosen by the server with a field selector. A namespaced object's are read
     * in its namespace; a cluster-scoped one's (a Node) across namespaces, as kubectl describe does:
     * kubelets and most controllers put them in {@code default}, but newer reporters may not.
     */
    record About(ObjectReference object) implements EventScope {
        @Override
        public ApiPath path(ApiResource events) {
            ApiPath all = ApiPath.of(events);
            return (object.namespace().isEmpty() ? all : all.in(object.namespace()))
                    .param("fieldSelector", EventSelectors.about(events, object));
        }

        @Override
        public String describe() {
            return "events of " + object;
        }
    }

    static EventScope cluster() {
        return new Cluster();
    }

    static EventScope namespace(String namespace) {
        return new Namespace(namespace);
    }

    static EventScope of(ObjectReference object) {
        return new About(object);
    }
}
