package dev.flightdeck.app.telemetry.exporter;

import dev.flightdeck.app.nodes.PodFacts;
import dev.flightdeck.app.session.ClusterSession;
import dev.flightdeck.app.telemetry.GpuLabelMapping;
import dev.flightdeck.app.telemetry.PodLocator;

import java.util.HashMap;
import java.util.Map;

/** The tests' wiring of a telemetry source to a session's live model: where its pods run, which nodes it has. */
final class ModelLocators {

    private ModelLocators() {
    }

    /** Where the model's pods run now, copied once (a lookup per GPU must not walk 100k pods). */
    static PodLocator pods(ClusterSession session) {
        Map<String, String> nodeByPod = new HashMap<>();
        for (PodFacts p : session.fleet().podsNamed(n -> true, Integer.MAX_VALUE)) {
            if (p.nodeName() != null) {
                nodeByPod.put(p.key(), p.nodeName());
            }
        }
        return (ns, pod) -> nodeByPod.get(ns + "/" + pod);
    }

    static GpuLabelMapping.NodeNames nodes(ClusterSession session) {
        return name -> session.fleet().node(name) != null;
    }
}
