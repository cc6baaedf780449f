package dev.flightdeck.views.gangs;

import dev.flightdeck.app.gangs.RankState;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.layout.HBox;

import java.util.List;

/** The rank map's legend in utilisation mode: the scale from 0 % to 100 %, the no-data cell, the broken rank. */
final class UtilisationLegend {

    private UtilisationLegend() {
    }

    static List<Node> items() {
        Label zero = new Label("0%");
        Label full = new Label("100% GPU utilisation");
        HBox scale = new HBox(6, zero, UtilisationPainter.scaleBar(160, 14), full);
        scale.setId("legend-utilisation-scale");
        scale.setAlignment(javafx.geometry.Pos.CENTER_LEFT);
        Label noData = new Label("no GPU series", UtilisationPainter.noDataSwatch());
        noData.setId("legend-no-data");
        Label broken = new Label("broken (state)", RankPainter.swatch(RankState.FAILED, false));
        return List.of(scale, noData, broken);
    }
}
