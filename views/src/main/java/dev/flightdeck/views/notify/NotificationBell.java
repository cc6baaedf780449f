package dev.flightdeck.views.notify;

import dev.flightdeck.app.notify.Notification;
import dev.flightdeck.views.theme.Icons;
import dev.flightdeck.views.theme.Styles;
import javafx.beans.binding.Bindings;
import javafx.geometry.Bounds;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import javafx.stage.Popup;
import org.kordamp.ikonli.javafx.FontIcon;

import java.time.Clock;
import java.time.Duration;
import java.util.function.Consumer;

/**
 * The bell in the top bar: how many notifications arrived since the list was last opened, and the list itself in a
 * popup, newest first. Clicking one opens what it is about (the gang, the node, the cluster's screen) and closes the
 * list.
 */
public final class NotificationBell extends StackPane {

    private final NotificationsViewModel vm;
    private final Popup popup = new Popup();
    private final ListView<Notification> list = new ListView<>();
    private final Button bell = new Button();

    public NotificationBell(NotificationsViewModel vm, Clock clock, Consumer<Notification> open) {
        this.vm = vm;
        setId("notification-bell");
        getStyleClass().add(Styles.BELL);
        FontIcon icon = new FontIcon(Icons.BELL);
        vm.unreadProperty().addListener((o, was, now) -> icon.setIconCode(now.intValue() > 0 ? Icons.BELL_RINGING : Icons.BELL));
        bell.setGraphic(icon);
        bell.setId("notification-bell-button");
        bell.setAccessibleText("Notifications");
        Tooltip tip = new Tooltip();
        tip.textProperty().bind(Bindings.createStringBinding(() -> vm.unreadProperty().get() == 0
                ? "Notifications (none new). Turn them on per cluster in Cluster settings."
                : vm.unreadProperty().get() + " new notification" + (vm.unreadProperty().get() == 1 ? "" : "s"),
                vm.unreadProperty()));
        bell.setTooltip(tip);
        bell.setOnAction(e -> toggle());

        Label count = new Label();
        count.setId("notification-count");
        count.getStyleClass().add(Styles.BELL_COUNT);
        count.textProperty().bind(Bindings.createStringBinding(
                () -> vm.unreadProperty().get() > 99 ? "99+" : Integer.toString(vm.unreadProperty().get()), vm.unreadProperty()));
        count.visibleProperty().bind(vm.unreadProperty().greaterThan(0));
        count.setMouseTransparent(true);
        StackPane.setAlignment(count, Pos.TOP_RIGHT);
        getChildren().addAll(bell, count);

        list.setId("notification-list");
        list.setItems(vm.recent());
        list.setPrefWidth(520);
        // As tall as its notifications, up to a screenful: one notification is not a box of empty stripes.
        list.prefHeightProperty().bind(Bindings.min(360, Bindings.max(96, Bindings.size(vm.recent()).multiply(84))));
        Label empty = new Label("No notifications yet. Turn them on for a cluster in Cluster settings: a gang that halts, "
                + "a cluster that cannot be reached, a node carrying ranks that turns untrusted, a job waiting too long.");
        empty.setWrapText(true);
        empty.getStyleClass().add(Styles.MUTED);
        empty.setMaxWidth(460);
        list.setPlaceholder(empty);
        list.setCellFactory(l -> new Cell(clock));
        list.setOnMouseClicked(e -> {
            Notification n = list.getSelectionModel().getSelectedItem();
            if (n != null && e.getClickCount() >= 1) {
                popup.hide();
                list.getSelectionModel().clearSelection();
                open.accept(n);
            }
        });
        list.setOnKeyPressed(e -> {
            Notification n = list.getSelectionModel().getSelectedItem();
            if (e.getCode() == javafx.scene.input.KeyCode.ENTER && n != null) {
                popup.hide();
                open.accept(n);
            }
        });
        Label title = new Label("Notifications");
        title.getStyleClass().add(Styles.SECTION_TITLE);
        VBox box = new VBox(4, title, list);
        box.setId("notification-popup");
        box.getStyleClass().addAll(Styles.ROOT, Styles.NOTIFICATION_POPUP);
        popup.getContent().add(box);
        popup.setAutoHide(true);
        popup.setHideOnEscape(true);
    }

    private void toggle() {
        if (popup.isShowing()) {
            popup.hide();
            return;
        }
        Bounds b = bell.localToScreen(bell.getBoundsInLocal());
        // Styled as the window is (its theme's palette): a popup is a window of its own.
        var content = (VBox) popup.getContent().getFirst();
        content.getStylesheets().setAll(getScene().getStylesheets());
        popup.show(getScene().getWindow(), Math.max(0, b.getMaxX() - 540), b.getMaxY() + 4);
        vm.markRead();
        list.requestFocus();
    }

    /** The list open (tests, screenshots). */
    public VBox popupContent() {
        return (VBox) popup.getContent().getFirst();
    }

    public boolean showing() {
        return popup.isShowing();
    }

    private static final class Cell extends ListCell<Notification> {
        private final Clock clock;

        Cell(Clock clock) {
            this.clock = clock;
        }

        @Override
        protected void updateItem(Notification n, boolean empty) {
            super.updateItem(n, empty);
            if (empty || n == null) {
                setText(null);
                setGraphic(null);
                setId(null);
                return;
            }
            Label title = new Label(n.title(), Icons.icon(icon(n.kind()), Styles.BELL_KIND));
            title.getStyleClass().add(Styles.SECTION_TITLE);
            Label text = new Label(n.text());
            text.setWrapText(true);
            text.setMaxWidth(470);
            Label when = new Label(ago(Duration.between(n.at(), clock.instant())));
            when.getStyleClass().add(Styles.MUTED);
            VBox box = new VBox(1, title, text, when);
            setText(null);
            setGraphic(box);
            setId("notification-" + (n.subject() == null ? n.kind().name().toLowerCase(java.util.Locale.ROOT)
                    : n.subject().replace('/', '-')));
        }

        private static org.kordamp.ikonli.Ikon icon(Notification.Kind k) {
            return switch (k) {
                case GANG_HALTED -> Icons.gangVerdict(dev.flightdeck.app.gangs.GangVerdict.HALTED);
                case CLUSTER_UNREACHABLE -> Icons.ERROR;
                case NODE_UNTRUSTED -> Icons.verdict(dev.flightdeck.app.nodes.NodeVerdict.UNTRUSTED);
                case QUEUED_TOO_LONG -> Icons.QUEUES;
            };
        }

        private static String ago(Duration d) {
            long s = Math.max(0, d.toSeconds());
            if (s < 60) {
                return "just now";
            }
            if (s < 3600) {
                return (s / 60) + " min ago";
            }
            return (s / 3600) + " h ago";
        }
    }
}
