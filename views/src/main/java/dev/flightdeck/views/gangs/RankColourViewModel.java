package dev.flightdeck.views.gangs;

import dev.flightdeck.views.telemetry.TelemetrySnapshot;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.value.ObservableValue;

/**
 * What colours the rank map: the ranks' states, or their GPUs' utilisation from the shown cluster's telemetry. In
 * utilisation mode the selected gang's ranks are looked up again when the gang changes or telemetry refreshes (the
 * gang's ranks, not the frame); in state mode nothing is. FX thread (or a test thread).
 */
public final class RankColourViewModel {

    private final GangsViewModel gangs;
    private final ObservableValue<TelemetrySnapshot> telemetry;
    private final ObjectProperty<RankColouring> mode = new SimpleObjectProperty<>(this, "mode", RankColouring.STATE);
    private final ReadOnlyObjectWrapper<RankUtilisation> utilisation =
            new ReadOnlyObjectWrapper<>(this, "utilisation", RankUtilisation.NONE);

    public RankColourViewModel(GangsViewModel gangs, ObservableValue<TelemetrySnapshot> telemetry) {
        this.gangs = gangs;
        this.telemetry = telemetry;
        mode.addListener((o, a, b) -> refresh());
        gangs.selectedLineProperty().addListener((o, a, b) -> refresh());
        telemetry.addListener((o, a, b) -> refresh());
        refresh();
    }

    /** A rank map with no telemetry to show (tests, and before the shell hands one over). */
    public static RankColourViewModel withoutTelemetry(GangsViewModel gangs) {
        return new RankColourViewModel(gangs, new SimpleObjectProperty<>(TelemetrySnapshot.NONE));
    }

    private void refresh() {
        GangLine line = gangs.selectedLineProperty().get();
        utilisation.set(mode.get() != RankColouring.GPU_UTILISATION || line == null ? RankUtilisation.NONE
                : RankUtilisation.of(line.gang(), telemetry.getValue()));
    }

    public ObjectProperty<RankColouring> modeProperty() {
        return mode;
    }

    /** The selected gang's ranks' utilisation; {@link RankUtilisation#NONE} in state mode or with no gang. */
    public ReadOnlyObjectProperty<RankUtilisation> utilisationProperty() {
        return utilisation.getReadOnlyProperty();
    }
}
