package dev.flightdeck.bench.screen;

import dev.flightdeck.app.kube.ApiPath;
import dev.flightdeck.app.kube.ApiResource;

import java.io.IOException;
import java.io.InputStream;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The floor: a raw paged LIST of every node, then every pod, on one connection, 500 to a page, each byte read and
 * nothing parsed — what the transport and the server alone cost, which no client's sync can beat (as the scale
 * benchmark measures it against the sandbox).
 */
final class FloorList {

    /** The continue token sits in the list's metadata, before the items. */
    private static final Pattern CONTINUE = Pattern.compile("\"continue\":\"([^\"]+)\"");

    /**
     * Both LISTs together, and the nodes' alone (the first screen waits for them only); and the nodes listed once
     * more from the API server's watch cache (resourceVersion=0: one answer), as the console lists them first.
     */
    record Result(double seconds, long bytes, int pages, double nodeSeconds, long nodeBytes, double cachedNodeSeconds,
                  long cachedNodeBytes) {
        double megabytes() {
            return bytes / 1e6;
        }
    }

    static Result measure(ApiConnections api) throws IOException, InterruptedException {
        ApiConnections.Connection conn = api.open();
        long t = System.nanoTime();
        long bytes = 0;
        int pages = 0;
        double nodeSeconds = 0;
        long nodeBytes = 0;
        for (ApiResource resource : new ApiResource[]{ApiResource.NODES, ApiResource.PODS}) {
            if (resource == ApiResource.PODS) {
                nodeSeconds = (System.nanoTime() - t) / 1e9;
                nodeBytes = bytes;
            }
            String cont = null;
            do {
                ApiPath page = ApiPath.of(resource).param("limit", 500);
                if (cont != null) {
                    page = page.param("continue", cont);
                }
                HttpResponse<InputStream> r = conn.stream(page);
                if (r.statusCode() != 200) {
                    throw new IOException("LIST " + page + " answered " + r.statusCode());
                }
                byte[] head = new byte[1024];
                long read = 0;
                try (InputStream in = r.body()) {
                    int n;
                    byte[] buf = new byte[1 << 16];
                    while ((n = in.read(buf)) > 0) {
                        if (read < head.length) {
                            System.arraycopy(buf, 0, head, (int) read, (int) Math.min(n, head.length - read));
                        }
                        read += n;
                    }
                }
                bytes += read;
                pages++;
                Matcher m = CONTINUE.matcher(new String(head, 0, (int) Math.min(read, head.length), StandardCharsets.UTF_8));
                cont = m.find() ? m.group(1) : null;
            } while (cont != null);
        }
        double seconds = (System.nanoTime() - t) / 1e9;
        long c = System.nanoTime();
        long cachedBytes = readAll(conn.stream(ApiPath.of(ApiResource.NODES).param("limit", 500).param("resourceVersion", "0")));
        return new Result(seconds, bytes, pages, nodeSeconds, nodeBytes, (System.nanoTime() - c) / 1e9, cachedBytes);
    }

    private static long readAll(HttpResponse<InputStream> r) throws IOException {
        if (r.statusCode() != 200) {
            throw new IOException("LIST from the watch cache answered " + r.statusCode());
        }
        long read = 0;
        try (InputStream in = r.body()) {
            byte[] buf = new byte[1 << 16];
            for (int n; (n = in.read(buf)) > 0; ) {
                read += n;
            }
        }
        return read;
    }
}
