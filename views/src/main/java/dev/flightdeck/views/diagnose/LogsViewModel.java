package dev.flightdeck.views.diagnose;

import dev.flightdeck.app.diagnose.logs.GangLogFetch;
import dev.flightdeck.app.diagnose.logs.GangLogOptions;
import dev.flightdeck.app.diagnose.logs.GangLogSummary;
import dev.flightdeck.app.diagnose.logs.LogFollow;
import dev.flightdeck.app.diagnose.logs.LogLine;
import dev.flightdeck.app.diagnose.logs.LogRequests;
import dev.flightdeck.app.diagnose.logs.RankLog;
import dev.flightdeck.app.diagnose.logs.RankLogs;
import dev.flightdeck.app.diagnose.logs.SummaryText;
import dev.flightdeck.app.gangs.Gang;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;

/**
 * A gang's logs as the Logs window shows them: the first failure and the errors grouped across ranks while the ranks
 * are read (at most one refresh per FX turn, however fast they arrive), the ranks troubled first, and one rank's lines
 * — its full tail read on demand, or followed — filtered by a search and "errors only". Every read is off the FX thread.
 */
public final class LogsViewModel {

    /** Lines kept of a followed rank: the newest, so a chatty rank cannot fill the heap. */
    static final int FOLLOW_KEEP = 5_000;

    private final LogRequests requests;
    private final Gang gang;
    private final Executor background;
    private final Consumer<Runnable> onFx;
    private final ReadOnlyStringWrapper title = new ReadOnlyStringWrapper(this, "title");
    private final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper(this, "status", "reading the ranks' logs…");
    private final ReadOnlyStringWrapper firstFailure = new ReadOnlyStringWrapper(this, "firstFailure", "");
    private final ReadOnlyStringWrapper shownTitle = new ReadOnlyStringWrapper(this, "shownTitle", "");
    private final ReadOnlyStringWrapper problem = new ReadOnlyStringWrapper(this, "problem");
    private final ObservableList<String> groups = FXCollections.observableArrayList();
    private final ObservableList<RankLog> ranks = FXCollections.observableArrayList();
    private final ObservableList<String> lines = FXCollections.observableArrayList();
    private final ObjectProperty<RankLog> selected = new SimpleObjectProperty<>(this, "selected");
    private final StringProperty search = new SimpleStringProperty(this, "search", "");
    private final BooleanProperty errorsOnly = new SimpleBooleanProperty(this, "errorsOnly");
    private final BooleanProperty timestamps = new SimpleBooleanProperty(this, "timestamps", true);
    private final BooleanProperty previous = new SimpleBooleanProperty(this, "previous");
    private final BooleanProperty follow = new SimpleBooleanProperty(this, "follow");
    private final AtomicBoolean refreshPending = new AtomicBoolean();
    private final List<LogLine> shown = new ArrayList<>();
    private GangLogFetch fetch;
    private GangLogSummary summary;
    private LogFollow following;
    private int wantedRank = -1;
    /** The person picked a rank: refreshes keep it, whatever the summary says first. */
    private boolean picked;
    /** Bumped on every new choice of lines, so a late answer for an earlier choice is dropped. */
    private long generation;

    /**
     * @param background where blocking reads run (never the FX thread)
     * @param onFx       how results reach the FX thread ({@code Platform::runLater})
     */
    public LogsViewModel(LogRequests requests, Gang gang, Executor background, Consumer<Runnable> onFx) {
        this.requests = requests;
        this.gang = gang;
        this.background = background;
        this.onFx = onFx;
        title.set("Logs · " + gang.key() + " · " + gang.key().system().label() + " · " + gang.ranks().size() + " ranks · "
                + gang.statusLabel());
        // A refresh hands in new RankLogs for the same ranks: only a different rank shows different lines.
        selected.addListener((o, old, r) -> {
            if (old == null || r == null || old.rank() != r.rank()) {
                showSelected();
            }
        });
        search.addListener((o, old, q) -> refilter());
        errorsOnly.addListener((o, old, on) -> refilter());
        timestamps.addListener((o, old, on) -> refilter());
        previous.addListener((o, old, on) -> showSelected());
        follow.addListener((o, old, on) -> showSelected());
    }

    /** Starts reading every rank's tail; {@code rank} (or -1) is selected as soon as it is read. */
    public void start(int rank) {
        wantedRank = rank;
        fetch = GangLogFetch.start(requests, gang, GangLogOptions.DEFAULTS, r -> scheduleRefresh());
        fetch.done().whenComplete((s, failed) -> onFx.accept(() -> {
            if (failed != null) {
                problem.set("could not read the logs: " + failed.getMessage());
            }
            apply(fetch.snapshot());
        }));
    }

    private void scheduleRefresh() {
        if (refreshPending.compareAndSet(false, true)) {
            onFx.accept(() -> {
                refreshPending.set(false);
                apply(fetch.snapshot());
            });
        }
    }

    private void apply(GangLogSummary s) {
        summary = s;
        List<String> head = SummaryText.summary(gang, s);
        firstFailure.set(head.size() > 1 ? head.get(1) : "");
        status.set(head.getLast());
        groups.setAll(s.groups().stream().map(SummaryText::line).toList());
        List<RankLog> ordered = new ArrayList<>(s.troubledFirstFailureFirst());
        ordered.addAll(s.others());
        // Until the person picks a rank, the rank shown is the one asked for, else the first failure as known now:
        // a watchdog timeout read early names a rank that only noticed, until the rank that failed is read.
        int want;
        if (picked && selected.get() != null) {
            want = selected.get().rank();
        } else if (wantedRank >= 0) {
            want = wantedRank;
        } else {
            want = s.firstFailure().map(f -> f.rank()).orElse(-1);
        }
        RankLog next = ordered.stream().filter(r -> r.rank() == want).findFirst().orElse(null);
        if (next == null) {
            next = !picked && wantedRank < 0 && s.complete() && !ordered.isEmpty() ? ordered.getFirst() : selected.get();
        }
        ranks.setAll(ordered);
        selected.set(next);
    }

