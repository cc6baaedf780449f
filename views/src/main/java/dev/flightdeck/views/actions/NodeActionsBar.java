package dev.flightdeck.views.actions;

import dev.flightdeck.views.theme.Styles;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Region;

/**
 * The actions for one node, above its details: each button is disabled with the reason beside it
 * (read-only context, a missing permission named as RBAC names it) rather than hidden or failing.
 */
public final class NodeActionsBar extends HBox {

    /**
     * @param showJournal opens the journal filtered to this node
     * @param showYaml    opens the node's YAML
     * @param showEvents  shows the node's Events
     */
    public NodeActionsBar(ActionsController actions, String node, boolean cordoned, Runnable showJournal,
                          Runnable showYaml, Runnable showEvents) {
        super(8);
        setId("node-actions");
        Button cordon = action(cordoned ? "Uncordon…" : "Cordon…", "node-cordon", actions.whyNotCordonProperty());
        cordon.setOnAction(e -> actions.openCordon(node, cordoned));
        Button drain = action("Drain…", "node-drain", actions.whyNotDrainProperty());
        drain.setOnAction(e -> actions.openDrain(node));
        Button preflight = action("Re-run preflight…", "node-preflight", actions.whyNotPreflightProperty());
        preflight.setOnAction(e -> actions.openPreflight(node));
        Label why = new Label();
        why.setId("node-actions-why");
        why.getStyleClass().add(Styles.MUTED);
        why.setWrapText(true);
        // One line for all: the reasons are nearly always the same (read-only, or the same role missing).
        why.textProperty().bind(javafx.beans.binding.Bindings.createStringBinding(() -> first(
                actions.whyNotDrainProperty().get(), actions.whyNotCordonProperty().get(),
                actions.whyNotPreflightProperty().get()), actions.whyNotDrainProperty(), actions.whyNotCordonProperty(),
                actions.whyNotPreflightProperty()));
        javafx.scene.control.Hyperlink journal = new javafx.scene.control.Hyperlink("Journal");
        journal.setId("node-journal");
        journal.setTooltip(new Tooltip("What was done to " + node + ", and by whom"));
        journal.setOnAction(e -> showJournal.run());
        javafx.scene.control.Hyperlink yaml = new javafx.scene.control.Hyperlink("YAML");
        yaml.setId("node-yaml");
        yaml.setTooltip(new Tooltip(node + " as the API server has it (read-only)"));
        yaml.setOnAction(e -> showYaml.run());
        javafx.scene.control.Hyperlink events = new javafx.scene.control.Hyperlink("Events");
        events.setId("node-events");
        events.setTooltip(new Tooltip("The Events about " + node + " (the scheduler's, the kubelet's, the console's)"));
        events.setOnAction(e -> showEvents.run());
        getChildren().addAll(cordon, drain, preflight, journal, events, yaml, why);
    }

    private static Button action(String text, String id, ReadOnlyStringProperty whyNot) {
        Button b = new Button(text);
        b.setId(id);
        b.setMinWidth(Region.USE_PREF_SIZE);
        b.disableProperty().bind(whyNot.isNotNull());
        Tooltip tip = new Tooltip();
        tip.textProperty().bind(whyNot);
        // A disabled control shows no tooltip; the reason is also in the label beside the buttons.
        b.setTooltip(tip);
        return b;
    }

    private static String first(String... reasons) {
        for (String r : reasons) {
            if (r != null) {
                return r;
            }
        }
        return "";
    }
}
