package dev.flightdeck.views.gangs;

import dev.flightdeck.views.rows.DirtyRow;

import dev.flightdeck.app.checkpoints.CheckpointStatus;
import dev.flightdeck.app.gangs.Gang;
import dev.flightdeck.app.gangs.GangKey;
import dev.flightdeck.app.gangs.RankSlot;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;

import java.time.Instant;
import java.util.Locale;

/**
 * One gangs-table row, kept for the life of the gang and updated in place: cells observe
 * {@link #lineProperty()}, so a changed gang or a new checkpoint read repaints this row only.
 */
public final class GangRow implements DirtyRow {

    private final GangKey key;
    private final ReadOnlyObjectWrapper<GangLine> line;
    private String haystack;
    boolean dirty;

    GangRow(Gang gang, Instant now) {
        this(new GangLine(gang, null, now));
    }

    private GangRow(GangLine line) {
        this.key = line.gang().key();
        this.line = new ReadOnlyObjectWrapper<>(this, "line", line);
    }

    public GangKey key() {
        return key;
    }

    public Gang gang() {
        return line.get().gang();
    }

    /** Null until the first read returns. */
    public CheckpointStatus checkpoint() {
        return line.get().checkpoint();
    }

    public GangLine line() {
        return line.get();
    }

    public ReadOnlyObjectProperty<GangLine> lineProperty() {
        return line.getReadOnlyProperty();
    }

    /** Shows {@code next}; {@code mayMove}: its place in the table may change, so its list must hear of it. */
    void update(Gang next, boolean mayMove) {
        GangLine l = line.get();
        line.set(new GangLine(next, l.checkpoint(), l.now()));
        haystack = null;
        dirty |= mayMove;
    }

    /** A row for {@code next} with this row's checkpoint and time, to compare with this one before it changes. */
    GangRow probe(Gang next) {
        GangLine l = line.get();
        return new GangRow(new GangLine(next, l.checkpoint(), l.now()));
    }

    void update(CheckpointStatus status, Instant now) {
        line.set(new GangLine(gang(), status, now));
        dirty = true;
    }

    void age(Instant now) {
        GangLine l = line.get();
        line.set(new GangLine(l.gang(), l.checkpoint(), now));
        dirty = true;
    }

    /** Lower-case text the search box matches: name, system, reasons, pods and nodes. */
    String haystack() {
        if (haystack == null) {
            Gang g = gang();
            StringBuilder sb = new StringBuilder(256).append(GangCells.name(g)).append('\n')
                    .append(g.key().system().label()).append('\n');
            for (String r : g.reasons()) {
                sb.append(r).append('\n');
            }
            for (RankSlot s : g.ranks()) {
                if (s.node() != null) {
                    sb.append(s.node()).append('\n');
                }
            }
            haystack = sb.toString().toLowerCase(Locale.ROOT);
        }
        return haystack;
    }

    @Override
    public String toString() {
        return key.toString();
    }

    @Override
    public boolean isDirty() {
        return dirty;
    }

    @Override
    public void clearDirty() {
        dirty = false;
    }
}
