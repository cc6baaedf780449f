package dev.flightdeck.sandbox;

import io.vertx.core.Context;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpServerResponse;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.nio.charset.StandardCharsets;
import java.util.function.Predicate;

/**
 * The sandbox API server's LIST and WATCH, as kube-apiserver 1.32 serves them: pages with continue tokens and
 * remainingItemCount (a LIST at resourceVersion=0 whole, as from the watch cache), 410 for a compacted continue token
 * or watch version, label and field selectors, and watches with bookmarks and their timeout.
 */
final class ListWatchServing {

    private static final long BOOKMARK_MS = 60_000;

    private final ObjectStore store;
    private final RequestCounters counters;
    private final Vertx vertx;

    ListWatchServing(ObjectStore store, RequestCounters counters, Vertx vertx) {
        this.store = store;
        this.counters = counters;
        this.vertx = vertx;
    }

    void list(HttpServerRequest req, ApiPath ap, ResourceTable table) {
        counters.count("LIST", ap.table());
        String cont = req.getParam("continue");
        // As kube-apiserver 1.32: a LIST at resourceVersion=0 is served whole by its watch cache, limit ignored.
        boolean fromWatchCache = "0".equals(req.getParam("resourceVersion")) && (cont == null || cont.isEmpty());
        int limit = fromWatchCache ? 0 : ApiAnswers.parseInt(req.getParam("limit"));
        ContinueToken token = cont == null || cont.isEmpty() ? null : ContinueToken.decode(cont);
        if (token != null && token.rv() < table.compactedThrough()) {
            // As kube-apiserver after etcd compaction: 410 with a token that continues inconsistently.
            ObjectNode s = SandboxJson.MAPPER.createObjectNode();
            s.put("kind", "Status").put("apiVersion", "v1").putObject("metadata")
                    .put("continue", new ContinueToken(-1, token.after()).encode());
            s.put("status", "Failure").put("message", EXPIRED_CONTINUE).put("reason", "Expired").put("code", 410);
            ApiAnswers.json(req.response(), 410, s.toString());
            return;
        }
        // Every page reports the first page's resourceVersion; a watch from it replays whatever
        // changed while the pages were read (the sandbox pages live rather than from a snapshot).
        long rv = token == null || token.rv() < 0 ? store.revision() : token.rv();
        boolean selectors = notBlank(req.getParam("labelSelector")) || notBlank(req.getParam("fieldSelector"));
        ResourceTable.Page page = table.list(ap.namespace(), filter(req, ap), token == null ? null : token.after(), limit,
                !selectors);
        String next = page.continueAfter() == null ? "" : new ContinueToken(rv, page.continueAfter()).encode();
        boolean v1 = SandboxApiServer.eventsV1(ap);
        Buffer out = Buffer.buffer(64 + page.items().size() * 2048);
        out.appendString("{\"kind\":\"" + table.kind + "List\",\"apiVersion\":\"" + (v1 ? EventShapes.GROUP_VERSION : table.apiVersion)
                + "\",\"metadata\":{\"resourceVersion\":\"" + rv + "\""
                + (next.isEmpty() ? "" : ",\"continue\":\"" + next + "\"")
                + (page.remaining() > 0 ? ",\"remainingItemCount\":" + page.remaining() : "") + "},\"items\":[");
        boolean first = true;
        for (StoredObject o : page.items()) {
            if (!first) {
                out.appendByte((byte) ',');
            }
            out.appendBytes(v1 ? EventShapes.toV1(o.json()) : o.json());
            first = false;
        }
        out.appendString("]}");
        counters.sent(ap.table(), out.length());
        req.response().setStatusCode(200).putHeader("Content-Type", "application/json").end(out);
    }

    /** kube-apiserver's words for a continue token whose resourceVersion was compacted. */
    static final String EXPIRED_CONTINUE = "The provided continue parameter is too old to display a consistent list result. "
            + "You can start a new list without the continue parameter, or use the continue token in this response to "
            + "retrieve the remainder of the results. Continuing with the provided token results in an inconsistent list - "
            + "objects that were created, modified, or deleted between the time the first chunk was returned and now may "
            + "show up in the list.";

