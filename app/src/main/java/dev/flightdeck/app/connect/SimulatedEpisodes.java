package dev.flightdeck.app.connect;

import com.fasterxml.jackson.databind.JsonNode;
import dev.flightdeck.app.watch.KubeJson;

import java.util.ArrayList;
import java.util.List;

/**
 * A local cluster's simulated pressure episodes (an APF storm, a 5xx burst, a failing readyz check,
 * an event flood), switched over its control surface, so a person can see what the pressure screen
 * shows when a control plane is in trouble. Only a local cluster (the embedded sandbox) has them.
 * Every call is a request: never on the UI thread.
 */
public final class SimulatedEpisodes {

    /** One episode: its name on the control surface, its title in words, and whether it is on. */
    public record Episode(String name, String title, boolean on) { }

    private final LocalControl control;

    public SimulatedEpisodes(LocalCluster cluster) {
        this.control = new LocalControl(cluster);
    }

    public List<Episode> list() {
        List<Episode> out = new ArrayList<>();
        for (JsonNode e : control.send("GET", "/episodes", null, "read the sandbox's episodes").path("episodes")) {
            out.add(new Episode(e.path("name").asText(), e.path("title").asText(), e.path("on").asBoolean()));
        }
        return out;
    }

    public void set(String name, boolean on) {
        control.send("PUT", "/episodes/" + LocalControl.segment(name), KubeJson.MAPPER.createObjectNode().put("on", on),
                (on ? "start" : "stop") + " the episode " + name);
    }
}
