package dev.flightdeck.views.theme;

import dev.flightdeck.app.nodes.NodeVerdict;
import dev.flightdeck.app.gangs.GangVerdict;
import dev.flightdeck.app.gangs.RankState;
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

    public static Ikon gangVerdict(GangVerdict v) {
        return switch (v) {
            case HALTED -> Material2MZ.PAUSE_CIRCLE_FILLED;
            case FAILED -> Material2AL.CANCEL;
            // Circular arrows struck through: every rank runs, nothing moves (a hung collective).
            case STALLED -> Material2MZ.SYNC_DISABLED;
            case DEGRADED -> Material2MZ.WARNING;
            case STARTING -> Material2AL.HOURGLASS_TOP;
            case QUEUED -> Material2AL.HOURGLASS_EMPTY;
            case RUNNING -> Material2AL.CHECK_CIRCLE;
            case FINISHED -> Material2AL.DONE_ALL;
        };
    }

    public static Ikon rankState(RankState s) {
        return switch (s) {
            case FAILED, CRASHING -> Material2AL.CANCEL;
            case EVICTED -> Material2AL.EJECT;
            case MISSING -> Material2MZ.REMOVE_CIRCLE_OUTLINE;
            case PENDING -> Material2AL.HOURGLASS_EMPTY;
            case NOT_READY -> Material2MZ.WARNING;
            case TERMINATING -> Material2AL.EXIT_TO_APP;
            case RUNNING -> Material2AL.CHECK_CIRCLE;
            case SUCCEEDED -> Material2AL.DONE_ALL;
        };
    }

    public static final Ikon CHECKPOINT_FRESH = Material2MZ.SAVE;
    public static final Ikon CHECKPOINT_AGING = Material2MZ.SCHEDULE;
    public static final Ikon CHECKPOINT_STALE = Material2MZ.WARNING;
    public static final Ikon CHECKPOINT_UNKNOWN = Material2AL.HELP_OUTLINE;
    public static final Ikon GANGS = Material2AL.APPS;
    public static final Ikon BELL = Material2MZ.NOTIFICATIONS_NONE;
    public static final Ikon BELL_RINGING = Material2MZ.NOTIFICATIONS_ACTIVE;
    /** The View menu: light, dark or the system's. */
    public static final Ikon THEME = Material2AL.BRIGHTNESS_6;
    public static final Ikon QUEUES = Material2MZ.QUEUE;
    public static final Ikon AT_RISK = Material2MZ.REPORT_PROBLEM;
    public static final Ikon GO_TO = Material2AL.ARROW_FORWARD;
    public static final Ikon CONNECTING = Material2AL.HOURGLASS_EMPTY;
    public static final Ikon ERROR = Material2AL.ERROR_OUTLINE;
    public static final Ikon INFO = Material2AL.INFO;
    /** The Events screen, and a Warning Event. */
    public static final Ikon EVENTS = Material2AL.EVENT_NOTE;
    public static final Ikon EVENT_WARNING = Material2MZ.WARNING;
    public static final Ikon SEARCH = Material2MZ.SEARCH;
    public static final Ikon CLEAR = Material2AL.CLEAR;
    public static final Ikon REFRESH = Material2MZ.REFRESH;
    public static final Ikon SETTINGS = Material2MZ.SETTINGS;
    public static final Ikon OK = Material2AL.CHECK_CIRCLE;
    public static final Ikon PRESSURE = Material2MZ.SPEED;
    public static final Ikon NODES = Material2AL.DNS;
    public static final Ikon SANDBOX = Material2MZ.SCIENCE;
    public static final Ikon GPU = Material2MZ.MEMORY;
    public static final Ikon CORDONED = Material2AL.BLOCK;
    public static final Ikon GATE = Material2AL.HOURGLASS_TOP;
    public static final Ikon JOURNAL = Material2AL.HISTORY;
    public static final Ikon EXPORT = Material2MZ.SAVE_ALT;
    public static final Ikon COPY = Material2AL.CONTENT_COPY;
    public static final Ikon WARNING = Material2MZ.WARNING;
    public static final Ikon DRILL = Material2AL.ALARM;
    public static final Ikon FLEET = Material2AL.LAYERS;
    public static final Ikon CLUSTERS = Material2AL.DOMAIN;
    /** An action under way (status bar). */
    public static final Ikon RUNNING = Material2MZ.PLAY_CIRCLE_OUTLINE;

    public static FontIcon icon(Ikon ikon) {
        return new FontIcon(ikon);
    }

    public static FontIcon icon(Ikon ikon, String styleClass) {
        FontIcon i = new FontIcon(ikon);
        i.getStyleClass().add(styleClass);
        return i;
    }
}
