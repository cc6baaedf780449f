package dev.flightdeck.views.gangs;

import dev.flightdeck.app.checkpoints.Checkpoint;
import dev.flightdeck.app.checkpoints.CheckpointStatus;
import dev.flightdeck.views.theme.Icons;
import dev.flightdeck.views.theme.Styles;
import javafx.scene.control.Label;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

import java.util.List;
import java.util.Locale;

/**
 * The selected gang's checkpoints: where they are read from, the newest complete one
 * (uri, step), its age with the threshold icon and word, GPU-hours a failure now would
 * lose, the problem if reading went wrong, and the last few with the time between them.
 */
final class CheckpointPane extends VBox {

    private final Label title = new Label("Checkpoint");
    private final GridPane grid = new GridPane(10, 3);
    private final Label problem = new Label();
    private final Label recentTitle = new Label("Recent checkpoints");
    private final GridPane recent = new GridPane(12, 2);
    private final javafx.scene.control.Button resume = new javafx.scene.control.Button("Resume from checkpoint…");
    private final Label resumeWhy = new Label();
    private java.util.function.Consumer<dev.flightdeck.app.gangs.Gang> onResume = g -> { };
    private java.util.function.Supplier<String> whyNotResume = () -> "not connected";
    private GangLine shown;

    CheckpointPane(GangsViewModel vm) {
        setId("checkpoint-panel");
        getStyleClass().add(Styles.PANEL);
        title.getStyleClass().add(Styles.SECTION_TITLE);
        recentTitle.getStyleClass().add(Styles.SECTION_TITLE);
        problem.setId("checkpoint-problem");
        problem.setWrapText(true);
        problem.getStyleClass().add(Styles.PROBLEM);
        resume.setId("gang-resume");
        resume.setOnAction(e -> {
            if (shown != null) {
                onResume.accept(shown.gang());
            }
        });
        resumeWhy.setId("gang-resume-why");
        resumeWhy.getStyleClass().add(Styles.MUTED);
        resumeWhy.setWrapText(true);
        getChildren().addAll(title, grid, problem, recentTitle, recent, resume, resumeWhy);
        vm.selectedLineProperty().addListener((o, a, l) -> show(l));
        show(vm.selectedLineProperty().get());
    }

    /** Resume is offered for halted, failed and stalled gangs; {@code whyNot} says why it is off (read-only, no cluster). */
    void setResume(java.util.function.Consumer<dev.flightdeck.app.gangs.Gang> action, java.util.function.Supplier<String> whyNot) {
        onResume = action;
        whyNotResume = whyNot;
    }

    private void showResume(GangLine l) {
        boolean stuck = l != null && l.gang().verdict().resumable();
        String why = stuck ? whyNotResume.get() : null;
        resume.setVisible(stuck);
        resume.setManaged(stuck);
        resume.setDisable(why != null);
        resumeWhy.setText(why == null ? "" : why);
        resumeWhy.setManaged(why != null);
        resumeWhy.setVisible(why != null);
    }

    private void show(GangLine l) {
        shown = l;
        showResume(l);
        grid.getChildren().clear();
        recent.getChildren().clear();
        problem.setText(null);
        problem.setGraphic(null);
        if (l == null) {
            title.setText("Checkpoint — select a gang");
            show(recentTitle, false);
            show(problem, false);
            return;
        }
        title.setText("Checkpoint");
        CheckpointStatus st = l.checkpoint();
        if (st == null) {
            row(0, "Source", "reading…");
            show(recentTitle, false);
            show(problem, false);
            return;
        }
        int r = 0;
        row(r++, "Source", switch (st.source()) {
            case OBJECT_STORAGE -> "object storage (checkpoint prefix)";
            case ANNOTATIONS -> "workload annotations";
            case NONE -> "none — the workload names no checkpoint";
        });
        Checkpoint n = st.newest();
        row(r++, "Newest", n == null ? "no complete checkpoint known"
                : (n.uri() == null ? "(no uri)" : n.uri()) + " · " + GangCells.step(n));
        CheckpointAge level = GangCells.level(l);
        Label age = row(r++, "Age", GangCells.checkpointAgeWithLevel(l));
        age.setId("checkpoint-age");
        age.setGraphic(Icons.icon(level.icon(), level.styleClass()));
        age.getStyleClass().add(level.styleClass());
        Label risk = row(r++, "GPU-hours at risk", GangCells.gpuHoursAtRisk(l) + " (" + l.gang().gpusTotal() + " GPUs × age)");
        risk.setId("checkpoint-risk");
        if (st.problem() != null) {
            problem.setText(st.problem());
            problem.setGraphic(Icons.icon(Icons.ERROR));
        }
        show(problem, st.problem() != null);

        List<Checkpoint> cps = st.recent();
        show(recentTitle, !cps.isEmpty());
        for (int i = 0; i < cps.size(); i++) {
            Checkpoint c = cps.get(i);
            String spacing = i + 1 < cps.size() ? GangCells.spacing(c, cps.get(i + 1)) + " after previous" : "";
            recent.addRow(i, fixed(new Label(GangCells.step(c))), fixed(new Label(GangCells.ago(c.completedAt(), l.now()))),
                    fixed(muted(spacing)));
        }
    }

    private Label row(int r, String key, String value) {
        Label k = new Label(key);
        k.getStyleClass().add(Styles.KEY);
        k.setMinWidth(Region.USE_PREF_SIZE);
        Label v = new Label(value);
        v.setWrapText(true);
        v.setMaxWidth(460);
        v.setId("checkpoint-" + key.toLowerCase(Locale.ROOT).replace(' ', '-'));
        grid.addRow(r, k, v);
        return v;
    }

    private static Label fixed(Label l) {
        l.setMinWidth(Region.USE_PREF_SIZE);
        return l;
    }

    private static Label muted(String s) {
        Label l = new Label(s);
        l.getStyleClass().add(Styles.MUTED);
        return l;
    }

    private static void show(javafx.scene.Node n, boolean on) {
        n.setVisible(on);
        n.setManaged(on);
    }
}
