package dev.flightdeck.views.drills;

import dev.flightdeck.app.connect.ConnectionTarget;
import dev.flightdeck.drills.DrillReport;
import dev.flightdeck.drills.ScenarioCatalog;
import dev.flightdeck.app.gangs.GangVerdict;
import dev.flightdeck.app.session.ClusterSession;
import dev.flightdeck.views.ConsoleWindow;
import dev.flightdeck.views.FxWait;
import dev.flightdeck.views.Screenshots;
import dev.flightdeck.views.gangs.GangRow;
import dev.flightdeck.views.gangs.GangsViewModel;
import dev.flightdeck.views.shell.MainWindow;
import dev.flightdeck.views.shell.SessionController;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.TableView;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.framework.junit5.Stop;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The Drills screen with the whole console: pick rank-crash and read its brief, start it (a quick
 * rehearsal, faults 10× sooner), find the halted gang on the Gangs screen under the drill banner,
 * resume it through the normal dialog, and read the report the drill ends with; the console is then
 * back on the cluster it showed before. A second drill is aborted from the banner and its report
 * says so. Screenshots of the brief, the running drill and the report go to target/screenshots.
 */
@ExtendWith(ApplicationExtension.class)
class DrillsScreenSandboxTest {

    private static final int NODES = 8;

    private SessionController sessions;
    private MainWindow window;
    private GangsViewModel gangs;
    private ConsoleWindow console;

    @Start
    void start(Stage stage) {
        console = ConsoleWindow.show(stage, NODES, 1000, 1000);
        sessions = console.sessions;
        window = console.window;
        gangs = console.gangs;
    }

    @Stop
    void stop() {
        console.close();
    }

