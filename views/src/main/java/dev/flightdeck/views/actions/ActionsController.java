package dev.flightdeck.views.actions;

import dev.flightdeck.app.actions.ActionSession;
import dev.flightdeck.app.gangs.Gang;
import dev.flightdeck.views.background.LatestOnly;
import javafx.application.Platform;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.stage.Window;

import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Supplier;

/**
 * The console's actions for the cluster shown: whether each may be offered (read-only mode,
 * RBAC — asked once per session in the background, so buttons start disabled with "checking
 * permissions…" rather than enabled and failing), and the dialogs that plan, confirm and run them.
 */
public final class ActionsController implements AutoCloseable {

    static final String CHECKING = "checking permissions…";

    private final ExecutorService background = Executors.newSingleThreadExecutor(
            r -> Thread.ofPlatform().name("actions").daemon().unstarted(r));
    /** Permissions asked for the session shown; an answer for one no longer shown is dropped. */
    private final LatestOnly permissionAsks = new LatestOnly(background, Platform::runLater);
    private final ReadOnlyObjectWrapper<ActionSession> session = new ReadOnlyObjectWrapper<>(this, "session");
    private final ReadOnlyStringWrapper whyNotCordon = new ReadOnlyStringWrapper(this, "whyNotCordon", "not connected");
    private final ReadOnlyStringWrapper whyNotDrain = new ReadOnlyStringWrapper(this, "whyNotDrain", "not connected");
    private final ReadOnlyStringWrapper whyNotPreflight = new ReadOnlyStringWrapper(this, "whyNotPreflight", "not connected");
    private final Runnable journalChanged;
    private Supplier<Window> owner = () -> null;

    /** @param journalChanged told (on the FX thread) after an action wrote to the journal */
    public ActionsController(Runnable journalChanged) {
        this.journalChanged = journalChanged;
    }

    public void setOwner(Supplier<Window> owner) {
        this.owner = owner;
    }

    /** FX thread: actions now act on this cluster; permissions are asked in the background. */
    public void attach(ActionSession s) {
        session.set(s);
        whyNotCordon.set(CHECKING);
        whyNotDrain.set(CHECKING);
        whyNotPreflight.set(CHECKING);
        permissionAsks.run(() -> List.of(nullable(s.whyNot(ActionSession.CORDON)), nullable(s.whyNot(ActionSession.DRAIN)),
                nullable(s.whyNot(ActionSession.PREFLIGHT))), why -> {
                    whyNotCordon.set(why.get(0).orElse(null));
                    whyNotDrain.set(why.get(1).orElse(null));
                    whyNotPreflight.set(why.get(2).orElse(null));
                }, e -> {
                    // Not expected (answers are words); keep the actions off and say why in one line.
                    String why = "could not ask for permissions: " + LatestOnly.reason(e);
                    whyNotCordon.set(why);
                    whyNotDrain.set(why);
                    whyNotPreflight.set(why);
                });
    }

    private static java.util.Optional<String> nullable(String whyNot) {
        return java.util.Optional.ofNullable(whyNot);
    }

    /** FX thread: no cluster, no actions. */
    public void detach() {
        permissionAsks.supersede();
        session.set(null);
        whyNotCordon.set("not connected");
        whyNotDrain.set("not connected");
        whyNotPreflight.set("not connected");
    }

    public void openDrain(String node) {
        ActionSession s = session.get();
        if (s != null && whyNotDrain.get() == null) {
            new DrainDialog(owner.get(), s, node, journalChanged).show();
        }
    }

    public void openDrainMany(List<String> nodes) {
        ActionSession s = session.get();
        if (s != null && whyNotDrain.get() == null && !nodes.isEmpty()) {
            new DrainManyDialog(owner.get(), s, nodes, journalChanged).show();
        }
    }

    public void openCordon(String node, boolean cordoned) {
        ActionSession s = session.get();
        if (s != null && whyNotCordon.get() == null) {
            new CordonDialog(owner.get(), s, node, cordoned, journalChanged).show();
        }
    }

    public void openPreflight(String node) {
        ActionSession s = session.get();
        if (s != null && whyNotPreflight.get() == null) {
            new PreflightDialog(owner.get(), s, node, journalChanged).show();
        }
    }

    /** Every GPU node the preflight gate holds now (pending or failed), for the batch re-run. */
    public void openPreflightOnGated() {
        ActionSession s = session.get();
        if (s != null && whyNotPreflight.get() == null) {
            List<String> gated = s.session().fleet().snapshot().nodes().stream()
                    .filter(n -> n.verdict() == dev.flightdeck.app.nodes.NodeVerdict.GATED)
                    .map(dev.flightdeck.app.nodes.GpuNode::name).sorted().toList();
            new PreflightBatchDialog(owner.get(), s, gated, journalChanged).show();
        }
    }

    /** Resume is checked per gang (its kind's RBAC), inside the dialog. */
    public void openResume(Gang gang) {
        ActionSession s = session.get();
        if (s != null) {
            new ResumeDialog(owner.get(), s, gang, journalChanged).show();
        }
    }

    /** Why resuming cannot be offered at all (no cluster, read-only), or null; RBAC is asked by the dialog. */
    public String whyNotResume() {
        ActionSession s = session.get();
        return s == null ? "not connected" : s.readOnly();
    }

    public ReadOnlyObjectProperty<ActionSession> sessionProperty() {
        return session.getReadOnlyProperty();
    }

    /** Null when cordoning may be offered, else why not (read-only, a missing permission, checking). */
    public ReadOnlyStringProperty whyNotCordonProperty() {
        return whyNotCordon.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty whyNotDrainProperty() {
        return whyNotDrain.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty whyNotPreflightProperty() {
        return whyNotPreflight.getReadOnlyProperty();
    }

    @Override
    public void close() {
        background.shutdownNow();
    }
}
