package dev.flightdeck.views.shell;

import dev.flightdeck.app.gangs.GangKey;
import dev.flightdeck.views.fleet.FleetLink;
import dev.flightdeck.views.keys.ScreenKeys;
import dev.flightdeck.views.keys.ScreenKeys.Action;
import dev.flightdeck.views.keys.ScreenKeys.Help;
import dev.flightdeck.views.nodes.NodesViewModel;
import dev.flightdeck.views.screen.Screen;
import javafx.beans.property.StringProperty;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.ButtonBase;
import javafx.scene.control.TableView;

import java.util.List;
import java.util.function.Consumer;

/**
 * The keys of each screen: which table j/k/g/G move, what {@code /} and Enter do, and one letter per action
 * on the selection where the action applies there (k9s's letters: l logs, e events, y YAML, d drain, c cordon,
 * p preflight, r resume). A letter with nothing selected says so in the notice rather than doing nothing.
 */
final class ScreenKeyMaps {

    private final MainWindow window;
    private final ScreenNav screens;
    private final SessionController sessions;
    private final NodesViewModel nodes;
    private final ObjectActions actions;
    private final StringProperty notice;

    ScreenKeyMaps(MainWindow window, ScreenNav screens, SessionController sessions, NodesViewModel nodes,
                  ObjectActions actions, StringProperty notice) {
        this.window = window;
        this.screens = screens;
        this.sessions = sessions;
        this.nodes = nodes;
        this.actions = actions;
        this.notice = notice;
    }

    /** The keys of the screen shown. */
    ScreenKeys shown() {
        String id = screens.shown();
        String title = screens.offered().stream().filter(s -> s.id().equals(id)).map(Screen::title).findFirst()
                .orElse(id);
        return switch (id == null ? "" : id) {
            case "nodes" -> new ScreenKeys(title, "node-table", window::focusSearch,
                    new Action("Enter", "into the node's details: its actions, Tab for the next",
                            () -> focusFirstControl("#node-actions")),
                    List.of(new Action("d", "drain the node (plan, then confirm)", onNode(actions::drain)),
                            new Action("c", "cordon or uncordon the node (plan, then confirm)", onNode(actions::cordon)),
                            new Action("p", "re-run preflight on the node (plan, then confirm)", onNode(actions::preflight)),
                            new Action("e", "the node's Events", onNode(actions::nodeEvents)),
                            new Action("y", "the node's YAML", onNode(actions::nodeYaml))),
                    List.of());
            case "gangs" -> new ScreenKeys(title, "gang-table", window::focusSearch,
                    new Action("Enter", "into the rank's details: logs, Events, YAML, Tab for the next",
                            () -> focusFirstControl("#rank-details")),
                    List.of(new Action("l", "the gang's logs, the rank shown selected", onGang(g -> {
                                var rank = sessions.gangs().shownRankProperty().get();
                                actions.logs(g, rank == null ? -1 : rank.rank());
                            })),
                            new Action("e", "the Events about the gang and its pods", onGang(actions::gangEvents)),
                            new Action("y", "the gang's YAML", onGang(actions::gangYaml)),
                            new Action("r", "resume the gang from its checkpoint (plan, then confirm)",
                                    onGang(actions::resume))),
                    List.of());
            case "journal" -> new ScreenKeys(title, "journal-table", window::focusSearch, null, List.of(), List.of());
            case "events" -> new ScreenKeys(title, "events-table", null, null, List.of(), List.of(
                    new Help("Enter", "the YAML of the object the Event is about"),
                    new Help("y", "the Event's own YAML")));
            case "queues" -> new ScreenKeys(title, "queued-table", null, null, List.of(), List.of(
                    new Help("Enter", "the waiting job's gang on the Gangs screen")));
            case "fleet" -> new ScreenKeys(title, "fleet-table", null,
                    new Action("Enter", "that cluster's Nodes screen", this::openFleetRow), List.of(), List.of());
            case "pressure" -> new ScreenKeys(title, "pressure-table", null, null, List.of(), List.of());
            default -> new ScreenKeys(title, null, null, null, List.of(), List.of());
        };
    }

    private Runnable onNode(Consumer<String> act) {
        return () -> {
            var row = nodes.selectedProperty().get();
            if (row == null) {
                notice.set("Select a node first (j and k move the selection)");
            } else {
                act.accept(row.name());
            }
        };
    }

    private Runnable onGang(Consumer<GangKey> act) {
        return () -> {
            var row = sessions.gangs().selectedProperty().get();
            if (row == null) {
                notice.set("Select a gang first (j and k move the selection)");
            } else {
                act.accept(row.key());
            }
        };
    }

    private void openFleetRow() {
        if (screens.view("fleet").lookup("#fleet-table") instanceof TableView<?> t
                && t.getSelectionModel().getSelectedItem() instanceof dev.flightdeck.app.clusters.ClusterSummary s) {
            window.openInCluster(s.name(), FleetLink.nodes(null));
        }
    }

    /** The first enabled button or link in {@code where}, focused: Enter goes from a row into what it shows. */
    private void focusFirstControl(String where) {
        if (screens.view(screens.shown()).lookup(where) instanceof Parent p) {
            ButtonBase first = firstEnabled(p);
            if (first != null) {
                first.requestFocus();
            }
        }
    }

    /** In layout order: the first button or link that can be pressed now. */
    private static ButtonBase firstEnabled(Parent p) {
        for (Node n : p.getChildrenUnmodifiable()) {
            if (!n.isVisible()) {
                continue;
            }
            if (n instanceof ButtonBase b && !b.isDisabled()) {
                return b;
            }
            if (n instanceof Parent child) {
                ButtonBase found = firstEnabled(child);
                if (found != null) {
                    return found;
                }
            }
        }
        return null;
    }
}
