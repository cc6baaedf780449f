package dev.flightdeck.sandbox;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.flightdeck.sandbox.metrics.PlainResponse;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.function.Function;

/**
 * {@code GET /api/v1/namespaces/NS/pods/NAME/log} (text/plain) as the kubelet answers it behind the API server:
 * {@code container}, {@code tailLines}, {@code limitBytes}, {@code previous}, {@code timestamps},
 * {@code sinceSeconds}/{@code sinceTime}; {@code follow} streams on ({@link SandboxLogFollow}). The lines are those of
 * {@link SandboxRankLogs} (training ranks and services) and, for validation pods, {@link SandboxPreflightRuns}. 404
 * for a pod that does not exist, 400 for one not bound to a node, a container it does not have, or a previous run it
 * did not have, in the kubelet's words.
 */
final class SandboxPodLogs {

    /** The kubelet's timestamp: RFC 3339 with nine fixed digits of nanoseconds. */
    static final DateTimeFormatter KUBELET_TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.nnnnnnnnn'Z'")
            .withZone(ZoneOffset.UTC);

    /** The query, as the kubelet reads it. */
    record Query(String container, Integer tailLines, Long limitBytes, boolean previous, boolean timestamps,
                 Instant since, boolean follow) {

        static Query parse(Function<String, String> param, Instant now) throws StoreException {
            Long sinceSeconds = number(param.apply("sinceSeconds"), "sinceSeconds");
            Instant since = sinceSeconds != null ? now.minusSeconds(sinceSeconds) : null;
            String sinceTime = param.apply("sinceTime");
            if (sinceTime != null && !sinceTime.isBlank()) {
                try {
                    since = Instant.parse(sinceTime.trim());
                } catch (DateTimeParseException e) {
                    throw new StoreException(400, "BadRequest", "sinceTime must be an RFC 3339 time, not '" + sinceTime + "'");
                }
            }
            Long tail = number(param.apply("tailLines"), "tailLines");
            return new Query(param.apply("container"), tail == null ? null : (int) Math.min(Integer.MAX_VALUE, tail),
                    number(param.apply("limitBytes"), "limitBytes"), isTrue(param.apply("previous")),
                    isTrue(param.apply("timestamps")), since, isTrue(param.apply("follow")));
        }

        private static Long number(String v, String name) throws StoreException {
            if (v == null || v.isBlank()) {
                return null;
            }
            try {
                long n = Long.parseLong(v.trim());
                if (n < 0 || n == 0 && !name.equals("tailLines")) {
                    throw new NumberFormatException();
                }
                return n;
            } catch (NumberFormatException e) {
                throw new StoreException(400, "BadRequest", name + " must be a " + (name.equals("tailLines") ? "non-negative"
                        : "positive") + " whole number, not '" + v + "'");
            }
        }

        private static boolean isTrue(String v) {
            return v != null && (v.equals("1") || v.equalsIgnoreCase("true"));
        }
    }

    /** The run to send and the index of its first line to send. */
    record Selection(SandboxLogRun run, int from) { }

    private final ObjectStore store;
    private final SandboxPreflightRuns runs;
    private final SandboxRankLogs rankLogs;

    SandboxPodLogs(ObjectStore store, SandboxPreflightRuns runs, SandboxFabric fabric, SandboxGpuFaults gpuFaults) {
        this.store = store;
        this.runs = runs;
        this.rankLogs = new SandboxRankLogs(store, fabric, gpuFaults);
    }

    PlainResponse read(String namespace, String name, Query q) throws StoreException {
        Instant now = Instant.now();
        Selection s = select(namespace, name, q, now);
        return new PlainResponse(200, "text/plain", render(s.run(), s.from(), s.run().size(), q.timestamps(), q.limitBytes()));
    }

    /** Which lines a request gets: the run it names, from the first line its sinceSeconds and tailLines let through. */
    Selection select(String namespace, String name, Query q, Instant now) throws StoreException {
        ObjectNode pod = store.get("pods", namespace, name);
        if (pod.path("spec").path("nodeName").asText("").isEmpty()) {
            throw new StoreException(400, "BadRequest", "pod " + name + " does not have a host assigned");
        }
        String container = container(pod, name, q.container());
        SandboxLogRun run = run(pod, namespace, name, container, q.previous(), now);
        int from = q.since() == null ? 0 : run.firstAtOrAfter(q.since());
        if (q.tailLines() != null) {
            from = Math.max(from, run.size() - q.tailLines());
        }
        return new Selection(run, from);
    }

    /** The pod's run now (for a follow to pick up the lines written since it last looked). */
    SandboxLogRun current(String namespace, String name, String container, Instant now) throws StoreException {
        return run(store.get("pods", namespace, name), namespace, name, container, false, now);
    }

    /** Whether the pod's container still runs (its followed log goes on). */
    boolean running(String namespace, String name) {
        try {
            return SandboxRankLogs.running(store.get("pods", namespace, name));
        } catch (StoreException gone) {
            return false;
        }
    }

    private SandboxLogRun run(ObjectNode pod, String namespace, String name, String container, boolean previous, Instant now)
            throws StoreException {
        List<String> validation = runs.log(namespace, name);
        if (validation != null) {
            if (previous) {
                throw noPrevious(container, name);
            }
            Instant start = SandboxRankLogs.time(pod.path("status").path("startTime"));
            return new SandboxLogRun(start == null ? now : start, validation, start == null ? now : start,
                    SandboxLogRun.service(container), List.of());
        }
        SandboxLogRun run = rankLogs.run(pod, previous, now);
        if (run == null) {
            throw noPrevious(container, name);
        }
        return run;
    }

    private static StoreException noPrevious(String container, String pod) {
        return new StoreException(400, "BadRequest", "previous terminated container \"" + container + "\" in pod \"" + pod
                + "\" not found");
    }

    /** The container asked for, or the pod's only one; the kubelet refuses a name the pod does not have. */
    private static String container(ObjectNode pod, String name, String asked) throws StoreException {
        List<String> names = new java.util.ArrayList<>();
        for (JsonNode c : pod.path("spec").path("containers")) {
            names.add(c.path("name").asText());
        }
        if (asked == null || asked.isBlank()) {
            if (names.size() > 1) {
                throw new StoreException(400, "BadRequest", "a container name must be specified for pod " + name
                        + ", choose one of: " + names);
            }
            return names.isEmpty() ? "" : names.getFirst();
        }
        if (!names.contains(asked)) {
            throw new StoreException(400, "BadRequest", "container " + asked + " is not valid for pod " + name);
        }
        return asked;
    }

    /** Lines {@code from}..{@code to} as the kubelet writes them, cut at {@code limit} bytes (mid-line, as it does). */
    static byte[] render(SandboxLogRun run, int from, int to, boolean timestamps, Long limit) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        long max = limit == null ? Long.MAX_VALUE : limit;
        for (int i = from; i < to && out.size() < max; i++) {
            SandboxLogRun.Line l = run.line(i);
            byte[] b = ((timestamps ? KUBELET_TIME.format(l.at()) + " " : "") + l.text() + "\n").getBytes(StandardCharsets.UTF_8);
            out.write(b, 0, (int) Math.min(b.length, max - out.size()));
        }
        return out.toByteArray();
    }
}
