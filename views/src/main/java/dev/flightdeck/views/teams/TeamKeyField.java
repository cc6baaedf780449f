package dev.flightdeck.views.teams;

import dev.flightdeck.app.queues.teams.NodeKeys;
import dev.flightdeck.app.settings.TeamKey;
import javafx.scene.control.ComboBox;
import javafx.scene.control.ListCell;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The cluster settings dialog's team key: typed, or picked from the label and taint keys the cluster's GPU nodes
 * really carry, most common first, each with how many nodes carry it. Empty means the nodes are not divided among
 * teams. The dialog's other fields are plain text; this one offers a list because a key typed from memory that no node
 * carries would put every node under "(no team)" without a word.
 */
public final class TeamKeyField extends ComboBox<String> {

    private final Map<String, Integer> carriers = new HashMap<>();

    /**
     * @param current the saved key, or null
     * @param offered the keys the connected cluster's nodes carry ({@link NodeKeys#offered}); empty when not connected
     */
    public TeamKeyField(TeamKey current, List<NodeKeys.Offered> offered) {
        setId("settings-team-key");
        setEditable(true);
        setPrefWidth(360);
        setPromptText(offered.isEmpty() ? "a node label or taint key, e.g. example.com/team"
                : "pick a key the nodes carry, or type one");
        offered.forEach(o -> {
            carriers.put(o.key(), o.nodes());
            getItems().add(o.key());
        });
        setCellFactory(list -> new ListCell<>() {
            @Override
            protected void updateItem(String key, boolean empty) {
                super.updateItem(key, empty);
                Integer n = key == null ? null : carriers.get(key);
                setText(empty || key == null ? null : n == null ? key : key + "   (" + n + (n == 1 ? " node)" : " nodes)"));
            }
        });
        if (current != null) {
            setValue(current.key());
            getEditor().setText(current.key());
        }
    }

    /**
     * The key as entered: null when empty.
     *
     * @throws IllegalArgumentException a key no node could carry, in one line naming the setting
     */
    public TeamKey teamKey() {
        // The editor's text: a key typed but not yet committed with Enter is what the person sees, so it is what counts.
        String text = getEditor().getText() == null ? "" : getEditor().getText().strip();
        return text.isEmpty() ? null : new TeamKey(text);
    }

    /** The keys offered, most common first (tests). */
    public List<String> offeredKeys() {
        return List.copyOf(getItems());
    }
}
