package dev.flightdeck.views.shell;

import dev.flightdeck.app.connect.ConnectionTarget;
import dev.flightdeck.views.layout.WindowLayoutBinding;

import java.util.function.Consumer;

/** The window layout kept as the person changes it: every screen's tables and splitters, and the screen per cluster. */
final class LayoutFollowing {

    private LayoutFollowing() {
    }

    /**
     * Follows each screen's tables and splitters as it is first shown and remembers the screen last shown per cluster;
     * a cluster that comes on screen goes back to its last screen (a link that names a screen shows its own afterwards).
     */
    static void follow(ScreenNav screens, SessionController sessions, WindowLayoutBinding layout) {
        screens.onShown((id, view) -> {
            layout.followAll(id, view);
            ConnectionTarget t = sessions.targetProperty().get();
            if (t != null) {
                layout.screenShown(t.displayName(), id);
            }
        });
        Consumer<ConnectionTarget> back = t -> {
            String last = t == null ? null : layout.lastScreen(t.displayName());
            if (last != null && screens.offered(last) && !screens.showing(last)) {
                screens.show(last);
            }
        };
        sessions.targetProperty().addListener((o, old, t) -> back.accept(t));
        back.accept(sessions.targetProperty().get());
    }
}
