package dev.flightdeck.views.shell;

import dev.flightdeck.app.trace.StartupTrace;
import dev.flightdeck.app.model.SyncProgress;
import dev.flightdeck.app.session.ClusterSession;
import javafx.collections.ObservableList;
import javafx.scene.Scene;

/**
 * The startup trace's milestones that only the screen knows ({@link StartupTrace}): the first frame
 * ({@code window-shown}), the first holding any node row ({@code first-nodes-on-screen}: the first LIST is shown
 * as it is read), the first frame holding every GPU node the node LIST brought ({@code nodes-on-screen},
 * counting the rows), and the first holding every gang the pods formed once listed ({@code gangs-on-screen}).
 * Looked at after each layout pulse, until all three are written; nothing at all without a trace.
 */
final class TraceOnScreen {

    private final SessionController sessions;
    private final ObservableList<?> nodeRows;
    private final ObservableList<?> gangRows;

    private TraceOnScreen(SessionController sessions, ObservableList<?> nodeRows, ObservableList<?> gangRows) {
        this.sessions = sessions;
        this.nodeRows = nodeRows;
        this.gangRows = gangRows;
    }

    /** FX thread, right after the stage is shown. */
    static void watch(Scene scene, SessionController sessions, ObservableList<?> nodeRows, ObservableList<?> gangRows) {
        if (!StartupTrace.on()) {
            return;
        }
        TraceOnScreen t = new TraceOnScreen(sessions, nodeRows, gangRows);
        Runnable[] listener = new Runnable[1];
        listener[0] = () -> {
            if (t.pulse()) {
                scene.removePostLayoutPulseListener(listener[0]);
            }
        };
        scene.addPostLayoutPulseListener(listener[0]);
    }

    /** Returns true once every milestone is written. */
    private boolean pulse() {
        StartupTrace.mark("window-shown", 0);
        ClusterSession s = sessions.session();
        if (s != null) {
            SyncProgress sync = s.model().sync();
            if (!nodeRows.isEmpty()) {
                StartupTrace.mark("first-nodes-on-screen", nodeRows.size());
            }
            if (sync.nodesListed() && nodeRows.size() >= sync.gpuNodes()) {
                StartupTrace.mark("nodes-on-screen", nodeRows.size());
            }
            if (sync.podsListed() && gangRows.size() >= sync.gangs()) {
                StartupTrace.mark("gangs-on-screen", gangRows.size());
            }
        }
        return StartupTrace.done("nodes-on-screen") && StartupTrace.done("gangs-on-screen");
    }
}
