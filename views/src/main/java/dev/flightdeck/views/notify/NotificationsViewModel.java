package dev.flightdeck.views.notify;

import dev.flightdeck.app.notify.DesktopNotifier;
import dev.flightdeck.app.notify.Notification;
import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.ReadOnlyIntegerWrapper;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

import java.util.List;
import java.util.function.Consumer;

/**
 * The notifications of this run, newest first (the last {@link #KEPT}), and how many arrived since the person last
 * opened the list. Each new one also goes to the desktop when the OS offers notifications; when it does not, the
 * window says so once, with the first notification. FX thread.
 */
public final class NotificationsViewModel {

    static final int KEPT = 200;

    private final ObservableList<Notification> recent = FXCollections.observableArrayList();
    private final ReadOnlyIntegerWrapper unread = new ReadOnlyIntegerWrapper(this, "unread");
    private final DesktopNotifier desktop;
    private final String whyNoDesktop;
    private final Consumer<String> sayOnce;
    private boolean said;

    /**
     * @param whyNoDesktop why the desktop shows none (null when it does)
     * @param sayOnce      where that is said (the window's notice banner)
     */
    public NotificationsViewModel(DesktopNotifier desktop, String whyNoDesktop, Consumer<String> sayOnce) {
        this.desktop = desktop;
        this.whyNoDesktop = whyNoDesktop;
        this.sayOnce = sayOnce;
    }

    public void add(List<Notification> told) {
        if (told.isEmpty()) {
            return;
        }
        for (Notification n : told) {
            recent.addFirst(n);
            desktop.send(n);
        }
        if (recent.size() > KEPT) {
            recent.remove(KEPT, recent.size());
        }
        unread.set(unread.get() + told.size());
        if (!desktop.available() && whyNoDesktop != null && !said) {
            said = true;
            sayOnce.accept(whyNoDesktop);
        }
    }

    public ObservableList<Notification> recent() {
        return FXCollections.unmodifiableObservableList(recent);
    }

    public ReadOnlyIntegerProperty unreadProperty() {
        return unread.getReadOnlyProperty();
    }

    /** The person opened the list: every notification in it is read. */
    public void markRead() {
        unread.set(0);
    }

    public void clear() {
        recent.clear();
        unread.set(0);
    }
}