    /** The selected rank's lines: its kept tail at once, then its full tail (or its run before the restart), or followed. */
    private void showSelected() {
        stopFollowing();
        long mine = ++generation;
        RankLog r = selected.get();
        shown.clear();
        problem.set(null);
        if (r == null) {
            shownTitle.set("");
            refilter();
            return;
        }
        shownTitle.set("rank " + r.rank() + " · " + r.state().label() + (r.pod() == null ? "" : " · " + r.pod())
                + (r.node() == null ? "" : " · " + r.node()) + (previous.get() ? " · the run before its restart" : "")
                + (follow.get() ? " · following" : ""));
        shown.addAll(previous.get() ? r.crashedRunTail() : r.tail());
        refilter();
        if (r.pod() == null || r.container() == null) {
            problem.set(r.problem());
            return;
        }
        if (follow.get()) {
            List<LogLine> arrived = new ArrayList<>();
            AtomicBoolean pending = new AtomicBoolean();
            following = RankLogs.follow(requests, gang.key(), r, 100, line -> {
                synchronized (arrived) {
                    arrived.add(line);
                }
                if (pending.compareAndSet(false, true)) {
                    onFx.accept(() -> {
                        pending.set(false);
                        if (mine == generation) {
                            synchronized (arrived) {
                                append(arrived);
                                arrived.clear();
                            }
                        }
                    });
                }
            });
            shown.clear();
            return;
        }
        boolean before = previous.get();
        background.execute(() -> {
            try {
                var tail = RankLogs.tail(requests, gang.key(), r, GangLogOptions.DEFAULT_TAIL, before);
                onFx.accept(() -> {
                    if (mine == generation) {
                        shown.clear();
                        shown.addAll(tail.lines());
                        problem.set(tail.read().problem());
                        refilter();
                    }
                });
            } catch (java.io.IOException e) {
                onFx.accept(() -> problem.set(mine == generation ? "could not read rank " + r.rank() + "'s log: "
                        + e.getMessage() : problem.get()));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
    }

    private void append(List<LogLine> arrived) {
        shown.addAll(arrived);
        if (shown.size() > FOLLOW_KEEP) {
            shown.subList(0, shown.size() - FOLLOW_KEEP).clear();
        }
        refilter();
    }

    /** The shown lines that match the search (case-insensitive) and, with "errors only", the classifier. */
    private void refilter() {
        String q = search.get() == null ? "" : search.get().strip().toLowerCase(Locale.ROOT);
        List<Integer> errorLines = errorsOnly.get() ? dev.flightdeck.app.diagnose.logs.LogSearch.errors(shown) : null;
        List<String> out = new ArrayList<>();
        for (int i = 0; i < shown.size(); i++) {
            LogLine l = shown.get(i);
            if ((q.isEmpty() || l.text().toLowerCase(Locale.ROOT).contains(q))
                    && (errorLines == null || errorLines.contains(i))) {
                out.add(l.render(timestamps.get()));
            }
        }
        lines.setAll(out);
    }

    /** The person's pick of a rank (a click, a key): kept from now on. */
    public void pick(RankLog rank) {
        picked = true;
        selected.set(rank);
    }

    /** The summary and every troubled rank's tail as text: what "Copy summary" copies. */
    public String summaryText() {
        if (summary == null) {
            return "";
        }
        List<String> all = new ArrayList<>(SummaryText.summary(gang, summary));
        all.addAll(SummaryText.tails(summary, timestamps.get()));
        return String.join("\n", all);
    }

    /** The shown rank's lines as shown (searched, filtered): what "Copy" and "Save…" take. */
    public String shownText() {
        return String.join("\n", lines);
    }

    private void stopFollowing() {
        if (following != null) {
            following.cancel();
            following = null;
        }
    }

    /** Stops every read this window started. */
    public void close() {
        stopFollowing();
        if (fetch != null) {
            fetch.cancel();
        }
    }

    public ReadOnlyStringProperty titleProperty() {
        return title.getReadOnlyProperty();
    }

    /** How far the reading got and what it cost: "read 320 of 512 ranks · 320 log requests (at most 8 at once) · …". */
    public ReadOnlyStringProperty statusProperty() {
        return status.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty firstFailureProperty() {
        return firstFailure.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty shownTitleProperty() {
        return shownTitle.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty problemProperty() {
        return problem.getReadOnlyProperty();
    }

    /** The errors grouped by message across ranks, one line each. */
    public ObservableList<String> groups() {
        return groups;
    }

    /** The ranks read so far: the troubled first (the first failure first), then the others by rank. */
    public ObservableList<RankLog> ranks() {
        return ranks;
    }

    /** The shown rank's lines, searched and filtered. */
    public ObservableList<String> lines() {
        return lines;
    }

    public ObjectProperty<RankLog> selectedProperty() {
        return selected;
    }

    public StringProperty searchProperty() {
        return search;
    }

    public BooleanProperty errorsOnlyProperty() {
        return errorsOnly;
    }

    public BooleanProperty timestampsProperty() {
        return timestamps;
    }

    public BooleanProperty previousProperty() {
        return previous;
    }

    public BooleanProperty followProperty() {
        return follow;
    }
}
