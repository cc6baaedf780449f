package dev.flightdeck.views.pressure;

import dev.flightdeck.app.pressure.Level;
import dev.flightdeck.views.theme.Icons;
import dev.flightdeck.views.theme.Styles;
import javafx.geometry.Insets;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.layout.ColumnConstraints;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.util.StringConverter;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The API pressure screen: the one-line headline (icon, word and colour by level), a window
 * choice, then either the dashboard of charts or the table of latest values, with readyz and
 * livez check by check at the side. When /metrics cannot be read (a 403, garbage) the headline
 * says why and the rest of the console keeps working.
 */
public final class PressureView extends VBox {

    private static final List<Duration> WINDOWS = List.of(Duration.ofMinutes(5), Duration.ofMinutes(15),
            Duration.ofMinutes(30), Duration.ofHours(1));

    private final PressureViewModel vm;
    private final List<SignalChart> charts = new ArrayList<>();
    private final LatestValuesTable table = new LatestValuesTable();
    private final HealthChecksPane health = new HealthChecksPane();
    private final Label headline = new Label();

    public PressureView(PressureViewModel vm) {
        this.vm = vm;
        setId("pressure-view");
        headline.setId("pressure-headline");
        headline.getStyleClass().add(Styles.HEADLINE);
        headline.setWrapText(true);
        headline.textProperty().bind(vm.headlineProperty());
        vm.levelProperty().addListener((o, old, l) -> level(l));
        level(vm.levelProperty().get());

        ChoiceBox<Duration> window = new ChoiceBox<>();
        window.setId("pressure-window");
        window.getItems().setAll(WINDOWS);
        window.setConverter(new StringConverter<>() {
            @Override
            public String toString(Duration d) {
                return d == null ? "" : d.toMinutes() < 60 ? "last " + d.toMinutes() + " min" : "last " + d.toHours() + " h";
            }

            @Override
            public Duration fromString(String s) {
                return null;
            }
        });
        window.valueProperty().bindBidirectional(vm.windowProperty());
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        HBox header = new HBox(10, headline, spacer, new EpisodeMenu(vm), new Label("History"), window);
        header.getStyleClass().add(Styles.FLEET_HEADER);

        GridPane grid = new GridPane();
        grid.setHgap(8);
        grid.setVgap(8);
        grid.setPadding(new Insets(8));
        for (int i = 0; i < 2; i++) {
            ColumnConstraints c = new ColumnConstraints();
            c.setPercentWidth(50);
            grid.getColumnConstraints().add(c);
        }
        for (ChartSpec spec : ChartSpec.DASHBOARD) {
            SignalChart chart = new SignalChart(spec);
            grid.add(chart, charts.size() % 2, charts.size() / 2);
            charts.add(chart);
        }
        ScrollPane dashboard = new ScrollPane(grid);
        dashboard.setFitToWidth(true);
        TabPane tabs = new TabPane(new Tab("Charts", dashboard), new Tab("Latest values", table));
        tabs.setId("pressure-tabs");
        tabs.setTabClosingPolicy(TabPane.TabClosingPolicy.UNAVAILABLE);
        HBox.setHgrow(tabs, Priority.ALWAYS);
        ScrollPane side = new ScrollPane(health);
        side.setFitToWidth(true);
        side.setMinWidth(300);
        side.setPrefWidth(320);
        HBox body = new HBox(tabs, side);
        VBox.setVgrow(body, Priority.ALWAYS);
        getChildren().addAll(header, body);

        vm.historyProperty().addListener((o, a, b) -> redraw());
        vm.latestProperty().addListener((o, a, b) -> redraw());
        vm.readyzProperty().addListener((o, a, b) -> health.show(vm.readyzProperty().get(), vm.livezProperty().get(),
                vm.healthProblemProperty().get()));
        redraw();
    }

    private void redraw() {
        charts.forEach(c -> c.show(vm.historyProperty().get(), vm.latestProperty().get()));
        table.show(vm.latestProperty().get());
        health.show(vm.readyzProperty().get(), vm.livezProperty().get(), vm.healthProblemProperty().get());
    }

    private void level(Level l) {
        headline.getStyleClass().removeIf(c -> c.startsWith("level-"));
        String style = l == null ? "level-unknown" : "level-" + l.name().toLowerCase(Locale.ROOT);
        headline.getStyleClass().add(style);
        headline.setGraphic(Icons.icon(l == null ? Icons.CONNECTING : l == Level.OK ? Icons.OK : Icons.AT_RISK, style));
    }

    /** The chart with that id ("refused", "latency", …), for tests. */
    SignalChart chart(String id) {
        return charts.stream().filter(c -> c.getId().equals("chart-" + id)).findFirst().orElseThrow();
    }
}