    @Test
    void aDrillIsBriefedRunOnItsOwnSandboxAndReported(FxRobot robot, @TempDir Path exports) throws Exception {
        DrillsViewModel drills = window.drills();
        FxWait.until(() -> sessions.session() != null, "the console on its sandbox");
        ClusterSession before = sessions.session();
        robot.clickOn("#nav-drills");
        FxWait.until(() -> drills.scenarios().size() >= 9, "the bundled scenarios listed");
        ScenarioCatalog.Entry rankCrash = drills.scenarios().stream()
                .filter(e -> e.ok() && e.scenario().id().equals("rank-crash")).findFirst().orElseThrow();
        robot.interact(() -> drills.selectedProperty().set(rankCrash));
        FxWait.until(() -> ConsoleWindow.text(robot, "#drill-brief-text").contains("no progress for 5 minutes"),
                "the brief");
        assertTrue(ConsoleWindow.text(robot, "#drill-facts").contains("1 fault"), ConsoleWindow.text(robot, "#drill-facts"));
        assertTrue(!ConsoleWindow.text(robot, "#drill-facts").contains("rank-crash"), "the brief never names the fault");
        Screenshots.write(window.getScene(), "drill-brief");

        robot.interact(() -> drills.paceProperty().set(10));
        robot.clickOn("#start-drill");
        FxWait.until(() -> drills.phaseProperty().get() == DrillsViewModel.Phase.RUNNING, "the drill running");
        Node banner = robot.lookup("#drill-banner").query();
        assertTrue(banner.isVisible(), "the drill banner");
        FxWait.until(() -> sessions.session() != null && sessions.session() != before
                && sessions.session().model().snapshot().summary().gpuNodes() == 16, "the console on the drill's 16-node sandbox");

        robot.clickOn("#nav-gangs");
        assertTrue(banner.isVisible(), "the banner stays on every screen");
        FxWait.until(() -> gangs.allRows().stream().anyMatch(r -> r.key().name().equals("llm-pretrain")
                && (r.gang().verdict() == GangVerdict.HALTED || r.gang().verdict() == GangVerdict.FAILED)),
                "llm-pretrain halted by the crashed rank");
        GangRow halted = gangs.allRows().stream().filter(r -> r.key().name().equals("llm-pretrain")).findFirst().orElseThrow();
        robot.interact(() -> gangs.select(halted.key()));
        FxWait.until(() -> ConsoleWindow.text(robot, "#drill-banner-text").matches("DRILL · rank-crash · 00:\\d\\d of 15 min.*"),
                "the banner's clock");
        Screenshots.write(window.getScene(), "drill-running");

        FxWait.until(() -> robot.lookup("#gang-resume").tryQuery().map(n -> n.isVisible() && !n.isDisabled()).orElse(false),
                "the resume button");
        robot.clickOn("#gang-resume");
        FxWait.until(() -> robot.lookup("#resume-confirm").tryQuery().isPresent(), "the resume plan");
        robot.clickOn("#resume-confirm").write("llm-pretrain");
        Button go = robot.lookup("#resume-go").queryButton();
        FxWait.until(() -> !go.isDisabled(), "enabled by the gang's name");
        robot.clickOn("#resume-go");
        FxWait.until(() -> robot.lookup("#resume-outcome").tryQuery().isPresent(), "the resume to end");
        robot.clickOn("#resume-close");

        FxWait.until(() -> drills.phaseProperty().get() == DrillsViewModel.Phase.REPORT, "the drill's report");
        DrillReport report = drills.reportProperty().get();
        assertEquals(DrillReport.Outcome.RECOVERED, report.outcome(), report.endedHow());
        DrillReport.FaultResult crash = report.faults().getFirst();
        assertTrue(crash.toDetect() != null && crash.toRecover() != null, crash.toString());
        assertEquals(List.of(), crash.goalsMissed(), "opened the gang, resumed from the newest, running on trusted nodes");
        assertTrue(report.timeline().stream().anyMatch(e -> e.text().equals("opened gang training/llm-pretrain")),
                "the console's selection is a step on the timeline");
        FxWait.until(() -> sessions.targetProperty().get() instanceof ConnectionTarget.Sandbox, "back on the sandbox of before");
        robot.clickOn("#nav-drills");
        FxWait.until(() -> robot.lookup("#drill-chart").tryQuery().map(Node::isVisible).orElse(false), "the report's chart");
        TableView<?> faults = robot.lookup("#drill-faults").queryTableView();
        assertEquals(1, faults.getItems().size());
        FxWait.until(() -> ConsoleWindow.text(robot, "#drill-kept").startsWith("Kept in"), "the report kept");
        Screenshots.write(window.getScene(), "drill-report");

        robot.interact(() -> drills.export(exports));
        FxWait.until(() -> ConsoleWindow.text(robot, "#drill-kept").startsWith("Exported"), "the export");
        String html = Files.readString(exports.resolve("drill-rank-crash.html"));
        assertTrue(html.contains("data:image/png;base64,") && html.contains("RECOVERED"), "a self-contained page");
        assertTrue(Files.readString(exports.resolve("drill-rank-crash.md")).contains("![GPUs in service"));

        robot.clickOn("#drill-back");
        FxWait.until(() -> !drills.trend().isEmpty(), "the result in the scenario's trend");
        assertEquals(DrillReport.Outcome.RECOVERED, drills.trend().getFirst().outcome());
    }

    @Test
    void anAbortedDrillLeavesAReportMarkedAborted(FxRobot robot) throws Exception {
        DrillsViewModel drills = window.drills();
        FxWait.until(() -> sessions.session() != null, "the console on its sandbox");
        robot.clickOn("#nav-drills");
        FxWait.until(() -> drills.scenarios().size() >= 9, "the bundled scenarios listed");
        robot.interact(() -> drills.selectedProperty().set(drills.scenarios().stream()
                .filter(e -> e.ok() && e.scenario().id().equals("node-not-ready")).findFirst().orElseThrow()));
        robot.clickOn("#start-drill");
        FxWait.until(() -> drills.phaseProperty().get() == DrillsViewModel.Phase.RUNNING, "the drill running");
        robot.clickOn("#nav-nodes");
        robot.clickOn("#drill-banner-abort");
        FxWait.until(() -> drills.phaseProperty().get() == DrillsViewModel.Phase.REPORT, "the report");
        DrillReport r = drills.reportProperty().get();
        assertEquals(DrillReport.Outcome.ABORTED, r.outcome());
        assertTrue(r.endedHow().startsWith("aborted at"), r.endedHow());
        assertNotEquals(0, r.samples().size(), "what was measured until then is kept");
        assertTrue(!robot.lookup("#drill-banner").query().isVisible(), "no banner once it ended");
    }
}
