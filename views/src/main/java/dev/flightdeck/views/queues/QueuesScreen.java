package dev.flightdeck.views.queues;

import dev.flightdeck.app.session.ClusterSession;
import dev.flightdeck.views.screen.LazyScreen;
import dev.flightdeck.views.screen.Navigator;
import dev.flightdeck.views.theme.Icons;
import javafx.application.Platform;
import javafx.beans.value.ObservableValue;
import org.kordamp.ikonli.Ikon;

import java.time.Clock;

/**
 * The Queues screen: the Kueue queues of the cluster shown and the jobs waiting in them; a waiting job links to its
 * gang. Its table follows the cluster on screen from the first time the screen is shown.
 */
public final class QueuesScreen extends LazyScreen<QueuesView> {

    public static final String ID = "queues";

    private final QueuesViewModel queues;
    private final ObservableValue<ClusterSession> onScreen;
    private final Navigator navigator;

    public QueuesScreen(Clock clock, ObservableValue<ClusterSession> onScreen, Navigator navigator) {
        this.queues = new QueuesViewModel(Platform::runLater, clock);
        this.onScreen = onScreen;
        this.navigator = navigator;
    }

    @Override
    public String id() {
        return ID;
    }

    @Override
    public String title() {
        return "Queues";
    }

    @Override
    public Ikon icon() {
        return Icons.QUEUES;
    }

    @Override
    protected QueuesView build() {
        queues.follow(onScreen);
        QueuesView view = new QueuesView(queues);
        view.setOnOpenGang(gang -> navigator.openGang(gang, -1));
        return view;
    }

    @Override
    public void stop() {
        queues.close();
    }
}
