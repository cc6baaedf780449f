package dev.flightdeck.views.screen;

import dev.flightdeck.app.gangs.GangKey;
import dev.flightdeck.app.kube.ObjectReference;

import java.util.Set;

/**
 * The links from one screen into another, as a screen follows them: a node's journal or Events, a rank's gang,
 * a gang's node. The main window carries them out (shows the other screen, selects there); a screen sees only this.
 */
public interface Navigator {

    /** The Nodes screen with that node selected (filters cleared if they hid it) and its table focused. */
    void openNode(String name);

    /** The Gangs screen with that gang selected, and its rank {@code rank} ({@code -1}: none in particular). */
    void openGang(GangKey gang, int rank);

    /** The Events screen, showing only the Events about {@code objects} ({@code whose} says whose they are). */
    void showEventsOf(Set<ObjectReference> objects, String whose);

    /** The Journal screen, filtered to one node. */
    void showJournalFor(String node);
}
