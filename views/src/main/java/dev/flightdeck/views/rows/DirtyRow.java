package dev.flightdeck.views.rows;

/** A table row updated in place, which remembers that it changed until its list announces it. */
public interface DirtyRow {

    boolean isDirty();

    void clearDirty();
}
