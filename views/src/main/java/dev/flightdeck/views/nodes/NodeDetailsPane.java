package dev.flightdeck.views.nodes;

import dev.flightdeck.views.theme.Icons;
import dev.flightdeck.views.theme.Styles;
import javafx.geometry.Insets;
import javafx.scene.Node;
import javafx.collections.ListChangeListener;
import javafx.scene.control.Hyperlink;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import org.kordamp.ikonli.javafx.FontIcon;


import java.util.List;
import java.util.function.Consumer;

/**
 * The selected node in words: why it has its verdict, its GPUs as telemetry sees them, then
 * its facts, conditions, taints, pods, the console's own annotations and all labels, in three
 * columns so the table above keeps its width. Rebuilt on each change of the view model's details (one node).
 */
final class NodeDetailsPane extends ScrollPane {

    private final VBox content = new VBox(6);
    private final HBox columns = new HBox(24);
    private NodeGpusPane gpus;
    private final NodesViewModel vm;
    private final VBox ranks = new VBox(2);
    private Consumer<NodeRank> openRank = r -> { };
    private java.util.function.Function<String, javafx.scene.Node> actions = name -> null;

    NodeDetailsPane(NodesViewModel vm) {
        this.vm = vm;
        ranks.setId("node-ranks");
        vm.selectedRanks().addListener((ListChangeListener<NodeRank>) c -> showRanks());
        setId("node-details");
        setFitToWidth(true);
        content.getStyleClass().add(Styles.DETAILS);
        setContent(content);
        vm.detailsProperty().addListener((o, old, d) -> show(d));
        show(vm.detailsProperty().get());
    }

    /** What to show under the node's name: its actions (cordon, drain, preflight), made per node. */
    void setActions(java.util.function.Function<String, javafx.scene.Node> bar) {
        this.actions = bar;
        show(vm.detailsProperty().get());
    }

    private void show(NodeDetails d) {
        if (d == null) {
            Label hint = new Label("Select a node to see why it has its verdict, its GPUs, conditions, taints, pods and labels.");
            hint.getStyleClass().add(Styles.MUTED);
            content.getChildren().setAll(hint);
            return;
        }
        Label title = new Label(d.name(), Icons.icon(Icons.verdict(d.verdict()), Styles.verdict(d.verdict())));
        title.setId("details-title");
        title.getStyleClass().add(Styles.DETAILS_TITLE);
        HBox header = new HBox(16, title);
        header.setAlignment(javafx.geometry.Pos.CENTER_LEFT);
        javafx.scene.Node bar = actions.apply(d.name());
        if (bar != null) {
            header.getChildren().add(bar);
        }
        // Why first, across the width (it is what the operator came for), then the GPUs' evidence, then the rest.
        VBox why = new VBox(2, section("Why " + d.verdict().label()));
        why.setMaxWidth(900);
        for (String r : d.reasons()) {
            why.getChildren().add(wrapped("• " + r));
        }

        VBox first = column(section("Facts"), grid(d.facts().stream()
                .map(kv -> new String[]{kv.key(), kv.value()}).toList(), false));
        // The facts column stays readable-narrow; conditions and pods get the spare width.
        first.setMaxWidth(400);
        HBox.setHgrow(first, Priority.NEVER);

        VBox second = column(section("Conditions"));
        second.getChildren().add(d.conditions().isEmpty() ? muted("none reported") : conditions(d));
        second.getChildren().add(section("Taints"));
        second.getChildren().add(d.taints().isEmpty() ? muted("none") : wrapped(String.join("\n", d.taints())));

        showRanks();
        VBox third = column(section("Pods (" + d.pods().size() + ")"));
        third.getChildren().add(d.pods().isEmpty() ? muted("no pods on this node") : grid(d.pods().stream()
                .map(p -> new String[]{p.name(), p.phase() + (p.gpus() > 0 ? " · " + p.gpus() + " GPU" : "")
                        + (p.restarts() > 0 ? " · " + p.restarts() + " restarts" : "")
                        + (p.reason().isEmpty() ? "" : " · " + p.reason())}).toList(), false, true));
        third.getChildren().add(section("Flightdeck annotations"));
        third.getChildren().add(d.annotations().isEmpty() ? muted("none") : grid(d.annotations().stream()
                .map(kv -> new String[]{kv.key(), kv.value()}).toList(), true));
        third.getChildren().add(section("Labels (" + d.labels().size() + ")"));
        third.getChildren().add(grid(d.labels().stream().map(kv -> new String[]{kv.key(), kv.value()}).toList(), true));

        columns.getChildren().setAll(first, second, third);
        content.getChildren().setAll(header, why);
        // The gang ranks on the node come before its GPUs: a broken rank's link back to its gang must not fall below
        // the fold under eight rows of telemetry.
        content.getChildren().add(ranks);
        if (gpus != null) {
            content.getChildren().add(gpus);
        }
        content.getChildren().add(columns);
    }

