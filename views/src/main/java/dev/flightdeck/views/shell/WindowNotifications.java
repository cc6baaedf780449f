package dev.flightdeck.views.shell;

import dev.flightdeck.app.notify.DesktopNotifier;
import dev.flightdeck.app.notify.NotificationWatch;
import dev.flightdeck.app.settings.SettingsFile;
import dev.flightdeck.views.notify.NotificationBell;
import dev.flightdeck.views.notify.NotificationsViewModel;
import javafx.application.Platform;
import javafx.beans.property.StringProperty;

import java.time.Clock;

/**
 * The main window's notifications: the bell and its list in the top bar, fed by a watch over every open cluster whose
 * notifications are on (read from the settings off the FX thread), each also shown on the desktop when it can be.
 */
final class WindowNotifications implements AutoCloseable {

    private final NotificationsViewModel list;
    private final NotificationWatch watch;

    WindowNotifications(SessionController sessions, TopBar topBar, ClusterLinks links, Clock clock,
                        StringProperty notice, DesktopNotifier desktop) {
        list = new NotificationsViewModel(desktop, desktop.whyNone(System.getProperty("os.name", "")), notice::set);
        watch = new NotificationWatch(sessions.fleet(), () -> SettingsFile.standard().load(), clock,
                told -> Platform.runLater(() -> list.add(told)));
        // A cluster's settings saved (notifications turned on): the watch reads them again before its next look.
        sessions.settingsProperty().addListener((o, old, now) -> watch.settingsChanged());
        topBar.showBell(new NotificationBell(list, clock, links::open));
        watch.start();
    }

    NotificationsViewModel list() {
        return list;
    }

    NotificationWatch watch() {
        return watch;
    }

    @Override
    public void close() {
        watch.close();
    }
}
