package dev.flightdeck.app.settings;

import dev.flightdeck.app.checkpoints.S3Settings;
import dev.flightdeck.app.settings.StallThresholds;

import java.time.Duration;

/**
 * What a person sets for one cluster (one kubeconfig context). Credentials are never here:
 * Kubernetes credentials stay in the kubeconfig, AWS ones in the standard AWS chain.
 *
 * @param s3 where that cluster's checkpoint prefixes are listed (endpoint override for an
 *           S3-compatible store such as MinIO or Ceph RGW)
 * @param metricsInterval how often the API server's {@code /metrics} is scraped (5 s to 5 min)
 * @param readOnly        offer no action that changes this cluster (drain, cordon, preflight, resume)
 * @param drainBreaker    how much of the fleet may be out of service before a drain is refused
 * @param drills          a staging cluster where drills may run on virtual nodes they create (labelled,
 *                        tainted and removed afterwards); off everywhere unless a person sets it
 * @param prometheus      the Prometheus GPU telemetry is read from, or null to look for one behind the API
 *                        server's service proxy
 * @param gpuStall        when idle GPUs make a gang stalled (its idle threshold and window; the straggler's
 *                        thresholds are the console's)
 * @param teamKey         the node label or taint key whose value names a node's team (the team capacity table), or
 *                        null when the cluster's nodes are not divided among teams
 * @param notifications   whether this cluster's troubles are notified (in the window and on the desktop); off by default
 */
public record ClusterSettings(S3Settings s3, Duration metricsInterval, boolean readOnly, DrainLimits drainBreaker,
                              boolean drills, PrometheusSettings prometheus, StallThresholds gpuStall, TeamKey teamKey,
                              NotifySettings notifications) {

    /** How often /metrics is scraped unless the settings say otherwise. */
    public static final Duration DEFAULT_METRICS_INTERVAL = Duration.ofSeconds(15);

    public static final Duration MIN_INTERVAL = Duration.ofSeconds(5);
    public static final Duration MAX_INTERVAL = Duration.ofMinutes(5);
    public static final ClusterSettings DEFAULTS = new ClusterSettings(S3Settings.AWS, DEFAULT_METRICS_INTERVAL, false,
            DrainLimits.DEFAULTS, false, null, StallThresholds.DEFAULTS, null, NotifySettings.OFF);

    public ClusterSettings {
        notifications = notifications == null ? NotifySettings.OFF : notifications;
        gpuStall = gpuStall == null ? StallThresholds.DEFAULTS : gpuStall;
        s3 = s3 == null ? S3Settings.AWS : s3;
        drainBreaker = drainBreaker == null ? DrainLimits.DEFAULTS : drainBreaker;
        metricsInterval = metricsInterval == null ? DEFAULT_METRICS_INTERVAL : metricsInterval;
        if (metricsInterval.compareTo(MIN_INTERVAL) < 0 || metricsInterval.compareTo(MAX_INTERVAL) > 0) {
            throw new IllegalArgumentException("the /metrics interval must be between " + MIN_INTERVAL.toSeconds()
                    + " and " + MAX_INTERVAL.toSeconds() + " seconds, not " + metricsInterval.toSeconds());
        }
    }

    public ClusterSettings(S3Settings s3, Duration metricsInterval, boolean readOnly, DrainLimits drainBreaker,
                           boolean drills, PrometheusSettings prometheus, StallThresholds gpuStall, TeamKey teamKey) {
        this(s3, metricsInterval, readOnly, drainBreaker, drills, prometheus, gpuStall, teamKey, NotifySettings.OFF);
    }

    public ClusterSettings(S3Settings s3, Duration metricsInterval, boolean readOnly, DrainLimits drainBreaker,
                           boolean drills, PrometheusSettings prometheus, StallThresholds gpuStall) {
        this(s3, metricsInterval, readOnly, drainBreaker, drills, prometheus, gpuStall, null);
    }

    public ClusterSettings(S3Settings s3, Duration metricsInterval, boolean readOnly, DrainLimits drainBreaker,
                           boolean drills, PrometheusSettings prometheus) {
        this(s3, metricsInterval, readOnly, drainBreaker, drills, prometheus, StallThresholds.DEFAULTS);
    }

    public ClusterSettings(S3Settings s3, Duration metricsInterval, boolean readOnly, DrainLimits drainBreaker,
                           boolean drills) {
        this(s3, metricsInterval, readOnly, drainBreaker, drills, null);
    }

    public ClusterSettings(S3Settings s3, Duration metricsInterval, boolean readOnly, DrainLimits drainBreaker) {
        this(s3, metricsInterval, readOnly, drainBreaker, false, null);
    }

    public ClusterSettings(S3Settings s3) {
        this(s3, DEFAULT_METRICS_INTERVAL, false, DrainLimits.DEFAULTS, false, null);
    }

    public ClusterSettings(S3Settings s3, Duration metricsInterval) {
        this(s3, metricsInterval, false, DrainLimits.DEFAULTS, false, null);
    }

    public ClusterSettings withS3(S3Settings s) {
        return new ClusterSettings(s, metricsInterval, readOnly, drainBreaker, drills, prometheus, gpuStall, teamKey, notifications);
    }

    public ClusterSettings withMetricsInterval(Duration d) {
        return new ClusterSettings(s3, d, readOnly, drainBreaker, drills, prometheus, gpuStall, teamKey, notifications);
    }

    public ClusterSettings withReadOnly(boolean on) {
        return new ClusterSettings(s3, metricsInterval, on, drainBreaker, drills, prometheus, gpuStall, teamKey, notifications);
    }

    public ClusterSettings withDrainBreaker(DrainLimits b) {
        return new ClusterSettings(s3, metricsInterval, readOnly, b, drills, prometheus, gpuStall, teamKey, notifications);
    }

    public ClusterSettings withDrills(boolean on) {
        return new ClusterSettings(s3, metricsInterval, readOnly, drainBreaker, on, prometheus, gpuStall, teamKey, notifications);
    }

    /** With {@code p} as the cluster's Prometheus (null: look for one). */
    public ClusterSettings withPrometheus(PrometheusSettings p) {
        return new ClusterSettings(s3, metricsInterval, readOnly, drainBreaker, drills, p, gpuStall, teamKey, notifications);
    }

    /** With {@code t} as when this cluster's gangs count as stalled. */
    public ClusterSettings withGpuStall(StallThresholds t) {
        return new ClusterSettings(s3, metricsInterval, readOnly, drainBreaker, drills, prometheus, t, teamKey, notifications);
    }

    /** With {@code k} as the key that names a node's team (null: the nodes are not divided among teams). */
    public ClusterSettings withTeamKey(TeamKey k) {
        return new ClusterSettings(s3, metricsInterval, readOnly, drainBreaker, drills, prometheus, gpuStall, k, notifications);
    }

    /** With {@code n} as whether and when this cluster's troubles are notified. */
    public ClusterSettings withNotifications(NotifySettings n) {
        return new ClusterSettings(s3, metricsInterval, readOnly, drainBreaker, drills, prometheus, gpuStall, teamKey, n);
    }
}
