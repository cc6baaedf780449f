package dev.flightdeck.views.nodes;

import dev.flightdeck.app.nodes.NodeSummary;
import dev.flightdeck.app.nodes.NodeVerdict;
import dev.flightdeck.views.theme.Icons;
import dev.flightdeck.views.theme.Styles;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.Tooltip;
import javafx.scene.control.Labeled;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.Region;
import org.kordamp.ikonli.javafx.FontIcon;

import java.util.EnumMap;
import java.util.Map;

/**
 * The fleet at a glance: usable of total GPUs, then one chip per verdict (icon, word,
 * count), gated and cordoned. A verdict chip filters the table to that verdict. A flow
 * pane: on a narrow window the chips wrap to a second line rather than being cut.
 */
final class NodesHeader extends FlowPane {

    private final Label gpus = new Label();
    private final Map<NodeVerdict, Button> chips = new EnumMap<>(NodeVerdict.class);
    private final Label gated = new Label();
    private final Label cordoned = new Label();

    NodesHeader(NodesViewModel vm) {
        super(14, 6);
        getStyleClass().add(Styles.FLEET_HEADER);
        gpus.setId("gpus-usable");
        gpus.getStyleClass().add(Styles.HEADLINE);
        gpus.setGraphic(new FontIcon(Icons.GPU));
        getChildren().add(gpus);
        for (NodeVerdict v : NodeVerdict.values()) {
            Button chip = new Button();
            chip.setId("chip-" + Styles.verdict(v));
            chip.getStyleClass().add(Styles.CHIP);
            chip.setGraphic(Icons.icon(Icons.verdict(v), Styles.verdict(v)));
            chip.setTooltip(new Tooltip("Show only " + v.label() + " nodes"));
            chip.setOnAction(e -> vm.verdictFilterProperty().set(v));
            chips.put(v, chip);
            getChildren().add(chip);
        }
        gated.setGraphic(Icons.icon(Icons.GATE));
        cordoned.setGraphic(Icons.icon(Icons.CORDONED));
        getChildren().addAll(gated, cordoned);
        getChildren().forEach(n -> ((Labeled) n).setMinWidth(Region.USE_PREF_SIZE));
        vm.summaryProperty().addListener((o, old, s) -> show(s));
        show(vm.summaryProperty().get());
    }

    private void show(NodeSummary s) {
        gpus.setText("%,d / %,d GPUs usable".formatted(s.gpusUsable(), s.gpusTotal()));
        for (Map.Entry<NodeVerdict, Button> e : chips.entrySet()) {
            e.getValue().setText("%s %,d".formatted(e.getKey().label(), s.nodes(e.getKey())));
        }
        gated.setText("preflight gate on %,d".formatted(s.gated()));
        cordoned.setText("cordoned %,d".formatted(s.cordoned()));
    }
}
