package dev.flightdeck.views.actions;

import dev.flightdeck.views.theme.Styles;
import javafx.application.Platform;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.stage.Modality;
import javafx.stage.Stage;
import javafx.stage.Window;

import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Consumer;

/**
 * The frame every action window shares: a title, a body that moves from plan to progress to
 * summary, a line for problems (in words, never a stack trace), and buttons on the right. Work
 * that talks to the cluster runs on the window's own thread and comes back on the FX thread.
 */
abstract class ActionWindow extends Stage {

    private final ExecutorService worker = Executors.newSingleThreadExecutor(
            r -> Thread.ofPlatform().name("action-window").daemon().unstarted(r));
    protected final VBox body = new VBox(8);
    protected final Label problem = new Label();
    protected final HBox buttons = new HBox(8);
    /** Above the buttons, never scrolled away: what the operator must fill in to confirm. */
    protected final VBox confirm = new VBox(6);

    ActionWindow(Window owner, dev.flightdeck.app.actions.ActionSession session, String title, String id) {
        if (owner != null) {
            initOwner(owner);
            initModality(Modality.WINDOW_MODAL);
        }
        String cluster = session.session().displayName();
        setTitle(title + " — on " + cluster);
        // An action on the wrong cluster is the classic multi-cluster mistake: the cluster is the first thing read.
        Label on = new Label("on cluster  " + cluster, dev.flightdeck.views.theme.Icons.icon(dev.flightdeck.views.theme.Icons.CLUSTERS));
        on.setId(id + "-cluster");
        on.getStyleClass().add("action-cluster");
        on.setMaxWidth(Double.MAX_VALUE);
        Label server = new Label(session.clusterUrl());
        server.getStyleClass().add(Styles.MUTED);
        server.managedProperty().set(!cluster.contains(session.clusterUrl().replaceAll("/+$", "")));
        server.setVisible(server.isManaged()); // a sandbox's name is its URL already
        // Said with the cluster, before anything is planned: this cluster's certificate is not checked.
        Label tlsOff = dev.flightdeck.views.theme.TlsOffBadge.create(id + "-tls-off");
        tlsOff.setVisible(session.session().tlsVerificationOff());
        tlsOff.setManaged(tlsOff.isVisible());
        Label heading = new Label(title);
        heading.getStyleClass().add(Styles.DETAILS_TITLE);
        problem.setId(id + "-problem");
        problem.getStyleClass().add(Styles.PROBLEM);
        problem.setWrapText(true);
        problem.managedProperty().bind(problem.textProperty().isNotEmpty());
        problem.visibleProperty().bind(problem.managedProperty());
        ScrollPane scroll = new ScrollPane(body);
        scroll.setFitToWidth(true);
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        buttons.setAlignment(Pos.CENTER_RIGHT);
        VBox top = new VBox(6, on, server, tlsOff, heading, problem);
        VBox bottom = new VBox(8, confirm, buttons);
        bottom.setPadding(new Insets(8, 0, 0, 0));
        BorderPane root = new BorderPane(scroll, top, null, bottom, null);
        root.setPadding(new Insets(12));
        root.setId(id);
        root.getStyleClass().add(Styles.ROOT);
        Scene scene = new Scene(root, 860, 620);
        if (owner != null && owner.getScene() != null) {
            scene.getStylesheets().addAll(owner.getScene().getStylesheets());
        } else {
            dev.flightdeck.views.theme.Themes.install(scene);
        }
        setScene(scene);
        // Closing while a run is under way asks first; the run goes on either way (see RunningActions).
        setOnCloseRequest(e -> {
            if (RunningActions.isRunning(this) && !closeWhileRunning()) {
                e.consume();
            }
        });
        // Escape closes a window that only planned (nothing was done, and the plan says so in the journal); once a
        // run is under way it stays, as the window's close button asks first then.
        scene.addEventFilter(javafx.scene.input.KeyEvent.KEY_PRESSED, e -> {
            if (e.getCode() == javafx.scene.input.KeyCode.ESCAPE && !RunningActions.isRunning(this)) {
                close();
                e.consume();
            }
        });
        // No new work once the window is gone; a run under way still finishes (shutdown does not interrupt it).
        setOnHidden(e -> worker.shutdown());
    }

