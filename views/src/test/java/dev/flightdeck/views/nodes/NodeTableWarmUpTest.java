package dev.flightdeck.views.nodes;

import dev.flightdeck.views.FxWait;
import javafx.scene.Scene;
import javafx.scene.layout.StackPane;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The warm-up builds the cells of a screenful of rows though its table is hidden (else it would warm nothing), and
 * leaves nothing behind in the window.
 */
@ExtendWith(ApplicationExtension.class)
class NodeTableWarmUpTest {

    private final StackPane host = new StackPane();

    @Start
    void start(Stage stage) {
        stage.setScene(new Scene(host, 1400, 900));
        stage.show();
    }

    @Test
    void aHiddenTableBuildsAScreenfulOfRowsAndIsGoneAfter() throws Exception {
        int built = FxWait.onFx(() -> NodeTableWarmUp.run(host, TestNodes.CLOCK));
        assertTrue(built >= 20 && built <= NodeTableWarmUp.ROWS, "rows with cells: " + built);
        assertEquals(0, (int) FxWait.onFx(() -> host.getChildren().size()), "the table is taken out again");
        assertEquals(0, (int) FxWait.onFx(() -> NodeTableWarmUp.run(new StackPane(), TestNodes.CLOCK)),
                "a host in no scene: nothing to warm");
    }
}
