package dev.flightdeck.views.theme;

import dev.flightdeck.app.connect.TlsVerification;
import javafx.scene.control.Label;
import javafx.scene.control.Tooltip;

/**
 * "TLS verification off (kubeconfig)" with a warning icon, in the warning style: shown wherever a
 * cluster whose kubeconfig entry says {@code insecure-skip-tls-verify: true} is named (switcher,
 * status bar, fleet row, action windows). Icon and words, never colour alone.
 */
public final class TlsOffBadge {

    static final String TOOLTIP = "The kubeconfig's cluster entry sets insecure-skip-tls-verify: true, so the console"
            + " does not check the server's certificate: anyone between here and the server could stand in for it."
            + " Give the cluster its certificate-authority and remove the flag to turn verification on.";

    private TlsOffBadge() {
    }

    /**
     * The badge on two lines ("TLS verification off" over "(kubeconfig)"), for a narrow table column:
     * the row grows by a line instead of the words being cut to "TLS verificatio…".
     */
    public static Label twoLines(String id) {
        Label l = create(id);
        l.setText(TlsVerification.OFF.replace(" (", "\n("));
        l.getStyleClass().add(Styles.TLS_OFF_COMPACT);
        return l;
    }

    /** A new badge with {@code id} (null for none). */
    public static Label create(String id) {
        Label l = new Label(TlsVerification.OFF, Icons.icon(Icons.WARNING));
        l.getStyleClass().add(Styles.TLS_OFF);
        l.setTooltip(new Tooltip(TOOLTIP));
        l.setMinWidth(Label.USE_PREF_SIZE); // the words are the point: never cut to "TLS verif…"
        if (id != null) {
            l.setId(id);
        }
        return l;
    }
}
