package dev.flightdeck.views.teams;

import dev.flightdeck.app.nodes.GpuNode;
import dev.flightdeck.app.gangs.Gang;
import dev.flightdeck.app.gangs.GangVerdict;
import dev.flightdeck.app.settings.TeamKey;
import dev.flightdeck.views.Screenshots;
import dev.flightdeck.views.theme.Styles;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.layout.StackPane;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The team table as the Nodes screen shows it, for a 512-node fleet shared by three teams (one of them known only by
 * its nodes' taint) and 40 nodes of no team: snapshotted to {@code target/screenshots/team-table.png} to be looked at.
 */
@ExtendWith(ApplicationExtension.class)
class TeamsPaneSnapshotTest {

    private TeamsViewModel vm;
    private Scene scene;

    @Start
    void start(Stage stage) {
        Random random = new Random(26);
        List<GpuNode> nodes = new ArrayList<>();
        List<Gang> gangs = new ArrayList<>();
        String[][] teams = {{"llm-pretrain", "240"}, {"inference", "136"}, {"research", "96"}, {null, "40"}};
        for (String[] t : teams) {
            int count = Integer.parseInt(t[1]);
            List<String> names = new ArrayList<>();
            for (int i = 0; i < count; i++) {
                String name = (t[0] == null ? "spare" : t[0]) + "-" + i;
                boolean taintOnly = "research".equals(t[0]);
                int withdrawn = random.nextInt(40) == 0 ? 1 : 0;
                boolean cordoned = random.nextInt(50) == 0;
                int inUse = random.nextInt(10) < 7 ? 8 : random.nextInt(3) * 4;
                nodes.add(TeamFleet.node(name, taintOnly ? null : t[0], t[0], withdrawn, cordoned, inUse));
                names.add(name);
            }
            for (int g = 0; g + 16 <= names.size() && t[0] != null; g += 16) {
                gangs.add(TeamFleet.gang(t[0] + "-job-" + g, GangVerdict.RUNNING, names.subList(g, g + 16)
                        .toArray(String[]::new)));
            }
            if (t[0] != null) {
                gangs.add(TeamFleet.gang(t[0] + "-next", GangVerdict.STARTING, names.getFirst(), null, null));
            }
        }
        gangs.add(TeamFleet.gang("queued-sweep", GangVerdict.STARTING, null, null, null, null));
        vm = new TeamsViewModel(Runnable::run);
        vm.show(new TeamKey(TeamFleet.KEY), nodes, gangs);
        StackPane root = new StackPane(new TeamsPane(vm));
        root.getStyleClass().add(Styles.ROOT);
        scene = new Scene(root, 1100, 260);
        dev.flightdeck.views.theme.Themes.install(scene);
        stage.setScene(scene);
        stage.show();
    }

    @Test
    void theTableShowsEachTeamAndTheNoteOnGangsInNoRow(FxRobot robot) throws Exception {
        assertEquals(4, robot.lookup("#teams-table").queryAs(javafx.scene.control.TableView.class).getItems().size());
        assertEquals("1 gang has no rank on a GPU node yet and is in no team's row",
                robot.lookup("#teams-unplaced").queryAs(Label.class).getText());
        Path shot = Screenshots.write(scene, "team-table");
        assertTrue(Files.size(shot) > 5_000);
        String text = Files.readString(Screenshots.dir().resolve("team-table.txt"));
        assertTrue(text.contains("llm-pretrain") && text.contains("(no team)") && text.contains("Gangs waiting"), text);
    }
}
