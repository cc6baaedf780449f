package dev.flightdeck.views.fleet;

import dev.flightdeck.app.clusters.ClusterSearch;
import dev.flightdeck.views.theme.Icons;
import dev.flightdeck.views.theme.Styles;
import javafx.animation.PauseTransition;
import javafx.geometry.Side;
import javafx.scene.control.ContextMenu;
import javafx.scene.control.CustomMenuItem;
import javafx.scene.control.Label;
import javafx.scene.control.MenuItem;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.util.Duration;

import java.util.List;
import java.util.function.Consumer;

/**
 * "Find in all clusters": a node, gang or pod name, looked up in every open cluster once typing
 * pauses; the hits drop down, each naming its cluster, and choosing one opens it there (switching
 * cluster when needed, with no resync when it is open).
 */
public final class FleetSearchField extends TextField {

    /** Hits listed at most: the closest first. */
    static final int SHOWN = 15;

    private final ContextMenu menu = new ContextMenu();
    private final PauseTransition pause = new PauseTransition(Duration.millis(200));

    public FleetSearchField(FleetViewModel model, Consumer<ClusterSearch.Hit> open) {
        setId("fleet-search");
        setPromptText("Find node, gang or pod in all open clusters");
        setPrefColumnCount(28);
        getStyleClass().add(Styles.SEARCH);
        menu.setId("fleet-search-hits");
        pause.setOnFinished(e -> model.search(getText(), hits -> show(hits, open)));
        textProperty().addListener((o, a, t) -> {
            if (t == null || t.strip().length() < 2) {
                menu.hide();
                pause.stop();
            } else {
                pause.playFromStart();
            }
        });
        setOnKeyPressed(e -> {
            if (e.getCode() == KeyCode.ESCAPE) {
                clear();
                menu.hide();
            } else if (e.getCode() == KeyCode.DOWN && menu.isShowing()) {
                menu.requestFocus();
            }
        });
    }

    private void show(List<ClusterSearch.Hit> hits, Consumer<ClusterSearch.Hit> open) {
        menu.getItems().clear();
        if (hits.isEmpty()) {
            MenuItem none = new MenuItem("nothing named like \"" + getText().strip() + "\" in the open clusters");
            none.setDisable(true);
            menu.getItems().add(none);
        }
        for (ClusterSearch.Hit h : hits.subList(0, Math.min(SHOWN, hits.size()))) {
            Label l = new Label(h.kind().label() + "  " + h.name() + "  —  " + h.cluster() + "  ·  " + h.detail(),
                    Icons.icon(switch (h.kind()) {
                        case NODE -> Icons.NODES;
                        case GANG -> Icons.GANGS;
                        case POD -> Icons.GPU;
                    }));
            CustomMenuItem item = new CustomMenuItem(l, true);
            item.setOnAction(e -> {
                menu.hide();
                open.accept(h);
            });
            menu.getItems().add(item);
        }
        if (hits.size() > SHOWN) {
            MenuItem more = new MenuItem((hits.size() - SHOWN) + " more: type more of the name");
            more.setDisable(true);
            menu.getItems().add(more);
        }
        if (getScene() != null && getScene().getWindow() != null && getScene().getWindow().isShowing()) {
            menu.show(this, Side.BOTTOM, 0, 0);
        }
    }
}
