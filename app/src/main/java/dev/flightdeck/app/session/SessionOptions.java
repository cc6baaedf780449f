package dev.flightdeck.app.session;

import dev.flightdeck.app.checkpoints.S3Settings;
import dev.flightdeck.app.connect.ConnectionTarget;
import dev.flightdeck.app.fleet.PreflightConvention;
import dev.flightdeck.app.pressure.PressureScraper;

import java.time.Duration;
import dev.flightdeck.app.settings.ClusterSettings;
import dev.flightdeck.app.settings.SettingsFile;

/**
 * Per-session settings.
 *
 * @param pageSize LIST page size ({@code limit}); 500 is what client-go informers use
 * @param s3       where checkpoint prefixes are listed (endpoint override for S3-compatible stores)
 * @param metricsInterval how often the API server's {@code /metrics} is scraped (default 15 s)
 */
public record SessionOptions(PreflightConvention preflight, int pageSize, S3Settings s3, Duration metricsInterval) {

    public static final SessionOptions DEFAULTS = new SessionOptions(PreflightConvention.DEFAULT, 500, S3Settings.AWS,
            PressureScraper.DEFAULT_INTERVAL);

    /** The defaults with what the person set for this cluster. */
    public SessionOptions with(ClusterSettings cluster) {
        return new SessionOptions(preflight, pageSize, cluster.s3(), cluster.metricsInterval());
    }

    /** How often {@code /metrics} is scraped. */
    public SessionOptions withMetricsInterval(Duration interval) {
        return new SessionOptions(preflight, pageSize, s3, interval);
    }

    /**
     * The options for {@code target} from the settings file: a kubeconfig context gets what was
     * saved under its name; the sandbox ignores the file (its object storage is its own).
     */
    public static SessionOptions forTarget(ConnectionTarget target, SettingsFile.Loaded settings) {
        return target instanceof ConnectionTarget.Context c ? DEFAULTS.with(settings.forContext(c.name())) : DEFAULTS;
    }
}
