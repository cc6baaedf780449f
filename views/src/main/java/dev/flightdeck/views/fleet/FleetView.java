package dev.flightdeck.views.fleet;

import dev.flightdeck.app.clusters.ClusterSummary;
import dev.flightdeck.app.nodes.Ages;
import dev.flightdeck.app.nodes.NodeVerdict;
import dev.flightdeck.app.gangs.GangVerdict;
import dev.flightdeck.app.pressure.Level;
import dev.flightdeck.app.watch.WatchPhase;
import dev.flightdeck.views.theme.Icons;
import dev.flightdeck.views.theme.Styles;
import dev.flightdeck.views.theme.TlsOffBadge;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.scene.control.Hyperlink;
import javafx.scene.control.Label;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

import java.util.Locale;
import java.util.function.BiConsumer;
import java.util.function.Function;

/**
 * The fleet overview: one row per open cluster, worst first, the totals on top. Every count is a
 * link to that cluster's screen with the filter that shows what was counted; the cluster's name
 * opens its Nodes screen. Switching to an open cluster needs no resync.
 */
public final class FleetView extends BorderPane {

    private final TableView<ClusterSummary> table = new TableView<>();
    private final BiConsumer<String, FleetLink> open;

    public FleetView(FleetViewModel model, BiConsumer<String, FleetLink> open) {
        this.open = open;
        setId("fleet-view");
        Label totals = new Label();
        totals.setId("fleet-totals");
        totals.getStyleClass().addAll(Styles.HEADLINE);
        totals.setWrapText(true);
        totals.textProperty().bind(model.totalsProperty());
        Label hint = new Label("Worst first. Each count opens that cluster's screen filtered to what it counts.");
        hint.getStyleClass().add(Styles.MUTED);
        VBox header = new VBox(4, totals, hint);
        header.getStyleClass().add(Styles.FLEET_HEADER);
        setTop(header);

        table.setId("fleet-table");
        table.setItems(model.rows());
        table.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        table.setPlaceholder(new Label("No cluster open. Choose clusters to keep open with \"Clusters…\" above."));
        table.getColumns().add(name());
        table.getColumns().add(connection());
        table.getColumns().add(text("Data", 54, s -> s.dataAge() == null ? "—" : Ages.format(s.dataAge())));
        table.getColumns().add(text("GPUs usable", 112, s -> s.connection().readable()
                ? String.format(Locale.ROOT, "%,d / %,d", s.fleet().gpusUsable(), s.fleet().gpusTotal()) : "—"));
        TableColumn<ClusterSummary, ?> nodesGroup = new TableColumn<>("Nodes");
        for (NodeVerdict v : new NodeVerdict[]{NodeVerdict.NOT_READY, NodeVerdict.UNTRUSTED, NodeVerdict.DEGRADED,
                NodeVerdict.MAINTENANCE}) {
            nodesGroup.getColumns().add(link(capital(v.label()), v == NodeVerdict.MAINTENANCE ? 100 : 84,
                    s -> count(s, s.nodes(v)), s -> FleetLink.nodes(v)));
        }
        nodesGroup.getColumns().add(link("Gated", 56, s -> count(s, s.fleet().gated()), s -> FleetLink.nodes(NodeVerdict.GATED)));
        nodesGroup.getColumns().add(link("Cordoned", 88, s -> count(s, s.fleet().cordoned()), s -> FleetLink.cordoned()));
        TableColumn<ClusterSummary, ?> gangsGroup = new TableColumn<>("Gangs");
        gangsGroup.getColumns().add(link("Halted", 60, s -> count(s, s.gangs().stopped()),
                s -> FleetLink.gangs(s.gangs().count(GangVerdict.HALTED) > 0 ? GangVerdict.HALTED : GangVerdict.FAILED)));
        // Every rank running, every GPU idle: GPU telemetry's verdict, as costly as a halt.
        gangsGroup.getColumns().add(link("Stalled", 64, s -> count(s, s.gangs().count(GangVerdict.STALLED)),
                s -> FleetLink.gangs(GangVerdict.STALLED)));
        gangsGroup.getColumns().add(link("At risk", 60, s -> count(s, s.gangs().atRiskGangs()), s -> FleetLink.gangs(null)));
        gangsGroup.getColumns().add(link("GPU-h at risk", 116, s -> s.connection().readable()
                ? String.format(Locale.ROOT, "%.1f", s.gangs().gpuHoursAtRisk()) : "—", s -> FleetLink.gangs(null)));
        table.getColumns().add(nodesGroup);
        table.getColumns().add(gangsGroup);
        table.getColumns().add(pressure());
        setCenter(table);
    }

    private static String count(ClusterSummary s, int n) {
        return s.connection().readable() ? Integer.toString(n) : "—";
    }

    private static String capital(String s) {
        return Character.toUpperCase(s.charAt(0)) + s.substring(1);
    }

    private static TableColumn<ClusterSummary, ClusterSummary> column(String title, double width) {
        TableColumn<ClusterSummary, ClusterSummary> c = new TableColumn<>(title);
        c.setCellValueFactory(f -> new ReadOnlyObjectWrapper<>(f.getValue()));
        c.setPrefWidth(width);
        c.setSortable(false); // worst first is the point of the screen
        return c;
    }

