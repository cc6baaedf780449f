package dev.flightdeck.views.shell;

import dev.flightdeck.app.diagnose.events.GangObjects;
import dev.flightdeck.app.diagnose.yaml.ObjectRef;
import dev.flightdeck.app.gangs.Gang;
import dev.flightdeck.app.gangs.GangKey;
import dev.flightdeck.app.kube.ObjectReference;
import dev.flightdeck.app.session.ClusterSession;
import dev.flightdeck.views.diagnose.Evidence;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.StringProperty;

import java.util.Set;
import java.util.function.BiConsumer;

/**
 * The actions on one node or gang of the cluster shown, as a key or the command palette asks for them: each
 * opens the same plan-and-confirm dialog (or evidence window) as its button, and nothing acts without that
 * confirmation. Where the button would be disabled, the window's notice says why instead of nothing happening.
 */
final class ObjectActions {

    private final SessionController sessions;
    private final Evidence evidence;
    private final BiConsumer<Set<ObjectReference>, String> showEventsOf;
    private final StringProperty notice;

    ObjectActions(SessionController sessions, Evidence evidence, BiConsumer<Set<ObjectReference>, String> showEventsOf,
                  StringProperty notice) {
        this.sessions = sessions;
        this.evidence = evidence;
        this.showEventsOf = showEventsOf;
        this.notice = notice;
    }

    void drain(String node) {
        if (offered("Drain", sessions.actions().whyNotDrainProperty())) {
            sessions.actions().openDrain(node);
        }
    }

    /** Cordons an uncordoned node, uncordons a cordoned one: the dialog says which. */
    void cordon(String node) {
        if (offered("Cordon", sessions.actions().whyNotCordonProperty())) {
            ClusterSession s = sessions.session();
            var n = s == null ? null : s.model().node(node);
            sessions.actions().openCordon(node, n != null && n.cordon().cordoned());
        }
    }

    void preflight(String node) {
        if (offered("Preflight", sessions.actions().whyNotPreflightProperty())) {
            sessions.actions().openPreflight(node);
        }
    }

    void resume(GangKey key) {
        var row = sessions.gangs().row(key);
        if (row == null) {
            notice.set("Resume: " + key + " is not in the cluster shown");
            return;
        }
        Gang gang = row.gang();
        String why = sessions.actions().whyNotResume();
        if (!gang.verdict().resumable()) {
            notice.set("Resume is for halted, failed or stalled gangs; " + key + " is " + gang.statusLabel());
        } else if (why != null) {
            notice.set("Resume is not offered: " + why);
        } else {
            sessions.actions().openResume(gang);
        }
    }

    void nodeYaml(String node) {
        evidence.openYaml(ObjectRef.node(node));
    }

    void gangYaml(GangKey gang) {
        ObjectRef.gang(gang).ifPresentOrElse(evidence::openYaml,
                () -> notice.set("YAML: " + gang + " has no object of its own to show"));
    }

    void podYaml(String namespace, String pod) {
        evidence.openYaml(ObjectRef.pod(namespace, pod));
    }

    /** The gang's logs, {@code rank} selected (-1: its first failure). */
    void logs(GangKey gang, int rank) {
        evidence.openLogs(gang, rank);
    }

    void nodeEvents(String node) {
        showEventsOf.accept(Set.of(ObjectReference.of("Node", "", node)), "node " + node);
    }

    void gangEvents(GangKey key) {
        var row = sessions.gangs().row(key);
        if (row != null) {
            showEventsOf.accept(GangObjects.of(row.gang()), "gang " + key);
        }
    }

    /** Whether an action may be offered now; when not, the notice says why (read-only, RBAC, checking). */
    private boolean offered(String action, ReadOnlyStringProperty whyNot) {
        String why = whyNot.get();
        if (why != null) {
            notice.set(action + " is not offered: " + why);
        }
        return why == null;
    }
}
