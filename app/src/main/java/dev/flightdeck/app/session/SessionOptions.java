package dev.flightdeck.app.session;

import dev.flightdeck.app.checkpoints.S3Settings;
import dev.flightdeck.app.connect.ConnectionTarget;
import dev.flightdeck.app.fleet.PreflightConvention;
import dev.flightdeck.app.settings.ClusterSettings;
import dev.flightdeck.app.settings.SettingsFile;

/**
 * Per-session settings.
 *
 * @param pageSize LIST page size ({@code limit}); 500 is what client-go informers use
 * @param s3       where checkpoint prefixes are listed (endpoint override for S3-compatible stores)
 */
public record SessionOptions(PreflightConvention preflight, int pageSize, S3Settings s3) {

    public static final SessionOptions DEFAULTS = new SessionOptions(PreflightConvention.DEFAULT, 500, S3Settings.AWS);

    /** The defaults with what the person set for this cluster. */
    public SessionOptions with(ClusterSettings cluster) {
        return new SessionOptions(preflight, pageSize, cluster.s3());
    }

    /**
     * The options for {@code target} from the settings file: a kubeconfig context gets what was
     * saved under its name; the sandbox ignores the file (its object storage is its own).
     */
    public static SessionOptions forTarget(ConnectionTarget target, SettingsFile.Loaded settings) {
        return target instanceof ConnectionTarget.Context c ? DEFAULTS.with(settings.forContext(c.name())) : DEFAULTS;
    }
}
