package dev.flightdeck.views.journal;

import dev.flightdeck.views.nodes.FilterChoice;
import dev.flightdeck.views.theme.Icons;
import dev.flightdeck.views.theme.Styles;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Region;
import org.kordamp.ikonli.javafx.FontIcon;

/**
 * The journal's filters: range, context, action, target and words. Each is bound both ways to
 * the view model, so "Clear" (and a node or gang opened from another screen) shows here too.
 */
final class JournalFilterBar extends HBox {

    private final TextField search = new TextField();

    JournalFilterBar(JournalViewModel vm) {
        getStyleClass().add(Styles.FILTER_BAR);

        ComboBox<FilterChoice<String>> context = combo("journal-context", "Only this kubeconfig context");
        FilterChoice.bind(context, vm.contexts(), vm.contextFilterProperty(), "All contexts", c -> c);
        ComboBox<FilterChoice<String>> action = combo("journal-action", "Only this action");
        FilterChoice.bind(action, vm.actions(), vm.actionFilterProperty(), "All actions", a -> a);

        TextField target = new TextField();
        target.setId("journal-target");
        target.setPromptText("Target: node/NAME, gang/NS/NAME");
        target.setTooltip(new Tooltip("node/gpu-node-017 or gang/training/llm-pretrain for one object, gang/training"
                + " for a namespace's gangs, or just a name"));
        target.setPrefColumnCount(18);
        target.textProperty().bindBidirectional(vm.targetFilterProperty());

        search.setId("journal-search");
        search.getStyleClass().add(Styles.SEARCH);
        search.setPromptText("Search messages and details");
        search.setPrefWidth(230);
        search.textProperty().bindBidirectional(vm.searchTextProperty());

        Button clear = new Button("Clear", new FontIcon(Icons.CLEAR));
        clear.setId("journal-clear-filters");
        clear.setTooltip(new Tooltip("Clear the filters (Escape); the range stays"));
        clear.setOnAction(e -> vm.clearFilters());
        clear.setMinWidth(Region.USE_PREF_SIZE);

        getChildren().addAll(new RangeChooser(vm), context, action, target,
                new Label(null, new FontIcon(Icons.SEARCH)), search, clear);
    }

    private static ComboBox<FilterChoice<String>> combo(String id, String tip) {
        ComboBox<FilterChoice<String>> c = new ComboBox<>();
        c.setId(id);
        c.setTooltip(new Tooltip(tip));
        c.setVisibleRowCount(12);
        c.setMinWidth(Region.USE_PREF_SIZE);
        return c;
    }

    void focusSearch() {
        search.requestFocus();
        search.selectAll();
    }
}