    private static boolean notBlank(String s) {
        return s != null && !s.isBlank();
    }

    void watch(HttpServerRequest req, ApiPath ap, ResourceTable table, Context ctx) {
        counters.count("WATCH", ap.table());
        String rvParam = req.getParam("resourceVersion");
        Long from = rvParam == null || rvParam.isEmpty() || rvParam.equals("0") ? null : Long.parseLong(rvParam);
        HttpServerResponse resp = req.response();
        resp.setChunked(true).putHeader("Content-Type", "application/json");
        HttpWatch http = new HttpWatch(resp, ctx, filter(req, ap));
        WatchSink sink = RequestCounters.counting(SandboxApiServer.eventsV1(ap) ? EventShapes.converting(http) : http, counters, ap.table());
        ctx.runOnContext(v -> resp.write("\n"));
        if (!table.watch(sink, from)) {
            // Like the real server: 200, then an ERROR event carrying 410 Gone.
            sink.send(ResourceTable.eventLine("ERROR", ApiAnswers.statusJson(410, "Expired",
                    "too old resource version: " + from + " (" + table.compactedThrough() + ")").getBytes(StandardCharsets.UTF_8)));
            sink.close();
            return;
        }
        // kube-apiserver keeps no watch cache for Events, and only its watch cache sends bookmarks.
        boolean bookmarks = ApiAnswers.isTrue(req.getParam("allowWatchBookmarks")) && !table.name.equals("events");
        int timeout = ApiAnswers.parseInt(req.getParam("timeoutSeconds"));
        // As kube-apiserver's watch cache: a bookmark every minute and one ~2 s before the deadline,
        // each only when the resource changed since the watch began.
        long startedAt = from == null ? store.revision() : from;
        long bookmarkTimer = bookmarks ? vertx.setPeriodic(BOOKMARK_MS, id -> bookmark(table, sink, startedAt)) : -1;
        long lastBookmark = bookmarks && timeout > 2
                ? vertx.setTimer((timeout - 2) * 1000L, id -> bookmark(table, sink, startedAt)) : -1;
        long endTimer = timeout > 0 ? vertx.setTimer(timeout * 1000L, id -> sink.close()) : -1;
        Runnable cleanup = () -> {
            sink.close();
            table.unwatch(sink);
            vertx.cancelTimer(bookmarkTimer);
            vertx.cancelTimer(lastBookmark);
            vertx.cancelTimer(endTimer);
        };
        ctx.runOnContext(v -> {
            resp.closeHandler(x -> cleanup.run());
            resp.endHandler(x -> cleanup.run());
        });
    }

    /**
     * A bookmark at the store's revision, shaped as kube-apiserver's (only kind, apiVersion and
     * metadata.resourceVersion mean anything), sent under the table lock so no older event can
     * follow it; none when the resource has not changed since {@code startedAt}.
     */
    private void bookmark(ResourceTable table, WatchSink sink, long startedAt) {
        synchronized (table) {
            if (!sink.isClosed() && table.latest() > startedAt) {
                String obj = "{\"kind\":\"" + table.kind + "\",\"apiVersion\":\"" + table.apiVersion
                        + "\",\"metadata\":{\"resourceVersion\":\"" + store.revision() + "\",\"creationTimestamp\":null}}";
                sink.send(ResourceTable.eventLine("BOOKMARK", obj.getBytes(StandardCharsets.UTF_8)));
            }
        }
    }

    private Predicate<StoredObject> filter(HttpServerRequest req, ApiPath ap) {
        String fields = req.getParam("fieldSelector");
        Predicate<StoredObject> f = Selectors.labels(req.getParam("labelSelector")).and(
                ap.table().equals("events") || SandboxApiServer.eventsV1(ap) ? EventFieldSelectors.of(fields, SandboxApiServer.eventsV1(ap))
                        : Selectors.fields(fields));
        if (ap.namespace() != null) {
            String ns = ap.namespace();
            f = f.and(o -> ns.equals(o.namespace()));
        }
        return f;
    }
}
