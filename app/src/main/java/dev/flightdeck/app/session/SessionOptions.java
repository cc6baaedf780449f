package dev.flightdeck.app.session;

import dev.flightdeck.app.checkpoints.S3Settings;
import dev.flightdeck.app.connect.ConnectionTarget;
import dev.flightdeck.app.nodes.PreflightConvention;
import dev.flightdeck.app.pressure.PressureScraper;
import dev.flightdeck.app.settings.StallThresholds;

import java.time.Duration;
import dev.flightdeck.app.settings.ClusterSettings;
import dev.flightdeck.app.settings.SettingsFile;

/**
 * Per-session settings.
 *
 * @param pageSize LIST page size ({@code limit}); 500 is what client-go informers use
 * @param s3       where checkpoint prefixes are listed (endpoint override for S3-compatible stores)
 * @param metricsInterval how often the API server's {@code /metrics} is scraped (default 15 s)
 * @param userAgent       how the session's requests name their client (as kubectl's do), so the
 *                        server's audit log and APF can tell the console from other clients
 * @param requestBudget   the shape of the console's request budget to the cluster (each connection gets its own)
 * @param watchIdleLimit  how long a watch stream may stay silent before it is taken for stalled and reopened
 * @param prometheus      the cluster's Prometheus for GPU telemetry, or null to look for one
 * @param gpuStall        when idle GPUs make one of its gangs stalled
 * @param teamKey         the node label or taint key that names a node's team, or null when none is set
 */
public record SessionOptions(PreflightConvention preflight, int pageSize, S3Settings s3, Duration metricsInterval,
                             String userAgent, dev.flightdeck.app.connect.RequestBudget requestBudget,
                             Duration watchIdleLimit, dev.flightdeck.app.settings.PrometheusSettings prometheus,
                             StallThresholds gpuStall, dev.flightdeck.app.settings.TeamKey teamKey)
        implements dev.flightdeck.app.connect.ConnectionOptions {

    /** The console's own User-Agent: {@code flightdeck/VERSION (OS/ARCH)}, after kubectl's. */
    public static final String USER_AGENT = userAgent("flightdeck");

    public static final SessionOptions DEFAULTS = new SessionOptions(PreflightConvention.DEFAULT, 500, S3Settings.AWS,
            PressureScraper.DEFAULT_INTERVAL, USER_AGENT, dev.flightdeck.app.connect.RequestBudget.DEFAULT_SHAPE,
            dev.flightdeck.app.watch.ResourceWatcher.IDLE_LIMIT, null, StallThresholds.DEFAULTS, null);

    /** {@code client/VERSION+COMMIT (OS/ARCH)}, from the build's one record of itself ({@link dev.flightdeck.app.about.BuildInfo}). */
    public static String userAgent(String client) {
        return dev.flightdeck.app.about.BuildInfo.current().token(client) + " (" + dev.flightdeck.app.about.BuildInfo.platform() + ")";
    }

    /** The defaults with what the person set for this cluster. */
    public SessionOptions with(ClusterSettings cluster) {
        return new SessionOptions(preflight, pageSize, cluster.s3(), cluster.metricsInterval(), userAgent, requestBudget,
                watchIdleLimit, cluster.prometheus(), cluster.gpuStall(), cluster.teamKey());
    }

    /** How often {@code /metrics} is scraped. */
    public SessionOptions withMetricsInterval(Duration interval) {
        return new SessionOptions(preflight, pageSize, s3, interval, userAgent, requestBudget, watchIdleLimit,
                prometheus, gpuStall, teamKey);
    }

    /** The same session under another client name (a drill's observer, which must not count as the operator). */
    public SessionOptions withUserAgent(String agent) {
        return new SessionOptions(preflight, pageSize, s3, metricsInterval, agent, requestBudget, watchIdleLimit,
                prometheus, gpuStall, teamKey);
    }

    /** Another budget shape (tests; a cluster whose operators ask for a lighter or heavier hand). */
    public SessionOptions withRequestBudget(dev.flightdeck.app.connect.RequestBudget shape) {
        return new SessionOptions(preflight, pageSize, s3, metricsInterval, userAgent, shape, watchIdleLimit,
                prometheus, gpuStall, teamKey);
    }

    /** When idle GPUs make a gang stalled (a drill's observer judges on the drill's paced schedule). */
    public SessionOptions withGpuStall(StallThresholds t) {
        return new SessionOptions(preflight, pageSize, s3, metricsInterval, userAgent, requestBudget, watchIdleLimit,
                prometheus, t, teamKey);
    }

    /** How long a watch may be silent before it is reopened (tests use seconds; the default is 150 s). */
    /** LIST pages of {@code size} objects (tests of a list that arrives in several pages). */
    public SessionOptions withPageSize(int size) {
        return new SessionOptions(preflight, size, s3, metricsInterval, userAgent, requestBudget, watchIdleLimit,
                prometheus, gpuStall, teamKey);
    }

    public SessionOptions withWatchIdleLimit(Duration limit) {
        return new SessionOptions(preflight, pageSize, s3, metricsInterval, userAgent, requestBudget, limit,
                prometheus, gpuStall, teamKey);
    }

    /**
     * The options for {@code target} from the settings file: a kubeconfig context gets what was
     * saved under its name; the sandbox ignores the file (its object storage is its own).
     */
    public static SessionOptions forTarget(ConnectionTarget target, SettingsFile.Loaded settings) {
        return target instanceof ConnectionTarget.Context c ? DEFAULTS.with(settings.forContext(c.name())) : DEFAULTS;
    }
}
