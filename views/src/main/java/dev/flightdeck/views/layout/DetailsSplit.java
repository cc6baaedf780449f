package dev.flightdeck.views.layout;

import javafx.beans.value.ObservableBooleanValue;
import javafx.geometry.Orientation;
import javafx.scene.Node;
import javafx.scene.control.SplitPane;
import javafx.scene.layout.Region;

import java.util.List;

/**
 * A table above (or beside) the details of what is selected in it. While nothing is selected the details have
 * nothing to say but how to get some, so they shrink to a strip ({@link #STRIP} pixels) and the table takes the rest;
 * selecting something gives them back the room the person last gave them. The room wanted is what the window layout
 * remembers, never the strip.
 */
public final class DetailsSplit {

    /** Room for one line saying what to select. */
    public static final double STRIP = 56;
    static final String KEY = "fd-details-split";

    private final SplitPane split;
    private final Region details;
    /** Held here: a binding such as {@code selected.isNotNull()} is only weakly held by what it observes. */
    private ObservableBooleanValue selected;
    private double wanted;
    private boolean collapsed;

    private DetailsSplit(SplitPane split, Region details, double wanted) {
        this.split = split;
        this.details = details;
        this.wanted = wanted;
    }

    /**
     * @param details  the split's last item
     * @param selected whether something is selected (the details have something to show)
     */
    public static DetailsSplit install(SplitPane split, Region details, ObservableBooleanValue selected) {
        DetailsSplit d = new DetailsSplit(split, details, split.getDividerPositions()[0]);
        d.selected = selected;
        split.getProperties().put(KEY, d);
        split.getDividers().getFirst().positionProperty().addListener((o, old, now) -> {
            if (!d.collapsed) {
                d.wanted = now.doubleValue();
            }
        });
        selected.addListener((o, was, now) -> d.show(now));
        d.show(selected.get());
        return d;
    }

    /** The split's details-splitter, if it has one. */
    static DetailsSplit of(SplitPane split) {
        return split.getProperties().get(KEY) instanceof DetailsSplit d ? d : null;
    }

    boolean collapsed() {
        return collapsed;
    }

    /** Where the divider goes when something is selected. */
    List<Double> wanted() {
        return List.of(wanted);
    }

    void want(List<Double> positions) {
        if (!positions.isEmpty()) {
            wanted = positions.getFirst();
            if (!collapsed) {
                split.setDividerPositions(wanted);
            }
        }
    }

    private void show(boolean something) {
        collapsed = !something;
        boolean vertical = split.getOrientation() == Orientation.VERTICAL;
        // Exactly the strip: its min too, since the details' own min (a rank map's, a chart's) may be larger.
        double max = something ? Double.MAX_VALUE : STRIP;
        double min = something ? Region.USE_COMPUTED_SIZE : STRIP;
        if (vertical) {
            details.setMaxHeight(max);
            details.setMinHeight(min);
        } else {
            details.setMaxWidth(max);
            details.setMinWidth(min);
        }
        // The skin keeps a divider where it was unless told: past the strip while collapsed, back to the room wanted after.
        split.setDividerPositions(something ? wanted : 1.0);
        split.requestLayout();
    }

    /** Whether {@code n} is the collapsible details of a split (tests). */
    public static boolean collapsedAround(Node n) {
        return n.getParent() != null && n.getParent().getParent() instanceof SplitPane s && of(s) != null && of(s).collapsed;
    }
}