    /** The node's GPUs from telemetry, under its reasons (set by the screen once it has the cluster's telemetry). */
    void setGpus(NodeGpusPane pane) {
        this.gpus = pane;
        show(vm.detailsProperty().get());
    }

    /** Jumps to a rank's gang (set by the shell). */
    void setOnOpenRank(Consumer<NodeRank> open) {
        this.openRank = open;
    }

    /** The gang ranks on this node, each a link to its gang on the Gangs screen. */
    private void showRanks() {
        List<NodeRank> list = vm.selectedRanks();
        ranks.getChildren().setAll(section("Gang ranks (" + list.size() + ")"));
        if (list.isEmpty()) {
            ranks.getChildren().add(muted("no gang ranks on this node"));
            return;
        }
        for (NodeRank r : list) {
            Hyperlink link = new Hyperlink(r.text(), Icons.icon(Icons.GANGS));
            link.setId("node-rank-" + r.gang().name() + "-" + r.slot().rank());
            link.getStyleClass().add(Styles.RANK_LINK);
            if (r.slot().state().haltsGang()) {
                link.getStyleClass().add(Styles.PROBLEM);
            }
            link.setOnAction(e -> openRank.accept(r));
            ranks.getChildren().add(link);
        }
    }

    private Node conditions(NodeDetails d) {
        GridPane g = new GridPane(10, 2);
        int col = 0;
        for (String h : List.of("Type", "Status", "Reason", "Age", "Message")) {
            Label l = new Label(h);
            l.getStyleClass().add(Styles.KEY);
            g.add(fixed(l), col++, 0);
        }
        int r = 1;
        for (NodeDetails.ConditionLine c : d.conditions()) {
            Label type = new Label(c.type());
            if (c.problem()) {
                // The problem mark is a shape and bold text, not a colour.
                type.setGraphic(new FontIcon(Icons.ERROR));
                type.getStyleClass().add(Styles.PROBLEM);
            }
            Label msg = new Label(c.message());
            msg.setWrapText(true);
            msg.setMaxWidth(440);
            g.addRow(r++, fixed(type), fixed(new Label(c.status())), fixed(new Label(c.reason())),
                    fixed(new Label(c.age())), msg);
        }
        return g;
    }

    /**
     * A column never narrower than what its content needs (its computed minimum), so a
     * narrow window scrolls the pane sideways instead of drawing columns over each other.
     */
    private static VBox column(Node... children) {
        VBox v = new VBox(4, children);
        v.setPrefWidth(260);
        HBox.setHgrow(v, Priority.ALWAYS);
        return v;
    }

    /** Never shrinks to "..." (short words such as a status or an age). */
    private static Label fixed(Label l) {
        l.setMinWidth(Region.USE_PREF_SIZE);
        return l;
    }

    private static GridPane grid(List<String[]> rows, boolean mono) {
        return grid(rows, mono, false);
    }

    /**
     * Key/value rows. Keys keep their width and values wrap; with {@code longKeys} (pod names)
     * it is the other way round, so a long name is cut instead of squeezing its phase.
     */
    private static GridPane grid(List<String[]> rows, boolean mono, boolean longKeys) {
        GridPane g = new GridPane(10, 2);
        int r = 0;
        for (String[] kv : rows) {
            Label k = new Label(kv[0]);
            k.getStyleClass().add(Styles.KEY);
            Label v = new Label(kv[1]);
            if (longKeys) {
                // A long name is cut (whole in its tooltip); a long status wraps rather than
                // widening the column until it crowds out its neighbours.
                k.setMinWidth(120);
                k.setTooltip(new Tooltip(kv[0]));
                v.setWrapText(true);
                v.setMinWidth(140);
                v.setMaxWidth(360);
            } else {
                k.setMinWidth(Region.USE_PREF_SIZE);
                v.setWrapText(true);
                v.setMaxWidth(380);
            }
            if (mono) {
                k.getStyleClass().add(Styles.MONO);
                v.getStyleClass().add(Styles.MONO);
            }
            g.addRow(r++, k, v);
        }
        g.setPadding(new Insets(0, 0, 0, 2));
        return g;
    }

    private static Label section(String text) {
        Label l = new Label(text);
        l.getStyleClass().add(Styles.SECTION_TITLE);
        return l;
    }

    private static Label wrapped(String text) {
        Label l = new Label(text);
        l.setWrapText(true);
        return l;
    }

    private static Label muted(String text) {
        Label l = new Label(text);
        l.getStyleClass().add(Styles.MUTED);
        return l;
    }
}
