package dev.flightdeck.views.journal;

import dev.flightdeck.views.screen.LazyScreen;
import dev.flightdeck.views.theme.Icons;
import javafx.application.Platform;
import org.kordamp.ikonli.Ikon;

import java.time.Clock;
import java.util.concurrent.Executor;

/** The Journal screen: what the console and the headless commands did, read again each time the screen is shown. */
public final class JournalScreen extends LazyScreen<JournalView> {

    public static final String ID = "journal";

    private final JournalViewModel journal;

    /** @param reads where the journal is read, off the FX thread */
    public JournalScreen(Clock clock, Executor reads) {
        this.journal = new JournalViewModel(JournalViewModel.standardJournal(), clock, reads, Platform::runLater);
    }

    @Override
    public String id() {
        return ID;
    }

    @Override
    public String title() {
        return "Journal";
    }

    @Override
    public Ikon icon() {
        return Icons.JOURNAL;
    }

    @Override
    protected JournalView build() {
        return new JournalView(journal);
    }

    @Override
    public void shown() {
        journal.refresh();
    }

    /** Reads the journal again (an action wrote to it). */
    public void refresh() {
        journal.refresh();
    }

    /** Only the entries about one node, from then on. */
    public void filterToNode(String node) {
        journal.filterToNode(node);
    }

    @Override
    public boolean focusSearch() {
        view().focusSearch();
        return true;
    }
}
