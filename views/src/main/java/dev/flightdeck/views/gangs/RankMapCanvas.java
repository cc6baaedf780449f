package dev.flightdeck.views.gangs;

import dev.flightdeck.app.gangs.Gang;
import dev.flightdeck.app.gangs.RankSlot;
import javafx.geometry.VPos;
import javafx.scene.canvas.Canvas;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.paint.Color;
import javafx.scene.text.Font;
import javafx.scene.text.TextAlignment;

import java.util.List;

/**
 * The rank grid, drawn on one canvas: a 1,024-rank gang is 1,024 rectangles, not 1,024
 * nodes in the scene graph. Coloured by state or by GPU utilisation ({@link RankColourViewModel}). Hover and click go to the view model's hovered and selected
 * rank; the details pane shows them in words.
 */
final class RankMapCanvas extends Canvas {

    private final GangsViewModel vm;
    private final RankColourViewModel colours;
    private Gang gang;
    private double available = 600;
    private RankMapLayout layout;

    RankMapCanvas(GangsViewModel vm, RankColourViewModel colours) {
        this.vm = vm;
        this.colours = colours;
        setId("rank-map-canvas");
        setOnMouseMoved(e -> {
            RankSlot s = layout == null ? null : layout.at(e.getX(), e.getY());
            if (s != vm.hoveredRankProperty().get()) {
                vm.hoveredRankProperty().set(s);
            }
        });
        setOnMouseExited(e -> vm.hoveredRankProperty().set(null));
        setOnMouseClicked(e -> {
            RankSlot s = layout == null ? null : layout.at(e.getX(), e.getY());
            if (s != null) {
                vm.selectedRankProperty().set(s);
            }
        });
        vm.selectedRankProperty().addListener((o, a, b) -> draw());
        vm.hoveredRankProperty().addListener((o, a, b) -> draw());
        colours.modeProperty().addListener((o, a, b) -> draw());
        colours.utilisationProperty().addListener((o, a, b) -> draw());
        dev.flightdeck.views.theme.Themes.paint(this, p -> draw());
    }

    void show(Gang g) {
        gang = g;
        relayout();
    }

    void setAvailableWidth(double w) {
        if (Math.abs(w - available) > 1 && w > 0) {
            available = w;
            relayout();
        }
    }

    RankMapLayout layout() {
        return layout;
    }

    private void relayout() {
        if (gang == null) {
            layout = null;
            setWidth(0);
            setHeight(0);
            return;
        }
        layout = RankMapLayout.of(RankGroups.byNode(gang.ranks()), available);
        setWidth(layout.width());
        setHeight(layout.height());
        draw();
    }

    private void draw() {
        GraphicsContext g = getGraphicsContext2D();
        g.clearRect(0, 0, getWidth(), getHeight());
        if (layout == null) {
            return;
        }
        dev.flightdeck.views.theme.Palette palette = dev.flightdeck.views.theme.Themes.palette();
        RankPainter.Colours rankColours = RankPainter.Colours.of(palette);
        g.setFill(palette.color("-fd-rank-block"));
        for (RankMapLayout.Block b : layout.blocks()) {
            g.fillRoundRect(b.x(), b.y(), b.w(), b.h(), 6, 6);
        }
        Color label = palette.color("-fd-rank-label");
        double s = layout.cellSize();
        for (RankMapLayout.RowLabel l : layout.rowLabels()) {
            g.setFill(label);
            g.setFont(Font.font("System", 11));
            g.setTextAlign(TextAlignment.RIGHT);
            g.setTextBaseline(VPos.CENTER);
            g.fillText(l.text(), RankMapLayout.LABEL_WIDTH - 8, l.y() + s / 2);
        }
        List<RankMapLayout.Cell> cells = layout.cells();
        boolean byUtilisation = colours.modeProperty().get() == RankColouring.GPU_UTILISATION;
        RankUtilisation util = colours.utilisationProperty().get();
        // Healthy ranks first, broken ones last, so a broken rank's larger square is never overdrawn.
        // A broken rank keeps its crossed red square in either colouring: its GPUs' use means nothing then.
        for (int pass = 0; pass < 2; pass++) {
            for (RankMapLayout.Cell c : cells) {
                RankSlot slot = c.slot();
                boolean broken = slot.state().haltsGang();
                if (broken != (pass == 1)) {
                    continue;
                }
                String number = layout.numbered() ? String.valueOf(slot.rank()) : null;
                if (byUtilisation && !broken) {
                    UtilisationPainter.paint(g, rankColours, util.of(slot), slot.onUntrustedNode(), c.x(), c.y(), s, number);
                } else {
                    RankPainter.paint(g, rankColours, slot.state(), slot.onUntrustedNode(), c.x(), c.y(), s, number);
                }
            }
        }
        mark(g, rankColours, vm.selectedRankProperty().get(), false);
        mark(g, rankColours, vm.hoveredRankProperty().get(), true);
    }

    private void mark(GraphicsContext g, RankPainter.Colours colours, RankSlot slot, boolean hover) {
        if (slot == null) {
            return;
        }
        for (RankMapLayout.Cell c : layout.cells()) {
            if (c.slot().rank() == slot.rank() && java.util.Objects.equals(c.slot().role(), slot.role())) {
                RankPainter.selection(g, colours, c.x(), c.y(), layout.cellSize(), hover);
                return;
            }
        }
    }
}
