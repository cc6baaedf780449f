package dev.flightdeck.views.shell;

import dev.flightdeck.views.theme.Icons;
import dev.flightdeck.views.theme.Styles;
import javafx.beans.property.StringProperty;
import javafx.beans.value.ObservableValue;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import org.kordamp.ikonli.Ikon;
import org.kordamp.ikonli.javafx.FontIcon;

/**
 * A full-width message under the top bar, shown while its text is non-null. Used for
 * connection problems (the app's one-line message, never a stack trace) and notices.
 */
final class Banner extends HBox {

    private final Label message = new Label();

    Banner(String id, String style, Ikon ikon, ObservableValue<String> text, Node... actions) {
        setId(id);
        getStyleClass().addAll(Styles.BANNER, style);
        message.setId(id + "-text");
        message.setWrapText(true);
        message.setMaxWidth(Double.MAX_VALUE);
        HBox.setHgrow(message, Priority.ALWAYS);
        message.textProperty().bind(text);
        getChildren().addAll(new FontIcon(ikon), message);
        getChildren().addAll(actions);
        visibleProperty().bind(text.map(t -> !t.isBlank()).orElse(false));
        managedProperty().bind(visibleProperty());
    }

    /** The connection problem of the cluster shown, with Retry. */
    static Banner problem(SessionController sessions) {
        Button retry = new Button("Retry");
        retry.setId("retry");
        retry.setOnAction(e -> sessions.retry());
        retry.visibleProperty().bind(sessions.targetProperty().isNotNull());
        return new Banner("problem-banner", Styles.BANNER_ERROR, Icons.ERROR, sessions.problemProperty(), retry);
    }

    /** The window's notice, until dismissed. */
    static Banner notice(StringProperty notice) {
        Button dismiss = new Button(null, new FontIcon(Icons.CLEAR));
        dismiss.setId("dismiss-notice");
        dismiss.setOnAction(e -> notice.set(null));
        return new Banner("notice-banner", Styles.BANNER_INFO, Icons.INFO, notice, dismiss);
    }
}
