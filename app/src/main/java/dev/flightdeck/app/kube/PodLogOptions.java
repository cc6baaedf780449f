package dev.flightdeck.app.kube;

/**
 * The query of {@code GET pods/NAME/log}, as the API names it (k8s.io/api core/v1 PodLogOptions): which container,
 * how much (the last {@code tailLines} lines, at most {@code limitBytes} bytes, only what was written in the last
 * {@code sinceSeconds}), of which run ({@code previous}: the container's run before its last restart), with the
 * kubelet's timestamp before each line, and whether to keep streaming ({@code follow}). A null or false field is left
 * out of the query, so the server's defaults apply (the whole log, the first container of a one-container pod).
 */
public record PodLogOptions(String container, Integer tailLines, Long limitBytes, boolean previous, boolean timestamps,
                            Long sinceSeconds, boolean follow) {

    /** Everything the server would send by default. */
    public static final PodLogOptions ALL = new PodLogOptions(null, null, null, false, false, null, false);

    public PodLogOptions {
        if (tailLines != null && tailLines < 0) {
            throw new IllegalArgumentException("tailLines cannot be negative: " + tailLines);
        }
        if (limitBytes != null && limitBytes < 1) {
            throw new IllegalArgumentException("limitBytes must be at least 1: " + limitBytes);
        }
        if (sinceSeconds != null && sinceSeconds < 1) {
            throw new IllegalArgumentException("sinceSeconds must be at least 1: " + sinceSeconds);
        }
    }

    public PodLogOptions withContainer(String c) {
        return new PodLogOptions(c, tailLines, limitBytes, previous, timestamps, sinceSeconds, follow);
    }

    public PodLogOptions withTailLines(Integer n) {
        return new PodLogOptions(container, n, limitBytes, previous, timestamps, sinceSeconds, follow);
    }

    public PodLogOptions withLimitBytes(Long n) {
        return new PodLogOptions(container, tailLines, n, previous, timestamps, sinceSeconds, follow);
    }

    public PodLogOptions withPrevious(boolean p) {
        return new PodLogOptions(container, tailLines, limitBytes, p, timestamps, sinceSeconds, follow);
    }

    public PodLogOptions withTimestamps(boolean t) {
        return new PodLogOptions(container, tailLines, limitBytes, previous, t, sinceSeconds, follow);
    }

    public PodLogOptions withSinceSeconds(Long s) {
        return new PodLogOptions(container, tailLines, limitBytes, previous, timestamps, s, follow);
    }

    public PodLogOptions withFollow(boolean f) {
        return new PodLogOptions(container, tailLines, limitBytes, previous, timestamps, sinceSeconds, f);
    }

    /** {@code /api/v1/namespaces/NS/pods/POD/log?…} with this query. */
    public ApiPath path(String namespace, String pod) {
        ApiPath p = ApiResource.PODS.path().in(namespace).named(pod).sub("log");
        if (container != null) {
            p = p.param("container", container);
        }
        if (tailLines != null) {
            p = p.param("tailLines", tailLines);
        }
        if (limitBytes != null) {
            p = p.param("limitBytes", limitBytes);
        }
        if (previous) {
            p = p.param("previous", true);
        }
        if (timestamps) {
            p = p.param("timestamps", true);
        }
        if (sinceSeconds != null) {
            p = p.param("sinceSeconds", sinceSeconds);
        }
        if (follow) {
            p = p.param("follow", true);
        }
        return p;
    }
}
