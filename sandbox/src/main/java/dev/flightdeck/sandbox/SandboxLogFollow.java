package dev.flightdeck.sandbox;

import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpServerResponse;

import java.time.Instant;

/**
 * A followed log ({@code follow=true}): the selected lines at once, then each new line as the run writes it (checked
 * twice a second), until the container stops running or the pod goes (the kubelet then ends the stream), the
 * client goes away, or {@code limitBytes} is reached.
 */
final class SandboxLogFollow {

    private static final long CHECK_MS = 500;

    private SandboxLogFollow() {
    }

    static void start(Vertx vertx, HttpServerResponse resp, SandboxPodLogs logs, String namespace, String name,
                      SandboxPodLogs.Query q) throws StoreException {
        Instant now = Instant.now();
        SandboxPodLogs.Selection s = logs.select(namespace, name, q, now);
        String container = q.container();
        byte[] first = SandboxPodLogs.render(s.run(), s.from(), s.run().size(), q.timestamps(), q.limitBytes());
        resp.setStatusCode(200).setChunked(true).putHeader("Content-Type", "text/plain")
                .putHeader("X-Content-Type-Options", "nosniff");
        resp.write(Buffer.buffer(first));
        long[] sent = {first.length};
        int[] next = {s.run().size()};
        long[] timer = {0};
        timer[0] = vertx.setPeriodic(CHECK_MS, id -> {
            if (resp.closed() || resp.ended()) {
                vertx.cancelTimer(id);
                return;
            }
            boolean running = logs.running(namespace, name);
            try {
                SandboxLogRun run = logs.current(namespace, name, container, Instant.now());
                long left = q.limitBytes() == null ? Long.MAX_VALUE : q.limitBytes() - sent[0];
                if (run.size() > next[0] && left > 0) {
                    byte[] more = SandboxPodLogs.render(run, next[0], run.size(), q.timestamps(), left);
                    resp.write(Buffer.buffer(more));
                    sent[0] += more.length;
                    next[0] = run.size();
                }
                if (!running || q.limitBytes() != null && sent[0] >= q.limitBytes()) {
                    vertx.cancelTimer(id);
                    resp.end();
                }
            } catch (StoreException gone) {
                vertx.cancelTimer(id);
                resp.end();
            }
        });
        resp.closeHandler(v -> vertx.cancelTimer(timer[0]));
    }
}
