package dev.flightdeck.views.drills;

import dev.flightdeck.drills.DrillReport;
import dev.flightdeck.drills.report.DrillChart;
import dev.flightdeck.drills.report.ReportBlock;
import dev.flightdeck.drills.report.ReportDocument;
import dev.flightdeck.views.theme.Icons;
import dev.flightdeck.views.theme.Styles;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.layout.ColumnConstraints;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import javafx.stage.DirectoryChooser;
import javafx.stage.Window;
import org.jfree.chart.fx.ChartViewer;
import org.kordamp.ikonli.javafx.FontIcon;

import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * A drill's report in the console: the same blocks as the Markdown and HTML exports
 * ({@link ReportDocument}), drawn as labels, tables and the JFreeChart chart, with the reference
 * response and what was done side by side; export and back buttons on top.
 */
final class ReportPane extends VBox {

    private final VBox body = new VBox(8);
    private final Function<Window, Path> chooseFolder;

    ReportPane(DrillsViewModel vm, Function<Window, Path> chooseFolder) {
        this.chooseFolder = chooseFolder != null ? chooseFolder : ReportPane::askForFolder;
        setId("drill-report");
        getStyleClass().add(Styles.PANEL);
        setSpacing(8);
        Button export = new Button("Export Markdown and HTML…", new FontIcon(Icons.EXPORT));
        export.setId("export-drill-report");
        export.setOnAction(e -> {
            Path folder = this.chooseFolder.apply(getScene() == null ? null : getScene().getWindow());
            if (folder != null) {
                vm.export(folder);
            }
        });
        Button back = new Button("Back to scenarios");
        back.setId("drill-back");
        back.setOnAction(e -> vm.backToScenarios());
        Label kept = new Label();
        kept.setId("drill-kept");
        kept.getStyleClass().add(Styles.MUTED);
        kept.setWrapText(true);
        kept.textProperty().bind(vm.keptProperty());
        ScrollPane scroll = new ScrollPane(body);
        scroll.setFitToWidth(true);
        VBox.setVgrow(scroll, Priority.ALWAYS);
        getChildren().addAll(new HBox(10, export, back), kept, scroll);
        vm.reportProperty().addListener((o, old, r) -> show(r));
    }

    private void show(DrillReport r) {
        body.getChildren().clear();
        if (r == null) {
            return;
        }
        List<ReportBlock> blocks = ReportDocument.of(r);
        for (int i = 0; i < blocks.size(); i++) {
            ReportBlock b = blocks.get(i);
            if (b instanceof ReportBlock.Heading h && h.text().equals("Reference response") && i + 3 < blocks.size()
                    && blocks.get(i + 2) instanceof ReportBlock.Heading done && done.text().equals("What was done")) {
                body.getChildren().add(sideBySide(h, blocks.get(i + 1), done, blocks.get(i + 3)));
                i += 3;
            } else {
                body.getChildren().add(node(b, r));
            }
        }
    }

    private Node sideBySide(ReportBlock.Heading left, ReportBlock leftBody, ReportBlock.Heading right,
                            ReportBlock rightBody) {
        GridPane g = new GridPane();
        g.setId("drill-reference-and-done");
        g.setHgap(24);
        ColumnConstraints half = new ColumnConstraints();
        half.setPercentWidth(50);
        g.getColumnConstraints().addAll(half, half);
        g.add(new VBox(6, node(left, null), node(leftBody, null)), 0, 0);
        g.add(new VBox(6, node(right, null), node(rightBody, null)), 1, 0);
        return g;
    }

    private Node node(ReportBlock b, DrillReport r) {
        return switch (b) {
            case ReportBlock.Heading h -> {
                Label l = new Label(h.text());
                l.getStyleClass().add(h.level() == 1 ? Styles.DETAILS_TITLE : Styles.SECTION_TITLE);
                if (h.level() == 1) {
                    l.setId("drill-report-title");
                }
                yield l;
            }
            case ReportBlock.Para p -> {
                Label l = text(plain(p.text()));
                if (p.text().contains("**")) {
                    l.setId("drill-outcome");
                    l.getStyleClass().add("drill-outcome-" + (r != null && r.recovered() ? "recovered" : "not-recovered"));
                }
                yield l;
            }
            case ReportBlock.Quote q -> {
                Label l = text(q.text());
                l.getStyleClass().add("drill-brief-text");
                yield l;
            }
            case ReportBlock.Bullets list -> {
                VBox v = new VBox(3);
                int n = 1;
                for (String item : list.items()) {
                    v.getChildren().add(text((list.numbered() ? n++ + ". " : "• ") + plain(item)));
                }
                yield v;
            }
            case ReportBlock.Table t -> table(t);
            case ReportBlock.Chart c -> {
                ChartViewer viewer = new ChartViewer(DrillChart.of(r));
                viewer.setId("drill-chart");
                viewer.setPrefHeight(320);
                viewer.setMinHeight(260);
                yield viewer;
            }
        };
    }

    private static TableView<List<String>> table(ReportBlock.Table t) {
        TableView<List<String>> view = new TableView<>();
        view.getStyleClass().add("drill-report-table");
        if (t.headers().contains("to detect")) {
            view.setId("drill-faults");
        } else if (t.headers().contains("kind")) {
            view.setId("drill-timeline");
        }
        view.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        for (int i = 0; i < t.headers().size(); i++) {
            int col = i;
            TableColumn<List<String>, String> c = new TableColumn<>(t.headers().get(i));
            c.setCellValueFactory(f -> new ReadOnlyStringWrapper(f.getValue().get(col)));
            c.setSortable(false);
            view.getColumns().add(c);
        }
        view.getItems().setAll(new ArrayList<>(t.rows()));
        view.setFixedCellSize(26);
        view.setPrefHeight(Math.min(420, 30 + 26 * Math.max(1, t.rows().size())));
        return view;
    }

    private static Label text(String s) {
        Label l = new Label(s);
        l.setWrapText(true);
        l.setMaxWidth(Double.MAX_VALUE);
        return l;
    }

    /** The report's sentences carry two Markdown marks (bold outcome, code ids); the console shows them plain. */
    private static String plain(String s) {
        return s.replace("**", "").replace("`", "");
    }

    private static Path askForFolder(Window owner) {
        DirectoryChooser c = new DirectoryChooser();
        c.setTitle("Export the drill report to");
        File f = c.showDialog(owner);
        return f == null ? null : f.toPath();
    }
}
