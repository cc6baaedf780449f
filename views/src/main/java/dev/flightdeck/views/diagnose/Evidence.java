package dev.flightdeck.views.diagnose;

import dev.flightdeck.app.diagnose.yaml.ObjectRef;
import dev.flightdeck.app.session.ClusterSession;
import javafx.application.Platform;
import javafx.stage.Window;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Supplier;

/**
 * Where the console opens the evidence behind what it shows, on the cluster shown now, each in a window of its own:
 * the YAML of an object, a gang's logs. Reads go to one background thread of its own, never the FX thread.
 */
public final class Evidence {

    private final Supplier<ClusterSession> session;
    private final Supplier<Window> owner;
    private final ExecutorService reads = Executors.newSingleThreadExecutor(
            r -> Thread.ofPlatform().name("evidence-reads").daemon().unstarted(r));

    public Evidence(Supplier<ClusterSession> session, Supplier<Window> owner) {
        this.session = session;
        this.owner = owner;
    }

    /** The YAML of {@code ref} on the cluster shown now; nothing when no cluster is. */
    public void openYaml(ObjectRef ref) {
        ClusterSession s = session.get();
        if (s == null) {
            return;
        }
        new YamlWindow(owner.get(), new YamlViewModel(s.objectYaml(), ref, reads, Platform::runLater), s.displayName()).show();
    }

    /** The logs of {@code gang} on the cluster shown now, {@code rank} (or -1: the first failure) selected. */
    public void openLogs(dev.flightdeck.app.gangs.GangKey gang, int rank) {
        ClusterSession s = session.get();
        var g = s == null ? null : s.model().gang(gang);
        if (g == null) {
            return;
        }
        LogsViewModel vm = new LogsViewModel(s.logRequests(), g, reads, Platform::runLater);
        new LogsWindow(owner.get(), vm, s.displayName()).show();
        vm.start(rank);
    }

    public void stop() {
        reads.shutdownNow();
    }
}
