package dev.flightdeck.app.checkpoints;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * Which checkpoints under a prefix count: the newest steps whose completion marker exists.
 * A newer folder without its marker is a save in progress or one that crashed; resuming from it
 * would fail, so it is skipped and never makes the checkpoint look fresher than it is.
 *
 * <p>Cost per call: one delimited LIST, then a HEAD per probed folder (newest first, at most
 * {@link #MAX_PROBES} per layout) and one GET of Megatron's tracker when there is one.
 */
final class CheckpointFinder {

    /** Folders probed per layout: the recent few plus room for a couple of crashed saves. */
    static final int MAX_PROBES = CheckpointStatus.MAX_RECENT + 5;

    private static final Comparator<Checkpoint> NEWEST_FIRST = Comparator
            .comparingLong(Checkpoint::step).reversed()
            .thenComparing(Checkpoint::completedAt, Comparator.nullsLast(Comparator.reverseOrder()));

    private final CheckpointStore store;
    private final S3Prefix prefix;
    private final long deadlineNanos;
    private final List<Checkpoint> found = new ArrayList<>();
    private String firstIncomplete; // e.g. "step-300/ has no .metadata yet", for the problem line
    private String trackerProblem;

    private CheckpointFinder(CheckpointStore store, S3Prefix prefix, long budgetNanos) {
        this.store = store;
        this.prefix = prefix;
        this.deadlineNanos = System.nanoTime() + budgetNanos;
    }

    /**
     * Finds the complete checkpoints under {@code prefix}. Probing stops early once
     * {@code budgetNanos} is spent, so a slow store costs the caller a bounded time.
     *
     * @throws CheckpointReadException when storage cannot be read at all
     */
    static CheckpointStatus find(CheckpointStore store, S3Prefix prefix, long budgetNanos) {
        return new CheckpointFinder(store, prefix, budgetNanos).run();
    }

    private CheckpointStatus run() {
        PrefixListing listing = store.list();
        if (listing.isEmpty()) {
            return CheckpointStatus.failed(CheckpointSource.OBJECT_STORAGE, "no checkpoints under " + prefix);
        }
        probeMarkers(listing, CheckpointLayout.DCP, Long.MAX_VALUE);
        probeMarkers(listing, CheckpointLayout.HUGGING_FACE, Long.MAX_VALUE);
        megatron(listing);

        if (found.isEmpty()) {
            return CheckpointStatus.failed(CheckpointSource.OBJECT_STORAGE, nothingCompleteLine(listing));
        }
        found.sort(NEWEST_FIRST);
        return new CheckpointStatus(CheckpointSource.OBJECT_STORAGE, found.getFirst(), found, trackerProblem);
    }

    /** Probes the folders of {@code layout} below {@code belowStep}, newest first, for their marker. */
    private int probeMarkers(PrefixListing listing, CheckpointLayout layout, long belowStep) {
        List<long[]> steps = new ArrayList<>(); // {step, index into folders}
        List<String> folders = listing.folders();
        for (int i = 0; i < folders.size(); i++) {
            OptionalLong step = layout.step(folders.get(i));
            if (step.isPresent() && step.getAsLong() < belowStep) {
                steps.add(new long[] {step.getAsLong(), i});
            }
        }
        // Folder names sort as text in a listing (step-1000 before step-999): order by number.
        steps.sort(Comparator.comparingLong((long[] s) -> s[0]).reversed());
        int complete = 0;
        int probes = 0;
        for (long[] s : steps) {
            if (complete == CheckpointStatus.MAX_RECENT || probes == MAX_PROBES || System.nanoTime() > deadlineNanos) {
                break;
            }
            probes++;
            String folder = folders.get((int) s[1]);
            String markerKey = folder + layout.marker();
            Optional<Instant> at = store.lastModified(markerKey);
            if (at.isPresent()) {
                found.add(new Checkpoint(prefix.uri(folder), s[0], at.get(), prefix.uri(markerKey)));
                complete++;
            } else if (firstIncomplete == null && complete == 0) {
                firstIncomplete = folder + " has no " + layout.marker() + " yet";
            }
        }
        return complete;
    }

    /**
     * Megatron: the tracker names the newest complete iteration and its LastModified is when that
     * save finished. Folders newer than it are saves in progress; older ones are probed like DCP.
     */
    private void megatron(PrefixListing listing) {
        Map<String, Instant> objects = listing.objects();
        Instant trackerTime = objects.get(CheckpointLayout.MEGATRON_TRACKER);
        if (trackerTime == null) {
            if (firstIncomplete == null) {
                listing.folders().stream().filter(f -> CheckpointLayout.MEGATRON.step(f).isPresent()).findFirst()
                        .ifPresent(f -> firstIncomplete = f + " but no " + CheckpointLayout.MEGATRON_TRACKER
                                + " (Megatron writes it when a save completes)");
            }
            return;
        }
        String trackerUri = prefix.uri(CheckpointLayout.MEGATRON_TRACKER);
        String text = store.readText(CheckpointLayout.MEGATRON_TRACKER).trim();
        if (text.equals("release")) {
            found.add(new Checkpoint(prefix.uri("release/"), Checkpoint.UNKNOWN_STEP, trackerTime, trackerUri));
            return;
        }
        long iteration;
        try {
            iteration = Long.parseLong(text);
        } catch (NumberFormatException e) {
            trackerProblem = trackerUri + " says \"" + abbreviate(text) + "\", not an iteration number";
            return;
        }
        found.add(new Checkpoint(prefix.uri(CheckpointLayout.megatronFolder(iteration)), iteration, trackerTime, trackerUri));
        // The tracker's folder is complete by the tracker's word, so older folders are probed only
        // to fill the recent list; a missing marker there says nothing about the newest one.
        String keep = firstIncomplete;
        probeMarkers(listing, CheckpointLayout.MEGATRON, iteration);
        firstIncomplete = keep;
    }

    private String nothingCompleteLine(PrefixListing listing) {
        if (trackerProblem != null) {
            return trackerProblem;
        }
        if (firstIncomplete != null) {
            return "no complete checkpoint under " + prefix + ": " + firstIncomplete
                    + " (a save in progress, or one that crashed)";
        }
        int entries = listing.folders().size() + listing.objects().size();
        return "no checkpoints under " + prefix + " (" + entries + (entries == 1 ? " entry" : " entries")
                + ", none shaped like " + CheckpointLayout.DCP.shape() + ", "
                + CheckpointLayout.MEGATRON.shape() + " or " + CheckpointLayout.HUGGING_FACE.shape() + ")";
    }

    private static String abbreviate(String s) {
        String line = s.replaceAll("\\s+", " ");
        return line.length() <= 40 ? line : line.substring(0, 40) + "…";
    }
}
