package dev.flightdeck.views.theme;

import dev.flightdeck.app.pressure.Level;
import dev.flightdeck.app.session.SessionOptions;
import dev.flightdeck.app.settings.SettingsFile;
import dev.flightdeck.app.settings.Theme;
import dev.flightdeck.sandbox.metrics.Episode;
import dev.flightdeck.views.ConsoleWindow;
import dev.flightdeck.views.FxWait;
import dev.flightdeck.views.SandboxScreenTest;
import dev.flightdeck.views.Screenshots;
import dev.flightdeck.views.gangs.GangRow;
import javafx.application.ColorScheme;
import javafx.application.Platform;
import javafx.scene.Node;
import javafx.scene.control.Labeled;
import javafx.scene.control.MenuButton;
import javafx.scene.control.RadioMenuItem;
import javafx.scene.layout.Region;
import javafx.scene.paint.Color;
import javafx.scene.paint.Paint;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The themes on the whole console: the View menu switches light and dark while it runs (the stylesheet, what CSS
 * paints and what Java draws), the choice is written to settings.json and read back, "system" follows the OS as it
 * changes, and the main screens are photographed in both looks (target/screenshots/theme-*.png).
 */
class ThemesSandboxTest extends SandboxScreenTest {

    private Path settings;
    private byte[] settingsBefore;

    @Override
    protected ConsoleWindow show(Stage stage) {
        return ConsoleWindow.onSandbox(stage, 64, SessionOptions.DEFAULTS.withMetricsInterval(Duration.ofSeconds(1)),
                1600, 960, s -> s.pressure().time().setSpeed(15));
    }

    @BeforeEach
    void keepTheSettingsFile() throws Exception {
        settings = SettingsFile.standard().path();
        settingsBefore = Files.exists(settings) ? Files.readAllBytes(settings) : null;
    }

    @AfterEach
    void lightAgainAndTheSettingsFileAsItWas() throws Exception {
        FxWait.onFx(() -> {
            Themes.osScheme().bind(Platform.getPreferences().colorSchemeProperty());
            Themes.choose(Theme.LIGHT);
            return null;
        });
        if (settingsBefore == null) {
            Files.deleteIfExists(settings);
        } else {
            Files.write(settings, settingsBefore);
        }
    }

    @Test
    void theViewMenuSwitchesTheThemeAtOnceAndRemembersIt(FxRobot robot) throws Exception {
        FxWait.until(() -> window.nodesView() != null && sessions.session() != null, "the session");
        Palette light = Palette.of(Look.LIGHT);
        Palette dark = Palette.of(Look.DARK);
        assertEquals(light.color("-fd-surface"), background(robot, ".top-bar"), "light to start with");
        assertEquals(Theme.LIGHT, chosenInMenu(robot));

        robot.clickOn("#view-menu").clickOn("Dark");
        FxWait.until(() -> Themes.look() == Look.DARK, "the dark look");
        assertTrue(window.getScene().getStylesheets().contains(Look.DARK.stylesheet()));
        assertFalse(window.getScene().getStylesheets().contains(Look.LIGHT.stylesheet()), "one palette at a time");
        // What CSS paints follows at once: the panels, the navigation, the text of the table.
        assertEquals(dark.color("-fd-surface"), background(robot, ".top-bar"));
        assertEquals(dark.color("-fd-surface"), background(robot, ".nav"));
        Labeled cell = robot.lookup(".node-table .table-row-cell .table-cell").match(n -> n instanceof Labeled l
                && l.getText() != null && !l.getText().isBlank()).queryAs(Labeled.class);
        assertTrue(luminance(cell.getTextFill()) > 0.6, "light text on the dark table: " + cell.getTextFill());
        assertEquals(Theme.DARK, chosenInMenu(robot));
        // Its popup is dark too: a menu takes its colours from the window it opens from.
        robot.clickOn("#view-menu");
        FxWait.until(() -> robot.lookup(".context-menu").match(ThemesSandboxTest::painted).tryQuery().isPresent(),
                "the View menu open");
        Region popup = robot.lookup(".context-menu").match(ThemesSandboxTest::painted).queryAs(Region.class);
        assertTrue(luminance(popup.getBackground().getFills().getLast().getFill()) < 0.2, "a dark menu");
        Screenshots.write(popup, "theme-view-menu-dark");
        robot.type(javafx.scene.input.KeyCode.ESCAPE);
        FxWait.until(() -> new SettingsFile(settings).loadTheme().theme() == Theme.DARK, "\"theme\": \"dark\" saved");
        assertTrue(Files.readString(settings).contains("\"theme\" : \"dark\""), Files.readString(settings));

        // A window opened afterwards (About) is dark too, and a switch while it is open restyles it as well.
        robot.clickOn("#app-title");
        FxWait.until(() -> robot.lookup("#about-close").tryQuery().isPresent(), "the About window");
        Node about = robot.lookup("#about-close").query();
        assertTrue(about.getScene().getStylesheets().contains(Look.DARK.stylesheet()), "About opens dark");
        robot.interact(() -> Themes.choose(Theme.LIGHT));
        assertTrue(about.getScene().getStylesheets().contains(Look.LIGHT.stylesheet()), "About follows the switch");
        robot.interact(() -> about.getScene().getWindow().hide());

        // Light again from the menu, and saved so.
        robot.interact(() -> Themes.choose(Theme.DARK));
        robot.clickOn("#view-menu").clickOn("Light");
        FxWait.until(() -> Themes.look() == Look.LIGHT, "the light look");
        assertEquals(light.color("-fd-surface"), background(robot, ".top-bar"));
        FxWait.until(() -> new SettingsFile(settings).loadTheme().theme() == Theme.LIGHT, "\"theme\": \"light\" saved");
    }