    /** Runs {@code work} off the FX thread; its result or its failure (as one line) comes back on the FX thread. */
    protected <T> void inBackground(Callable<T> work, Consumer<T> done) {
        inBackground(work, done, () -> { });
    }

    /**
     * Runs an action's execution ({@code what}, e.g. "drain gpu-node-003") like {@link #inBackground}, and
     * keeps the window listed in {@link RunningActions} until it ends, so closing it asks, and a closed
     * one can be brought back from the status bar.
     */
    protected <T> void execute(String what, Callable<T> work, Consumer<T> done) {
        RunningActions.started(this, what);
        inBackground(work, done, () -> RunningActions.ended(this));
    }

    /**
     * Reads {@code run}'s plan and journals it (the plan the operator is shown) off the FX thread;
     * {@code shown} gets it on the FX thread, a refusal or failure goes to the problem line.
     */
    protected <P> void plan(dev.flightdeck.app.actions.ActionRun<P, ?, ?> run, Consumer<P> shown) {
        inBackground(run::plan, shown);
    }

    /**
     * Carries out the confirmed {@code plan} through its {@code run} — the same run the headless
     * commands use: refusal, confirmation, steps, Event and outcome are the core's — while the window
     * only shows: each event on the FX thread, then the outcome.
     */
    protected <P, E, O> void carryOut(String what, dev.flightdeck.app.actions.ActionRun<P, E, O> run, P plan, String reason,
                                      Consumer<E> shown, Consumer<O> done) {
        execute(what, () -> run.execute(plan, reason, e -> Platform.runLater(() -> shown.accept(e))), done);
    }

    private <T> void inBackground(Callable<T> work, Consumer<T> done, Runnable always) {
        worker.execute(() -> {
            try {
                T result = work.call();
                Platform.runLater(() -> {
                    always.run();
                    done.accept(result);
                });
            } catch (Exception e) {
                String line = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage().lines().findFirst().orElse("");
                Platform.runLater(() -> {
                    always.run();
                    problem.setText(line);
                });
            }
        });
    }

    /** Asks whether to close the window of a run that goes on; true to close it. */
    private boolean closeWhileRunning() {
        javafx.scene.control.ButtonType keep = new javafx.scene.control.ButtonType("Keep open",
                javafx.scene.control.ButtonBar.ButtonData.CANCEL_CLOSE);
        javafx.scene.control.ButtonType hide = new javafx.scene.control.ButtonType("Close window",
                javafx.scene.control.ButtonBar.ButtonData.OK_DONE);
        javafx.scene.control.Alert ask = new javafx.scene.control.Alert(javafx.scene.control.Alert.AlertType.CONFIRMATION,
                "Closing this window does not stop the run: it goes on, its outcome goes to the journal, and the "
                        + "status bar brings this window back until it ends. To stop it, use this window's Stop button.",
                keep, hide);
        ask.initOwner(this);
        ask.setTitle("Still running");
        ask.setHeaderText(getTitle() + " is still running");
        ask.getDialogPane().setId("still-running");
        ((javafx.scene.control.Button) ask.getDialogPane().lookupButton(keep)).setDefaultButton(true);
        ((javafx.scene.control.Button) ask.getDialogPane().lookupButton(hide)).setDefaultButton(false);
        ask.getDialogPane().lookupButton(hide).setId("still-running-close");
        return ask.showAndWait().filter(hide::equals).isPresent();
    }

    protected static Label muted(String text) {
        Label l = new Label(text);
        l.getStyleClass().add(Styles.MUTED);
        l.setWrapText(true);
        return l;
    }

    protected static Label section(String text) {
        Label l = new Label(text);
        l.getStyleClass().add(Styles.SECTION_TITLE);
        return l;
    }

    protected static Label line(String text, String id) {
        Label l = new Label(text);
        l.setWrapText(true);
        if (id != null) {
            l.setId(id);
        }
        return l;
    }

    protected static Button button(String text, String id) {
        Button b = new Button(text);
        b.setId(id);
        b.setMinWidth(Region.USE_PREF_SIZE);
        return b;
    }

    protected void setButtons(Node... nodes) {
        buttons.getChildren().setAll(nodes);
    }
}
