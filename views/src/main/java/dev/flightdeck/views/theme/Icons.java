package dev.flightdeck.views.theme;

import dev.flightdeck.app.fleet.NodeVerdict;
import dev.flightdeck.app.watch.WatchPhase;
import org.kordamp.ikonli.Ikon;
import org.kordamp.ikonli.javafx.FontIcon;
import org.kordamp.ikonli.material2.Material2AL;
import org.kordamp.ikonli.material2.Material2MZ;

/**
 * One icon per state. Each verdict and connection phase gets a different shape as
 * well as a colour, so the state reads without colour vision (and in a greyscale
 * screenshot); the text beside it says the same in words.
 */
public final class Icons {

    private Icons() {
    }

    public static Ikon verdict(NodeVerdict v) {
        return switch (v) {
            case NOT_READY -> Material2AL.CANCEL;
            case UNTRUSTED -> Material2MZ.REPORT;
            case GATED -> Material2AL.LOCK;
            case MAINTENANCE -> Material2AL.BUILD;
            case DEGRADED -> Material2MZ.WARNING;
            case TRUSTED -> Material2AL.CHECK_CIRCLE;
        };
    }

    public static Ikon phase(WatchPhase p) {
        return switch (p) {
            case SYNCING -> Material2MZ.SYNC;
            case LIVE -> Material2AL.CLOUD_DONE;
            case RECONNECTING -> Material2MZ.SYNC_PROBLEM;
            case FAILED -> Material2AL.ERROR;
            case STOPPED -> Material2AL.CLOUD_OFF;
        };
    }

    public static final Ikon CONNECTING = Material2AL.HOURGLASS_EMPTY;
    public static final Ikon ERROR = Material2AL.ERROR_OUTLINE;
    public static final Ikon INFO = Material2AL.INFO;
    public static final Ikon SEARCH = Material2MZ.SEARCH;
    public static final Ikon CLEAR = Material2AL.CLEAR;
    public static final Ikon NODES = Material2AL.DNS;
    public static final Ikon SANDBOX = Material2MZ.SCIENCE;
    public static final Ikon GPU = Material2MZ.MEMORY;
    public static final Ikon CORDONED = Material2AL.BLOCK;
    public static final Ikon GATE = Material2AL.HOURGLASS_TOP;

    public static FontIcon icon(Ikon ikon) {
        return new FontIcon(ikon);
    }

    public static FontIcon icon(Ikon ikon, String styleClass) {
        FontIcon i = new FontIcon(ikon);
        i.getStyleClass().add(styleClass);
        return i;
    }
}
