package dev.flightdeck.views.journal;

import dev.flightdeck.views.copy.CopiedText;
import dev.flightdeck.app.journal.IncidentTimeline;
import dev.flightdeck.app.journal.Journal;
import dev.flightdeck.app.journal.JournalEntry;
import dev.flightdeck.app.settings.AppDirectories;
import dev.flightdeck.views.background.LatestOnly;
import dev.flightdeck.views.rows.TableRows;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.ReadOnlyIntegerWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.beans.value.ObservableValue;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import javafx.collections.transformation.SortedList;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The journal screen's state: a time range read off the FX thread, filters applied in memory,
 * newest first, the selected entry, and the incident timeline of exactly what is shown.
 *
 * <p>Wiring, on the FX thread:
 * <pre>{@code
 * JournalViewModel vm = new JournalViewModel(JournalViewModel.standardJournal(), Clock.systemUTC(),
 *         backgroundExecutor, Platform::runLater);
 * JournalView view = new JournalView(vm);   // reads the default range (last 24 h) once
 * // after an action wrote an entry (on the FX thread):
 * vm.refresh();
 * // from another screen: that node's or gang's history
 * vm.filterToNode("gpu-node-017");
 * vm.filterToGang("training", "llm-pretrain");
 * }</pre>
 * Every public method runs on the FX thread (tests pass {@code Runnable::run} for both executors).
 * A read that fails leaves the last entries shown and says why in {@link #problemProperty()};
 * lines that cannot be parsed (a torn line after a crash) are counted in
 * {@link #unreadableLinesProperty()}, never hidden.
 */
public final class JournalViewModel {

    private final Supplier<Journal> journal;
    private final Clock clock;
    private final Executor fx;

    private final ObservableList<JournalLine> lines = FXCollections.observableArrayList();
    private final TableRows<JournalLine> table = new TableRows<>(lines, JournalLoad.NEWEST_FIRST);
    private final SortedList<JournalLine> sorted = table.visible();
    private final ObjectProperty<Comparator<JournalLine>> userOrder = table.userOrder();

    private final ObjectProperty<RangePreset> preset = new SimpleObjectProperty<>(this, "preset", RangePreset.LAST_24_HOURS);
    private final ReadOnlyObjectWrapper<TimeRange> range = new ReadOnlyObjectWrapper<>(this, "range");
    private final StringProperty contextFilter = new SimpleStringProperty(this, "contextFilter");
    private final StringProperty actionFilter = new SimpleStringProperty(this, "actionFilter");
    private final StringProperty targetFilter = new SimpleStringProperty(this, "targetFilter", "");
    private final StringProperty searchText = table.searchText();
    private final ObservableList<String> contexts = FXCollections.observableArrayList();
    // One read-only view, kept: a new wrapper per call loses its listeners when it is collected.
    private final ObservableList<String> contextsView = FXCollections.unmodifiableObservableList(contexts);
    private final ObservableList<String> actions = FXCollections.observableArrayList();
    // One read-only view, kept: a new wrapper per call loses its listeners when it is collected.
    private final ObservableList<String> actionsView = FXCollections.unmodifiableObservableList(actions);

    private final ReadOnlyBooleanWrapper reading = new ReadOnlyBooleanWrapper(this, "reading");
    private final ReadOnlyBooleanWrapper everRead = new ReadOnlyBooleanWrapper(this, "everRead");
    private final ReadOnlyBooleanWrapper journalEmpty = new ReadOnlyBooleanWrapper(this, "journalEmpty");
    private final ReadOnlyIntegerWrapper unreadableLines = new ReadOnlyIntegerWrapper(this, "unreadableLines");
    private final ReadOnlyObjectWrapper<Path> directory = new ReadOnlyObjectWrapper<>(this, "directory");
    private final ReadOnlyStringWrapper problem = new ReadOnlyStringWrapper(this, "problem");
    private final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper(this, "status", "");
    private final ReadOnlyStringWrapper emptyText = new ReadOnlyStringWrapper(this, "emptyText", "");
    private final ReadOnlyStringWrapper unreadableText = new ReadOnlyStringWrapper(this, "unreadableText");
    private final ObjectProperty<JournalEntry> selected = new SimpleObjectProperty<>(this, "selected");

    /** Bumped by each read; a read that finishes after a newer one started is dropped. */
    /** The latest read counts: a range changed or refreshed again drops the read before it. */
    private final LatestOnly reads;

    /** @param journal the journal to read, asked again at each read (so a changed data directory is followed) */
    public JournalViewModel(Supplier<Journal> journal, Clock clock, Executor background, Executor fx) {
        this.journal = Objects.requireNonNull(journal);
        this.clock = Objects.requireNonNull(clock);
        this.reads = new LatestOnly(Objects.requireNonNull(background), fx);
        this.fx = Objects.requireNonNull(fx);
        range.set(TimeRange.endingAt(preset.get(), clock.instant()));
        table.filterBy(() -> new JournalFilter(contextFilter.get(), actionFilter.get(), targetFilter.get(), searchText.get()),
                contextFilter, actionFilter, targetFilter);
        preset.addListener((o, old, p) -> presetChosen(p));
        List<ObservableValue<?>> inputs = List.of(reading, everRead, journalEmpty, directory, range, unreadableLines);
        for (ObservableValue<?> v : inputs) {
            v.addListener((o, a, b) -> describe());
        }
        sorted.addListener((javafx.collections.ListChangeListener<JournalLine>) c -> {
            dropSelectionIfHidden();
            describe();
        });
        describe();
    }

    public JournalViewModel(Journal journal, Clock clock, Executor background, Executor fx) {
        this(() -> journal, clock, background, fx);
    }

    /** The journal where the console writes it: {@code AppDirectories.standard().data()/journal}. */
    public static Supplier<Journal> standardJournal() {
        return () -> new Journal(AppDirectories.standard().data().resolve("journal"));
    }

    /**
     * Reads the chosen range again (a preset moves to end now). Call it after an entry was
     * written; the screen's Refresh button does the same.
     */
    public void refresh() {
        TimeRange r = range.get().reanchored(clock.instant());
        range.set(r);
        reading.set(true);
        Journal j = journal.get();
        reads.run(() -> JournalLoad.read(j, r), load -> finished(load, null), e -> finished(null,
                e instanceof RejectedExecutionException ? "Cannot read the journal: the reader has stopped ("
                        + LatestOnly.reason(e) + ")" : "Cannot read the journal in " + j.directory() + ": " + LatestOnly.reason(e)));
    }

    private void finished(JournalLoad load, String failure) {
        reading.set(false);
        problem.set(failure);
        if (load == null) {
            return;
        }
        JournalEntry keep = selected.get();
        directory.set(load.directory());
        journalEmpty.set(load.journalEmpty());
        unreadableLines.set(load.unreadableLines());
        lines.setAll(load.lines());
        contexts.setAll(distinct(load.lines(), JournalEntry::context));
        actions.setAll(distinct(load.lines(), JournalEntry::action));
        // The new read holds equal but new entry objects: select the one equal to what was selected.
        selected.set(keep == null ? null : sorted.stream().map(JournalLine::entry).filter(keep::equals)
                .findFirst().orElse(null));
        everRead.set(true);
    }

    /** A filter that hides the selected entry also closes its details: they would describe a row not shown. */
    private void dropSelectionIfHidden() {
        JournalEntry s = selected.get();
        if (s != null && sorted.stream().noneMatch(l -> l.entry() == s)) {
            selected.set(null);
        }
    }

    private static List<String> distinct(List<JournalLine> lines, Function<JournalEntry, String> field) {
        return lines.stream().map(l -> field.apply(l.entry())).filter(s -> s != null && !s.isBlank())
                .distinct().sorted().toList();
    }

    private void presetChosen(RangePreset p) {
        if (p == null) {
            return;
        }
        TimeRange now = range.get();
        if (p == RangePreset.CUSTOM) {
            // Start the custom range where the screen already is, so nothing jumps.
            range.set(new TimeRange(RangePreset.CUSTOM, now.from(), now.to()));
        } else {
            range.set(TimeRange.endingAt(p, clock.instant()));
        }
        refresh();
    }

    /** Shows {@code from <= at < to} and reads it; the preset becomes "custom". */
    public void setCustomRange(Instant from, Instant to) {
        range.set(new TimeRange(RangePreset.CUSTOM, from, to));
        if (preset.get() == RangePreset.CUSTOM) {
            refresh();
        } else {
            preset.set(RangePreset.CUSTOM); // its listener reads
        }
    }

    /** That node's history: entries whose target is {@code node/NAME}. */
    public void filterToNode(String name) {
        targetFilter.set("node/" + name);
    }

    /** That gang's history: entries whose target is {@code gang/NAMESPACE/NAME}. */
    public void filterToGang(String namespace, String name) {
        targetFilter.set("gang/" + namespace + "/" + name);
    }

    public void clearFilters() {
        contextFilter.set(null);
        actionFilter.set(null);
        targetFilter.set("");
        searchText.set("");
    }

    /** The entries shown, in the table's order (newest first unless a column was clicked). */
    public List<JournalEntry> shownEntries() {
        return sorted.stream().map(JournalLine::entry).toList();
    }

    /** What the filters say, for the timeline's title: "Flightdeck journal: node/gpu-node-017, drain". */
    public String timelineTitle() {
        List<String> parts = new ArrayList<>();
        addIfSet(parts, "", targetFilter.get());
        addIfSet(parts, "", actionFilter.get());
        addIfSet(parts, "context ", contextFilter.get());
        addIfSet(parts, "matching ", searchText.get() == null ? null : "\"" + searchText.get().trim() + "\"");
        return "Flightdeck journal" + (parts.isEmpty() ? "" : ": " + String.join(", ", parts));
    }

    private static void addIfSet(List<String> parts, String prefix, String value) {
        if (value != null && !value.isBlank() && !value.equals("\"\"")) {
            parts.add(prefix + value.trim());
        }
    }

    /**
     * The shown range and entries as {@link IncidentTimeline} writes them. Oldest first whatever
     * the table's order: a timeline reads in the order things happened.
     */
    public String timelineMarkdown() {
        List<JournalEntry> entries = sorted.stream().map(JournalLine::entry)
                .sorted(Comparator.comparing(JournalEntry::at)).toList();
        TimeRange r = range.get();
        return IncidentTimeline.markdown(timelineTitle(), r.from(), r.to(), entries);
    }

    /** Writes {@link #timelineMarkdown()} to {@code file} (UTF-8), replacing it. */
    public void exportTo(Path file) throws IOException {
        write(file, timelineMarkdown());
    }

    /** Writes a timeline taken earlier to {@code file} (UTF-8, redacted), replacing it: any thread. */
    static void write(Path file, String markdown) throws IOException {
        CopiedText.toFile(file, markdown);
    }

    /** The status line and the empty table's words, from what the last read found. */
    private void describe() {
        TimeRange r = range.get();
        String span = EntryText.time(r.from()) + " to " + EntryText.time(r.to()) + " UTC";
        int bad = unreadableLines.get();
        unreadableText.set(bad == 0 ? null : (bad == 1 ? "1 line" : bad + " lines") + " of the journal files read "
                + "could not be read — typically a line cut short when Flightdeck stopped"
                + " mid-write. Every other entry is shown; the files in " + directory.get() + " are left as they are.");
        if (!everRead.get()) {
            status.set(reading.get() ? "Reading the journal…" : "");
            emptyText.set(reading.get() ? "Reading the journal…" : "Not read yet.");
            return;
        }
        status.set("Showing %,d of %,d entries, %s%s".formatted(sorted.size(), lines.size(), span,
                reading.get() ? " · reading…" : ""));
        if (journalEmpty.get()) {
            emptyText.set("The journal is empty. Flightdeck writes every drain, cordon, preflight and resume to "
                    + directory.get() + " — they will appear here.");
        } else if (lines.isEmpty()) {
            emptyText.set("Nothing in the journal from " + span + ". Choose a longer range.");
        } else {
            emptyText.set("No entry in this range matches the filters. Press Escape to clear them.");
        }
    }

    SortedList<JournalLine> visibleLines() {
        return sorted;
    }

    ObjectProperty<Comparator<JournalLine>> userOrderProperty() {
        return userOrder;
    }

    public ObjectProperty<RangePreset> presetProperty() {
        return preset;
    }

    /** The range shown (or being read). */
    public ReadOnlyObjectProperty<TimeRange> rangeProperty() {
        return range.getReadOnlyProperty();
    }

    /** The kubeconfig context to show, exactly; null or blank: all. */
    public StringProperty contextFilterProperty() {
        return contextFilter;
    }

    /** The action to show (drain, preflight, resume, …); null or blank: all. */
    public StringProperty actionFilterProperty() {
        return actionFilter;
    }

    /** A target ({@code node/NAME}, {@code gang/NS/NAME}, {@code gang/NS}) or a bare name; see {@link JournalFilter}. */
    public StringProperty targetFilterProperty() {
        return targetFilter;
    }

    /** Words that must all appear in the entry, its details included. */
    public StringProperty searchTextProperty() {
        return searchText;
    }

    /** The contexts found in the range, sorted. */
    public ObservableList<String> contexts() {
        return contextsView;
    }

    /** The actions found in the range, sorted. */
    public ObservableList<String> actions() {
        return actionsView;
    }

    public ReadOnlyBooleanProperty readingProperty() {
        return reading.getReadOnlyProperty();
    }

    /** True when the journal has no entry at all (not just none in the range). */
    public ReadOnlyBooleanProperty journalEmptyProperty() {
        return journalEmpty.getReadOnlyProperty();
    }

    /** Lines of the range's files that could not be read (a torn last line after a crash). */
    public ReadOnlyIntegerProperty unreadableLinesProperty() {
        return unreadableLines.getReadOnlyProperty();
    }

    /** Where the journal lives, once read. */
    public ReadOnlyObjectProperty<Path> directoryProperty() {
        return directory.getReadOnlyProperty();
    }

    /** Why the last read failed, in words; null after a good read. */
    public ReadOnlyStringProperty problemProperty() {
        return problem.getReadOnlyProperty();
    }

    /** "Showing 5 of 23 entries, … UTC". */
    public ReadOnlyStringProperty statusProperty() {
        return status.getReadOnlyProperty();
    }

    /** What the table says when it shows nothing: empty journal (and where it lives), empty range, or filters. */
    public ReadOnlyStringProperty emptyTextProperty() {
        return emptyText.getReadOnlyProperty();
    }

    /** Says that (and how many) lines could not be read; null when every line was read. */
    public ReadOnlyStringProperty unreadableTextProperty() {
        return unreadableText.getReadOnlyProperty();
    }

    public ObjectProperty<JournalEntry> selectedProperty() {
        return selected;
    }
}