    private static TableColumn<ClusterSummary, ClusterSummary> text(String title, double width,
                                                                    Function<ClusterSummary, String> text) {
        TableColumn<ClusterSummary, ClusterSummary> c = column(title, width);
        c.setCellFactory(col -> new TableCell<>() {
            @Override
            protected void updateItem(ClusterSummary s, boolean empty) {
                super.updateItem(s, empty);
                setText(empty || s == null ? null : text.apply(s));
            }
        });
        return c;
    }

    /** A count that opens the cluster's screen with its filter; a zero or an unreadable cluster is plain text. */
    private TableColumn<ClusterSummary, ClusterSummary> link(String title, double width, Function<ClusterSummary, String> text,
                                                             Function<ClusterSummary, FleetLink> where) {
        TableColumn<ClusterSummary, ClusterSummary> c = column(title, width);
        c.setCellFactory(col -> new TableCell<>() {
            private final Hyperlink link = new Hyperlink();

            @Override
            protected void updateItem(ClusterSummary s, boolean empty) {
                super.updateItem(s, empty);
                if (empty || s == null) {
                    setGraphic(null);
                    setText(null);
                    return;
                }
                String t = text.apply(s);
                if (s.connection().readable() && !t.equals("0") && !t.equals("0.0")) {
                    link.setText(t);
                    link.setOnAction(e -> open.accept(s.name(), where.apply(s)));
                    setGraphic(link);
                    setText(null);
                } else {
                    setGraphic(null);
                    setText(t);
                }
            }
        });
        return c;
    }

    /**
     * The cluster's name, always a link (to its Nodes screen), with its trouble in words beneath, and
     * beneath that "TLS verification off (kubeconfig)" on two lines when its kubeconfig says so (that row grows).
     */
    private TableColumn<ClusterSummary, ClusterSummary> name() {
        TableColumn<ClusterSummary, ClusterSummary> c = column("Cluster", 210);
        c.setCellFactory(col -> new TableCell<>() {
            private final Hyperlink link = new Hyperlink();
            private final Label trouble = new Label();
            private final Label tlsOff = TlsOffBadge.twoLines(null);
            private final VBox box = new VBox(0, link, trouble, tlsOff);

            {
                trouble.getStyleClass().add(Styles.MUTED);
                tlsOff.managedProperty().bind(tlsOff.visibleProperty());
                // The cell lays its graphic out a few pixels shorter than it asks for: never at the badge's cost.
                tlsOff.setMinHeight(Region.USE_PREF_SIZE);
            }

            @Override
            protected void updateItem(ClusterSummary s, boolean empty) {
                super.updateItem(s, empty);
                if (empty || s == null) {
                    setGraphic(null);
                    return;
                }
                link.setText(s.name());
                link.setId("fleet-open-" + s.name());
                link.setOnAction(e -> open.accept(s.name(), FleetLink.nodes(null)));
                trouble.setText(FleetWords.trouble(s));
                tlsOff.setVisible(s.tlsVerificationOff());
                tlsOff.setId("fleet-tls-off-" + s.name());
                setGraphic(box);
            }
        });
        return c;
    }

    private static TableColumn<ClusterSummary, ClusterSummary> connection() {
        TableColumn<ClusterSummary, ClusterSummary> c = column("Connection", 180);
        c.setCellFactory(col -> new TableCell<>() {
            @Override
            protected void updateItem(ClusterSummary s, boolean empty) {
                super.updateItem(s, empty);
                if (empty || s == null) {
                    setGraphic(null);
                    setText(null);
                    setTooltip(null);
                    return;
                }
                WatchPhase p = switch (s.connection()) {
                    case LIVE -> WatchPhase.LIVE;
                    case SYNCING -> WatchPhase.SYNCING;
                    case RECONNECTING -> WatchPhase.RECONNECTING;
                    case CONNECTING -> null;
                    case FAILED, CANNOT_CONNECT -> WatchPhase.FAILED;
                };
                setGraphic(p == null ? Icons.icon(Icons.CONNECTING, Styles.PHASE_CONNECTING) : Icons.icon(Icons.phase(p), Styles.phase(p)));
                String words = s.connection() == ClusterSummary.Connection.LIVE ? "live"
                        : s.connection().label() + (s.connectionWords().equals(s.connection().label()) ? ""
                        : ": " + s.connectionWords());
                setText(words);
                setTooltip(new Tooltip(words));
            }
        });
        return c;
    }

    private TableColumn<ClusterSummary, ClusterSummary> pressure() {
        // The last column flexes to the table's width: 236 keeps the columns' sum as it was before "Stalled" came.
        TableColumn<ClusterSummary, ClusterSummary> c = column("API server", 236);
        c.setCellFactory(col -> new TableCell<>() {
            private final Hyperlink link = new Hyperlink();

            @Override
            protected void updateItem(ClusterSummary s, boolean empty) {
                super.updateItem(s, empty);
                if (empty || s == null || !s.connection().readable()) {
                    setGraphic(null);
                    setText(empty || s == null ? null : "—");
                    return;
                }
                Level l = s.pressureLevel();
                String style = l == null ? "level-unknown" : "level-" + l.name().toLowerCase(Locale.ROOT);
                link.setText(s.pressureHeadline());
                link.setGraphic(Icons.icon(Icons.PRESSURE, style));
                link.setOnAction(e -> open.accept(s.name(), FleetLink.PRESSURE));
                setGraphic(new HBox(link));
                setText(null);
            }
        });
        return c;
    }
}
