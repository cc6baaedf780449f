package dev.flightdeck.views.gangs;

import dev.flightdeck.app.gangs.RankSlot;
import dev.flightdeck.views.theme.Icons;
import dev.flightdeck.views.theme.Styles;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

import java.util.function.Consumer;

/**
 * The hovered (else selected) rank in words: pod, node, state, restarts, reason, and the
 * node's GPU trust verdict and why; "Go to node" opens it on the Nodes screen.
 */
final class RankDetailsPane extends VBox {

    private final Label title = new Label();
    private final GridPane grid = new GridPane(10, 3);
    private final Button goToNode = new Button("Go to node", Icons.icon(Icons.GO_TO));
    private final Button podYaml = new Button("Pod YAML");
    private final Button gangYaml = new Button("Gang YAML");
    private final Button logs = new Button("Logs");
    private final Button events = new Button("Events");
    private GangEvidence evidence = GangEvidence.NONE;

    RankDetailsPane(GangsViewModel vm, Consumer<String> openNode) {
        setId("rank-details");
        getStyleClass().add(Styles.PANEL);
        title.getStyleClass().add(Styles.SECTION_TITLE);
        title.setId("rank-details-title");
        goToNode.setId("go-to-node");
        goToNode.setOnAction(e -> {
            RankSlot s = vm.shownRankProperty().get();
            if (s != null && s.node() != null) {
                openNode.accept(s.node());
            }
        });
        podYaml.setId("rank-pod-yaml");
        podYaml.setOnAction(e -> {
            RankSlot s = vm.shownRankProperty().get();
            GangRow g = vm.selectedProperty().get();
            if (s != null && s.pod() != null && g != null) {
                evidence.podYaml(g.key().namespace(), s.pod());
            }
        });
        gangYaml.setId("gang-yaml");
        gangYaml.setOnAction(e -> {
            GangRow g = vm.selectedProperty().get();
            if (g != null) {
                evidence.gangYaml(g.key());
            }
        });
        gangYaml.disableProperty().bind(vm.selectedProperty().isNull());
        logs.setId("gang-logs");
        logs.setTooltip(new javafx.scene.control.Tooltip("Every rank's log: the first failure, the errors across ranks (L)"));
        logs.setOnAction(e -> {
            GangRow g = vm.selectedProperty().get();
            RankSlot s = vm.shownRankProperty().get();
            if (g != null) {
                evidence.logs(g.key(), s == null ? -1 : s.rank());
            }
        });
        logs.disableProperty().bind(vm.selectedProperty().isNull());
        events.setId("gang-events");
        events.setOnAction(e -> {
            GangRow g = vm.selectedProperty().get();
            if (g != null) {
                evidence.events(g.gang());
            }
        });
        events.disableProperty().bind(vm.selectedProperty().isNull());
        javafx.scene.layout.FlowPane buttons = new javafx.scene.layout.FlowPane(8, 6, logs, events, goToNode, podYaml, gangYaml);
        getChildren().addAll(title, grid, buttons);
        vm.shownRankProperty().addListener((o, a, s) -> show(s));
        show(vm.shownRankProperty().get());
    }

    private void show(RankSlot s) {
        grid.getChildren().clear();
        if (s == null) {
            title.setText("Rank — hover or click one on the map");
            title.setGraphic(null);
            goToNode.setDisable(true);
            podYaml.setDisable(true);
            return;
        }
        title.setText("Rank " + s.rank() + (s.role() == null || s.role().isEmpty() ? "" : " (" + s.role() + ")")
                + " · " + s.state().label());
        title.setGraphic(Icons.icon(Icons.rankState(s.state())));
        int r = 0;
        row(r++, "Pod", s.pod() == null ? "missing (no pod)" : s.pod());
        row(r++, "Node", s.node() == null ? "not scheduled" : s.node());
        row(r++, "State", s.state().label());
        row(r++, "Restarts", String.valueOf(s.restarts()));
        row(r++, "GPUs", String.valueOf(s.gpus()));
        row(r++, "Reason", s.reason() == null || s.reason().isBlank() ? "—" : s.reason());
        String trust = s.nodeVerdict() == null ? "not a known GPU node" : s.nodeVerdict().label()
                + (s.nodeWhy() == null || s.nodeWhy().isBlank() ? "" : ": " + s.nodeWhy());
        Label t = row(r, "Node trust", trust);
        if (s.nodeVerdict() != null) {
            t.setGraphic(Icons.icon(Icons.verdict(s.nodeVerdict()), Styles.verdict(s.nodeVerdict())));
        }
        goToNode.setDisable(s.node() == null);
        podYaml.setDisable(s.pod() == null);
    }

    void setEvidence(GangEvidence evidence) {
        this.evidence = evidence;
    }

    private Label row(int r, String key, String value) {
        Label k = new Label(key);
        k.getStyleClass().add(Styles.KEY);
        k.setMinWidth(Region.USE_PREF_SIZE);
        Label v = new Label(value);
        v.setId("rank-" + key.toLowerCase(java.util.Locale.ROOT).replace(' ', '-'));
        v.setWrapText(true);
        v.setMaxWidth(420);
        grid.addRow(r, k, v);
        return v;
    }
}
