package dev.flightdeck.views.gangs;

import dev.flightdeck.app.gangs.Gang;
import dev.flightdeck.app.gangs.RankSlot;
import javafx.beans.binding.Bindings;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.value.ChangeListener;

import java.util.Objects;

/**
 * What the person has selected on the gangs screen: a gang, one of its ranks, the rank
 * under the pointer. It follows the selected gang as new records of it arrive, keeping
 * the same rank selected, and bumps {@link #ranksVersion} so the rank map redraws.
 */
final class GangSelection {

    final ObjectProperty<GangRow> selected = new SimpleObjectProperty<>(this, "selected");
    final ReadOnlyObjectWrapper<GangLine> selectedLine = new ReadOnlyObjectWrapper<>(this, "selectedLine");
    final ObjectProperty<RankSlot> selectedRank = new SimpleObjectProperty<>(this, "selectedRank");
    final ObjectProperty<RankSlot> hoveredRank = new SimpleObjectProperty<>(this, "hoveredRank");
    final ReadOnlyObjectWrapper<RankSlot> shownRank = new ReadOnlyObjectWrapper<>(this, "shownRank");
    final ReadOnlyObjectWrapper<Long> ranksVersion = new ReadOnlyObjectWrapper<>(this, "ranksVersion", 0L);

    GangSelection() {
        ChangeListener<GangLine> follow = (o, old, line) -> onSelectedLine(line);
        selected.addListener((o, old, row) -> {
            if (old != null) {
                old.lineProperty().removeListener(follow);
            }
            hoveredRank.set(null);
            selectedRank.set(null);
            if (row != null) {
                row.lineProperty().addListener(follow);
            }
            selectedLine.set(row == null ? null : row.line());
            ranksVersion.set(ranksVersion.get() + 1);
        });
        shownRank.bind(Bindings.createObjectBinding(
                () -> hoveredRank.get() != null ? hoveredRank.get() : selectedRank.get(), hoveredRank, selectedRank));
    }

    /** Selects rank {@code rank} of the selected gang, if it has one. */
    void selectRank(int rank) {
        GangRow row = selected.get();
        if (row == null) {
            return;
        }
        for (RankSlot s : row.gang().ranks()) {
            if (s.rank() == rank) {
                selectedRank.set(s);
                return;
            }
        }
    }

    private void onSelectedLine(GangLine line) {
        Gang before = selectedLine.get() == null ? null : selectedLine.get().gang();
        selectedLine.set(line);
        if (line != null && line.gang() != before) {
            // The same rank, as the new gang record describes it.
            selectedRank.set(find(line.gang(), selectedRank.get()));
            hoveredRank.set(find(line.gang(), hoveredRank.get()));
            ranksVersion.set(ranksVersion.get() + 1);
        }
    }

    private static RankSlot find(Gang g, RankSlot s) {
        if (s == null) {
            return null;
        }
        for (RankSlot r : g.ranks()) {
            if (r.rank() == s.rank() && Objects.equals(r.role(), s.role())) {
                return r;
            }
        }
        return null;
    }
}
