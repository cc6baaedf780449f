package dev.flightdeck.views.shell;

import dev.flightdeck.app.clusters.KubeconfigWatch;
import dev.flightdeck.app.connect.ConnectionTarget;
import dev.flightdeck.app.connect.KubeContext;
import dev.flightdeck.app.connect.Kubeconfig;
import dev.flightdeck.app.settings.OpenContexts;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * The person's choice of clusters kept open, applied to the kubeconfig as it is now: every context
 * ("all contexts"), or the ones named — a named context that left the kubeconfig stays on its row,
 * saying so, rather than vanishing. When the kubeconfig changes on disk the switcher's list and the
 * open clusters follow; contexts whose entries did not change keep their sessions. FX thread.
 */
final class KeptClusters {

    private final SessionController sessions;
    private final Consumer<List<ContextChoice>> choicesChanged;
    private final Consumer<String> notice;
    private final int sandboxNodes;
    private OpenContexts chosen = OpenContexts.NONE;
    private Kubeconfig kubeconfig;
    private KubeconfigWatch watch;

    KeptClusters(SessionController sessions, int sandboxNodes, Consumer<List<ContextChoice>> choicesChanged,
                 Consumer<String> notice) {
        this.sessions = sessions;
        this.sandboxNodes = sandboxNodes;
        this.choicesChanged = choicesChanged;
        this.notice = notice;
    }

    /** Starts with this kubeconfig (null: none) and watches its files for changes. */
    void start(Kubeconfig k, OpenContexts initial) {
        kubeconfig = k;
        chosen = initial;
        sessions.keepOpen(targets());
        if (k != null && !k.files().isEmpty()) {
            watch = new KubeconfigWatch(k.files(), change -> javafx.application.Platform.runLater(() -> changed(change)))
                    .start();
        }
    }

    void choose(OpenContexts c) {
        chosen = c;
        sessions.keepOpen(targets());
    }

    OpenContexts chosen() {
        return chosen;
    }

    private void changed(KubeconfigWatch.Change change) {
        if (change.problem() != null) {
            notice.accept("the kubeconfig changed and cannot be read now: " + change.problem()
                    + ". The open clusters stay as they were.");
            return;
        }
        List<String> before = names(kubeconfig);
        List<String> after = names(change.kubeconfig());
        kubeconfig = change.kubeconfig();
        choicesChanged.accept(ContextChoice.all(kubeconfig, sandboxNodes));
        sessions.keepOpen(targets());
        List<String> added = new ArrayList<>(after);
        added.removeAll(before);
        List<String> removed = new ArrayList<>(before);
        removed.removeAll(after);
        if (!added.isEmpty() || !removed.isEmpty()) {
            notice.accept("The kubeconfig changed on disk:" + (added.isEmpty() ? "" : " added " + String.join(", ", added)
                    + (chosen.all() ? " (opened: all contexts are kept open)" : "") + ";")
                    + (removed.isEmpty() ? "" : " removed " + String.join(", ", removed) + ";"));
        }
    }

    private static List<String> names(Kubeconfig k) {
        return k == null ? List.of() : k.contexts().stream().map(KubeContext::name).toList();
    }

    /** The kept targets against the kubeconfig as it is now. */
    List<ConnectionTarget> targets() {
        List<ConnectionTarget> out = new ArrayList<>();
        if (kubeconfig == null) {
            return out;
        }
        List<String> names = chosen.all() ? names(kubeconfig) : chosen.names();
        names.forEach(n -> out.add(new ConnectionTarget.Context(kubeconfig, n)));
        return out;
    }

    void stop() {
        if (watch != null) {
            watch.close();
        }
    }
}
