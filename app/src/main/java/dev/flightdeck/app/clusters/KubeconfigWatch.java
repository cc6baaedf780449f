package dev.flightdeck.app.clusters;

import dev.flightdeck.app.connect.ConnectionProblem;
import dev.flightdeck.app.connect.Kubeconfig;
import dev.flightdeck.app.connect.KubeconfigLoader;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Notices a kubeconfig that changes on disk while the console runs (a context added by
 * {@code aws eks update-kubeconfig}, one removed, a token rewritten) and hands the re-read
 * kubeconfig on — or, when the new file cannot be read, the problem in words, leaving the
 * clusters that are open as they are. Polls the files' size and modification time every
 * {@value #POLL_SECONDS} s: cheap, and it works where file events do not (network homes, editors
 * that replace the file).
 */
public final class KubeconfigWatch implements AutoCloseable {

    static final int POLL_SECONDS = 2;

    /** What a poll found: the new kubeconfig, or why it cannot be read (null when it can). */
    public record Change(Kubeconfig kubeconfig, String problem) { }

    private final List<Path> files;
    private final Consumer<Change> onChange;
    private final ScheduledExecutorService poller = Executors.newSingleThreadScheduledExecutor(
            r -> Thread.ofPlatform().name("kubeconfig-watch").daemon().unstarted(r));
    private List<String> stamps;

    public KubeconfigWatch(List<Path> files, Consumer<Change> onChange) {
        this.files = List.copyOf(files);
        this.onChange = onChange;
        this.stamps = stamps();
    }

    public KubeconfigWatch start() {
        return start(Duration.ofSeconds(POLL_SECONDS));
    }

    KubeconfigWatch start(Duration every) {
        poller.scheduleWithFixedDelay(this::poll, every.toMillis(), every.toMillis(), TimeUnit.MILLISECONDS);
        return this;
    }

    /** Compares the files with the last poll; reads them again when any changed. */
    void poll() {
        List<String> now = stamps();
        if (Objects.equals(now, stamps)) {
            return;
        }
        stamps = now;
        try {
            Kubeconfig k = KubeconfigLoader.load(files);
            // Mid-save (an editor that deletes and writes again) or emptied by mistake: not a reason to close everything.
            onChange.accept(k.contexts().isEmpty()
                    ? new Change(null, "kubeconfig " + files + " defines no contexts now (missing or empty)")
                    : new Change(k, null));
        } catch (ConnectionProblem p) {
            onChange.accept(new Change(null, p.getMessage()));
        } catch (RuntimeException e) {
            onChange.accept(new Change(null, "kubeconfig " + files + " cannot be read again: " + e.getMessage()));
        }
    }

    private List<String> stamps() {
        List<String> out = new ArrayList<>();
        for (Path f : files) {
            try {
                BasicFileAttributes a = Files.readAttributes(f, BasicFileAttributes.class);
                out.add(f + ":" + a.size() + ":" + a.lastModifiedTime().toMillis());
            } catch (IOException e) {
                out.add(f + ":missing");
            }
        }
        return out;
    }

    @Override
    public void close() {
        poller.shutdownNow();
    }
}