    @Test
    void followingTheSystemChangesWithTheOs(FxRobot robot) throws Exception {
        FxWait.until(() -> sessions.session() != null, "the session");
        robot.interact(() -> {
            Themes.osScheme().unbind(); // the test plays the operating system from here
            Themes.osScheme().set(ColorScheme.LIGHT);
        });
        robot.clickOn("#view-menu").clickOn("Follow the system (now light)");
        FxWait.until(() -> Themes.chosenProperty().get() == Theme.SYSTEM, "system chosen");
        assertEquals(Look.LIGHT, Themes.look());
        FxWait.until(() -> new SettingsFile(settings).loadTheme().theme() == Theme.SYSTEM, "\"theme\": \"system\" saved");

        robot.interact(() -> Themes.osScheme().set(ColorScheme.DARK)); // dusk
        assertEquals(Look.DARK, Themes.look(), "the OS went dark: so does the console, without asking");
        assertEquals(Palette.of(Look.DARK).color("-fd-surface"), background(robot, ".top-bar"));
        robot.clickOn("#view-menu");
        assertTrue(robot.lookup("#view-menu").queryAs(MenuButton.class).getItems().stream()
                .anyMatch(i -> i.getText().equals("Follow the system (now dark)")), "the menu says what the OS says now");
        robot.clickOn("#view-menu"); // closed again

        robot.interact(() -> Themes.osScheme().set(ColorScheme.LIGHT)); // dawn
        assertEquals(Look.LIGHT, Themes.look());
        assertEquals(Palette.of(Look.LIGHT).color("-fd-surface"), background(robot, ".top-bar"));

        // A theme chosen outright is not moved by the OS.
        robot.interact(() -> Themes.choose(Theme.DARK));
        robot.interact(() -> Themes.osScheme().set(ColorScheme.LIGHT));
        assertEquals(Look.DARK, Themes.look());
    }

    @Test
    void theMainScreensInBothThemes(FxRobot robot) throws Exception {
        // Nodes, with an untrusted node's details (its GPUs from telemetry, or the line saying why there are none).
        shown.openNode(robot, "gpu-node-013");
        robot.moveTo("#app-title");
        Screenshots.writeBothThemes(window.getScene(), "theme-nodes");

        // Gangs, the halted gang selected with its broken rank; then coloured by GPU utilisation.
        robot.clickOn("#nav-gangs");
        FxWait.until(() -> shown.gangs.allRows().stream().anyMatch(r -> r.key().toString().equals("training/rlhf-actor")),
                "the sandbox gangs");
        GangRow halted = shown.gangs.allRows().stream().filter(r -> r.key().toString().equals("training/rlhf-actor"))
                .findFirst().orElseThrow();
        robot.interact(() -> window.openGang(halted.key(), 5));
        FxWait.until(() -> robot.lookup("#broken-rank-5").tryQuery().isPresent(), "the broken rank listed");
        robot.moveTo("#app-title");
        Screenshots.writeBothThemes(window.getScene(), "theme-gangs");
        // Fired, not clicked: at 1600 px wide the toggle can sit past the headless screen's 1000 px the robot reaches.
        fire(robot, "#rank-colour-utilisation");
        FxWait.until(() -> robot.lookup("#legend-utilisation-scale").tryQuery().isPresent(), "the utilisation legend");
        FxWait.until(() -> sessions.session().telemetry().latest() != null, "the first GPU telemetry read");
        robot.moveTo("#app-title");
        Screenshots.writeBothThemes(window.getScene(), "theme-telemetry");
        fire(robot, "#rank-colour-state");

        // Pressure, in an APF storm: the red headline and chart, the amber and red bounds.
        robot.clickOn("#nav-pressure");
        sandbox.pressure().start(Episode.APF_429_STORM);
        FxWait.until(() -> sessions.pressure().levelProperty().get() == Level.RED, "the storm on the pressure screen");
        java.time.Instant red = sessions.pressure().latestProperty().get().at();
        FxWait.until(() -> sessions.pressure().historyProperty().get().times().stream().filter(t -> t.isAfter(red)).count() >= 3,
                "three more scrapes on the chart");
        robot.moveTo("#app-title");
        Screenshots.writeBothThemes(window.getScene(), "theme-pressure");
        for (String name : new String[]{"theme-nodes", "theme-gangs", "theme-telemetry", "theme-pressure"}) {
            for (String suffix : new String[]{"", "-dark"}) {
                Path png = Screenshots.dir().resolve(name + suffix + ".png");
                assertTrue(Files.size(png) > 20_000, "a screenshot with content: " + png);
            }
        }
    }

    private static Color background(FxRobot robot, String query) {
        Region r = robot.lookup(query).queryAs(Region.class);
        return (Color) r.getBackground().getFills().getFirst().getFill();
    }

    private static void fire(FxRobot robot, String query) {
        javafx.scene.control.ButtonBase b = robot.lookup(query).queryAs(javafx.scene.control.ButtonBase.class);
        robot.interact(b::fire);
    }

    private static boolean painted(Node n) {
        return n instanceof Region r && r.getBackground() != null && !r.getBackground().getFills().isEmpty();
    }

    private static Theme chosenInMenu(FxRobot robot) {
        return robot.lookup("#view-menu").queryAs(MenuButton.class).getItems().stream()
                .map(RadioMenuItem.class::cast).filter(RadioMenuItem::isSelected)
                .map(i -> (Theme) i.getUserData()).findFirst().orElse(null);
    }

    private static double luminance(Paint p) {
        Color c = (Color) p;
        return 0.2126 * c.getRed() + 0.7152 * c.getGreen() + 0.0722 * c.getBlue();
    }
}
