package dev.flightdeck.views.theme;

import dev.flightdeck.app.nodes.NodeVerdict;
import dev.flightdeck.app.gangs.GangVerdict;
import dev.flightdeck.app.watch.WatchPhase;

import java.util.Locale;
import java.util.Objects;

/**
 * Style-class names used by the views and defined in {@code flightdeck.css}. Kept as
 * constants so a renamed class breaks the build instead of silently losing its style.
 */
public final class Styles {

    public static final String ROOT = "flightdeck";
    public static final String TOP_BAR = "top-bar";
    public static final String APP_TITLE = "app-title";
    public static final String SANDBOX_BADGE = "sandbox-badge";
    /** A cluster reached without TLS verification, as its kubeconfig says (warning style, icon and words). */
    public static final String TLS_OFF = "tls-off";
    /** The same, smaller, where it shares a table cell with other lines (the fleet row). */
    public static final String TLS_OFF_COMPACT = "tls-off-compact";
    public static final String BANNER = "banner";
    public static final String BANNER_ERROR = "banner-error";
    public static final String BANNER_INFO = "banner-info";
    public static final String NAV = "nav";
    public static final String NAV_ITEM = "nav-item";
    public static final String STATUS_BAR = "status-bar";
    public static final String CONNECTION = "connection";

    public static final String FLEET_HEADER = "fleet-header";
    public static final String HEADLINE = "headline";
    public static final String CHIP = "chip";
    public static final String FILTER_BAR = "filter-bar";
    public static final String SEARCH = "search";
    public static final String NODE_TABLE = "node-table";
    public static final String DETAILS = "details";
    public static final String DETAILS_TITLE = "details-title";
    public static final String SECTION_TITLE = "section-title";
    public static final String KEY = "key";
    public static final String MUTED = "muted";
    /** The one line a details pane shows while nothing is selected: what to select. */
    public static final String EMPTY_DETAILS = "empty-details";
    public static final String BELL = "bell";
    public static final String BELL_COUNT = "bell-count";
    public static final String BELL_KIND = "bell-kind";
    public static final String NOTIFICATION_POPUP = "notification-popup";
    public static final String PROBLEM = "problem";
    public static final String MONO = "mono";

    public static final String GANG_TABLE = "gang-table";
    public static final String RANK_MAP = "rank-map";
    public static final String BROKEN_RANKS = "broken-ranks";
    public static final String BROKEN_RANK = "broken-rank";
    public static final String LEGEND = "legend";
    public static final String PANEL = "panel";
    public static final String AT_RISK = "at-risk";
    public static final String RANK_LINK = "rank-link";

    public static final String BANNER_WARNING = "banner-warning";
    public static final String JOURNAL_TABLE = "journal-table";
    /** A journal row whose phase is "outcome": how an action ended stands out in a long run of steps. */
    public static final String JOURNAL_OUTCOME = "journal-outcome";
    /** Whole saved objects as JSON: monospaced, selectable, copyable. */
    public static final String JSON_TEXT = "json-text";
    public static final String BAD_INPUT = "bad-input";

    private Styles() {
    }

    /** {@code verdict-not-ready}, {@code verdict-trusted}, ...: colours the icon, never the only cue. */
    public static String verdict(NodeVerdict v) {
        return "verdict-" + slug(Objects.requireNonNull(v).name());
    }

    /** {@code phase-live}, {@code phase-reconnecting}, ... and {@code phase-connecting} before a session exists. */
    public static String phase(WatchPhase p) {
        return "phase-" + slug(p.name());
    }

    /** {@code gang-halted}, {@code gang-running}, ...: colours the icon beside the verdict's word. */
    public static String gang(GangVerdict v) {
        return "gang-" + slug(Objects.requireNonNull(v).name());
    }

    public static final String PHASE_CONNECTING = "phase-connecting";

    private static String slug(String enumName) {
        return enumName.toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** The theme stylesheet, for {@code scene.getStylesheets()}. */
    public static String stylesheet() {
        return Objects.requireNonNull(Styles.class.getResource("flightdeck.css"), "flightdeck.css").toExternalForm();
    }
}
