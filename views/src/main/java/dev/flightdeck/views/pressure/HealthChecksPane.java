package dev.flightdeck.views.pressure;

import dev.flightdeck.app.pressure.HealthCheck;
import dev.flightdeck.app.pressure.HealthReport;
import dev.flightdeck.views.theme.Icons;
import dev.flightdeck.views.theme.Styles;
import javafx.scene.control.Label;
import javafx.scene.layout.VBox;

/** {@code /readyz} and {@code /livez} check by check, failures first, each with icon and word. */
final class HealthChecksPane extends VBox {

    private final VBox readyz = new VBox(2);
    private final VBox livez = new VBox(2);
    private final Label readyzTitle = title("readyz");
    private final Label livezTitle = title("livez");

    HealthChecksPane() {
        setId("health-checks");
        setSpacing(4);
        getStyleClass().add(Styles.PANEL);
        getChildren().addAll(readyzTitle, readyz, livezTitle, livez);
    }

    private static Label title(String name) {
        Label l = new Label(name);
        l.getStyleClass().add(Styles.SECTION_TITLE);
        return l;
    }

    void show(HealthReport ready, HealthReport live, String problem) {
        fill(readyzTitle, readyz, "/readyz", ready, problem);
        fill(livezTitle, livez, "/livez", live, problem);
    }

    private static void fill(Label title, VBox box, String endpoint, HealthReport r, String problem) {
        box.getChildren().clear();
        if (r == null) {
            title.setText(endpoint + ": unknown");
            if (problem != null) {
                Label p = new Label(problem);
                p.setWrapText(true);
                p.getStyleClass().add(Styles.MUTED);
                box.getChildren().add(p);
            }
            return;
        }
        title.setText(endpoint + (r.passed() ? ": ok, " + r.checks().size() + " checks" : ": FAILING " + r.failures().size()
                + " of " + r.checks().size() + " checks"));
        title.setId(endpoint.substring(1) + "-title");
        for (HealthCheck c : r.checks()) {
            Label l = new Label(c.name() + (c.ok() ? "" : " — " + c.detail()),
                    Icons.icon(c.ok() ? Icons.OK : Icons.ERROR, c.ok() ? "level-ok" : "level-red"));
            l.getStyleClass().add(c.ok() ? Styles.MUTED : Styles.PROBLEM);
            box.getChildren().add(l);
        }
    }
}
