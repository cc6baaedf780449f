package dev.flightdeck.app.session;

import dev.flightdeck.app.checkpoints.S3Settings;
import dev.flightdeck.app.fleet.PreflightConvention;

/**
 * Per-session settings.
 *
 * @param pageSize LIST page size ({@code limit}); 500 is what client-go informers use
 * @param s3       where checkpoint prefixes are listed (endpoint override for S3-compatible stores)
 */
public record SessionOptions(PreflightConvention preflight, int pageSize, S3Settings s3) {

    public static final SessionOptions DEFAULTS = new SessionOptions(PreflightConvention.DEFAULT, 500, S3Settings.AWS);
}
