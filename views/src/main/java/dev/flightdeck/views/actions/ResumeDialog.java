package dev.flightdeck.views.actions;

import dev.flightdeck.app.actions.ActionRun;
import dev.flightdeck.app.actions.ActionSession;
import dev.flightdeck.app.actions.Permission;
import dev.flightdeck.app.actions.resume.ResumeEvent;
import dev.flightdeck.app.actions.resume.ResumeOperation;
import dev.flightdeck.app.actions.resume.ResumeOutcome;
import dev.flightdeck.app.actions.resume.ResumePlan;
import dev.flightdeck.app.actions.resume.ResumePlanText;
import dev.flightdeck.app.actions.resume.ResumableKind;
import dev.flightdeck.app.checkpoints.Checkpoint;
import dev.flightdeck.app.gangs.Gang;
import dev.flightdeck.views.theme.Styles;
import javafx.beans.binding.Bindings;
import javafx.scene.control.Button;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.ListView;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.stage.Window;
import javafx.util.StringConverter;

import java.util.List;
import java.util.OptionalLong;

/**
 * Resume a halted or failed gang from a checkpoint: pick the checkpoint (newest complete by
 * default), read what will be deleted and created and the workload before/after as a diff, type
 * the gang's name (it deletes a workload), then watch: saved to the journal, deleted, created,
 * ranks starting — or the original restored if creation fails. Recorded as a FlightdeckResume Event.
 */
final class ResumeDialog extends ActionWindow {

    private final ActionSession s;
    private final Gang gang;
    private final Runnable journalChanged;
    private final ChoiceBox<Checkpoint> checkpoint = new ChoiceBox<>();
    private final TextField typed = new TextField();
    private final Button go = button("Resume", "resume-go");
    /** FX thread only: the plan shown and the run it was journaled for. */
    private ResumePlan plan;
    private ActionRun<ResumePlan, ResumeEvent, ResumeOutcome> run;

    ResumeDialog(Window owner, ActionSession s, Gang gang, Runnable journalChanged) {
        super(owner, s, "Resume " + gang.key().namespace() + "/" + gang.key().name() + " from a checkpoint", "resume-dialog");
        this.s = s;
        this.gang = gang;
        this.journalChanged = journalChanged;
        checkpoint.setId("resume-checkpoint");
        checkpoint.setConverter(new StringConverter<>() {
            @Override
            public String toString(Checkpoint c) {
                return c == null ? "" : "step " + c.step() + " · " + c.uri();
            }

            @Override
            public Checkpoint fromString(String x) {
                return null;
            }
        });
        typed.setId("resume-confirm");
        Button close = button("Close", "resume-close");
        close.setOnAction(e -> close());
        go.setOnAction(e -> execute());
        go.setDisable(true);
        setButtons(close, go);
        body.getChildren().setAll(muted("Reading the workload, its pods and its checkpoints…"));
        replan(OptionalLong.empty());
    }

    private void replan(OptionalLong step) {
        go.disableProperty().unbind();
        go.setDisable(true);
        inBackground(() -> {
            String refused = s.whyNot(permissions(gang));
            if (refused != null) {
                throw new IllegalStateException(refused);
            }
            ActionRun<ResumePlan, ResumeEvent, ResumeOutcome> r = ResumeOperation.run(s, gang, step);
            ResumePlan p = r.plan();
            // Here, not on the FX thread: once the cache expires this is an S3 LIST.
            List<Checkpoint> recent = s.session().checkpoints().read(gang.annotations()).recent();
            return new Planned(p, r, recent);
        }, this::showPlan);
    }

    /** A plan, the run it was journaled for and the checkpoints to pick from, all made off the FX thread. */
    private record Planned(ResumePlan plan, ActionRun<ResumePlan, ResumeEvent, ResumeOutcome> run, List<Checkpoint> recent) {
    }

    /** Delete and create the workload's kind, read its pods: what RBAC must allow (none for a kind resume refuses). */
    private static List<Permission> permissions(Gang g) {
        return ResumableKind.of(g.key().system()).map(k -> ResumeOperation.permissions(k, g.key().namespace())).orElse(List.of());
    }

    private void showPlan(Planned planned) {
        ResumePlan p = planned.plan();
        plan = p;
        run = planned.run();
        problem.setText("");
        List<String> lines = ResumePlanText.lines(p);
        int diffStart = lines.indexOf(lines.stream().filter(l -> l.startsWith("---")).findFirst().orElse(""));
        body.getChildren().setAll(line(lines.getFirst(), "resume-summary"), section("Checkpoint"), checkpoint);
        List<Checkpoint> recent = planned.recent();
        checkpoint.setOnAction(null);
        checkpoint.getItems().setAll(recent.isEmpty() ? List.of(p.checkpoint()) : recent);
        checkpoint.getItems().stream().filter(c -> c.step() == p.checkpoint().step()).findFirst().ifPresent(checkpoint::setValue);
        checkpoint.setOnAction(e -> replan(checkpoint.getValue() == null ? OptionalLong.empty()
                : OptionalLong.of(checkpoint.getValue().step())));
        for (String l : lines.subList(1, diffStart < 0 ? lines.size() : diffStart)) {
            body.getChildren().add(line(l.strip(), null));
        }
        if (diffStart >= 0) {
            TextArea diff = new TextArea(String.join("\n", lines.subList(diffStart, lines.size())));
            diff.setId("resume-diff");
            diff.setEditable(false);
            diff.getStyleClass().add(Styles.MONO);
            diff.setPrefRowCount(18);
            body.getChildren().addAll(section("The workload, before and after"), diff);
        }
        String name = p.name();
        confirm.getChildren().setAll(section("Type " + name + " to confirm: the workload and its " + p.pods().size()
                + " pods are deleted and created again"), typed);
        go.disableProperty().bind(Bindings.createBooleanBinding(() -> !typed.getText().equals(name), typed.textProperty()));
    }

    private void execute() {
        ResumePlan confirmed = plan;
        ActionRun<ResumePlan, ResumeEvent, ResumeOutcome> confirmedRun = run;
        go.disableProperty().unbind();
        go.setDisable(true);
        confirm.getChildren().clear();
        javafx.scene.control.Label status = line("saving the workload and its pods to the journal…", "resume-status");
        ListView<String> log = new ListView<>();
        log.setId("resume-log");
        body.getChildren().setAll(status, log);
        setButtons();
        carryOut("resume " + confirmed.ref(), confirmedRun, confirmed, "", event -> {
            log.getItems().add(event.line());
            status.setText(event.line());
        }, o -> {
            status.setId("resume-outcome");
            status.setText(o.summary());
            status.getStyleClass().add(o.resumed() ? Styles.MUTED : Styles.PROBLEM);
            Button close = button("Close", "resume-close");
            close.setOnAction(e -> close());
            setButtons(close);
            journalChanged.run();
        });
    }
}
