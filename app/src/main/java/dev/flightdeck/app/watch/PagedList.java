package dev.flightdeck.app.watch;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import dev.flightdeck.app.trace.StartupTrace;
import io.fabric8.kubernetes.client.http.HttpResponse;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

/**
 * One kind's LIST ({@link ResourceWatcher}), in pages of {@code pageSize}: the objects handed on whole
 * ({@link WatchEvent.Relisted}) or page by page ({@link WatchEvent.Paged}), how far it has come told as it goes.
 */
final class PagedList<T> {

    private final KindRequests requests;
    private final String resource;
    private final TolerantReader<T> reader;
    private final Consumer<WatchEvent<T>> sink;
    private final int pageSize;
    private boolean traced;
    /** The bytes every LIST's answers took on the wire, gzipped or not (read by any thread). */
    private final java.util.concurrent.atomic.AtomicLong wireBytes = new java.util.concurrent.atomic.AtomicLong();

    PagedList(KindRequests requests, String resource, TolerantReader<T> reader, Consumer<WatchEvent<T>> sink,
              int pageSize) {
        this.requests = requests;
        this.resource = resource;
        this.reader = reader;
        this.sink = sink;
        this.pageSize = pageSize;
    }

    /**
     * LIST in pages of {@code pageSize}. The next page is requested as soon as this page's
     * continue token is read (list metadata comes before the items), so the server and
     * the network work on page N+1 while this thread projects page N.
     *
     * @param streaming each page handed on as it comes, instead of the whole list at the end
     * @param fromCache read from the API server's watch cache ({@code resourceVersion=0})
     * @param running   false once the watcher is closed: no further page is read
     * @param progress  told how far the list has come after each page
     * @return the list's resourceVersion, to watch from
     */
    String list(boolean streaming, boolean fromCache, BooleanSupplier running, Consumer<ListProgress> progress)
            throws IOException, InterruptedException {
        List<T> items = new ArrayList<>();
        String listVersion = null;
        int read = 0;
        // Continue pages never carry resourceVersion: the token pins the list's version.
        CompletableFuture<HttpResponse<byte[]>> pending = requests.fetchAsync(requests.url("limit=" + pageSize
                + (fromCache ? "&resourceVersion=0" : "")));
        traced("-list-sent", 0);
        while (pending != null && running.getAsBoolean()) {
            KindRequests.Page page = requests.page(KindRequests.await(pending));
            traced("-first-answer", page.wireBytes() >> 10);
            wireBytes.addAndGet(page.wireBytes());
            pending = null;
            long remaining = -1;
            int before = items.size();
            try (JsonParser p = KubeJson.MAPPER.createParser(page.json())) {
                expect(p.nextToken(), JsonToken.START_OBJECT);
                while (p.nextToken() == JsonToken.FIELD_NAME) {
                    String field = p.currentName();
                    p.nextToken();
                    if ("metadata".equals(field)) {
                        JsonNode meta = KubeJson.MAPPER.readTree(p);
                        listVersion = meta.path("resourceVersion").asText(null);
                        remaining = meta.path("remainingItemCount").asLong(-1);
                        String cont = meta.path("continue").asText("");
                        if (!cont.isEmpty()) {
                            pending = requests.fetchAsync(requests.url("limit=" + pageSize + "&continue="
                                    + KindRequests.enc(cont)));
                        }
                    } else if ("items".equals(field) && p.currentToken() == JsonToken.START_ARRAY) {
                        while (p.nextToken() == JsonToken.START_OBJECT) {
                            if (streaming && items.size() - before == pageSize && running.getAsBoolean()) {
                                // An answer larger than a page (the watch cache ignores limit: 7,500 nodes in one)
                                // is handed on a page's worth at a time, so the model and the screen take in the
                                // first nodes while the rest are still read.
                                ListProgress sofar = new ListProgress(read, -1, false);
                                progress.accept(sofar);
                                sink.accept(new WatchEvent.Paged<>(List.copyOf(items.subList(before, items.size())),
                                        sofar));
                                items.clear();
                                before = 0;
                            }
                            Projector.Projected<T> item = reader.read(p);
                            read++;
                            if (item != null) {
                                items.add(item.item());
                            }
                        }
                    } else {
                        p.skipChildren();
                    }
                }
            }
            boolean whole = pending == null;
            ListProgress now = new ListProgress(read, whole ? 0 : remaining, whole);
            progress.accept(now);
            if (streaming && running.getAsBoolean()) {
                // A page's objects are handed on at once; the page list is not kept twice.
                sink.accept(new WatchEvent.Paged<>(List.copyOf(items.subList(before, items.size())), now));
                items.clear();
            }
        }
        if (!streaming) {
            sink.accept(new WatchEvent.Relisted<>(items));
        }
        return listVersion;
    }

    /**
     * The startup trace's milestones of a first screen's LIST ({@code nodes-list-sent}, {@code nodes-first-answer} with
     * its size in KiB as it crossed the wire, gzipped when the server compressed it): where the time between the API
     * server's first answer and the first rows goes. Each is written once, the first time.
     */
    private void traced(String milestone, long count) {
        if (traced && StartupTrace.on()) {
            StartupTrace.mark(resource + milestone, count);
        }
    }

    long wireBytes() {
        return wireBytes.get();
    }

    /** Writes this kind's LIST milestones to the startup trace (see {@link #traced}). */
    void traceMilestones() {
        this.traced = true;
    }

    private void expect(JsonToken actual, JsonToken wanted) throws IOException {
        if (actual != wanted) {
            throw new IOException("unexpected LIST response for " + resource + ": " + actual);
        }
    }
}
