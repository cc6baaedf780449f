package dev.flightdeck.views.pressure;

import dev.flightdeck.views.screen.LazyScreen;
import dev.flightdeck.views.theme.Icons;
import org.kordamp.ikonli.Ikon;

/** The Pressure screen: what is waiting for GPUs and why, over time, for the cluster shown. */
public final class PressureScreen extends LazyScreen<PressureView> {

    public static final String ID = "pressure";

    private final PressureViewModel pressure;

    public PressureScreen(PressureViewModel pressure) {
        this.pressure = pressure;
    }

    @Override
    public String id() {
        return ID;
    }

    @Override
    public String title() {
        return "Pressure";
    }

    @Override
    public Ikon icon() {
        return Icons.PRESSURE;
    }

    @Override
    protected PressureView build() {
        return new PressureView(pressure);
    }
}
