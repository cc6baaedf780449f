package dev.flightdeck.app.session;

import dev.flightdeck.app.fleet.PreflightConvention;

/**
 * Per-session settings.
 *
 * @param pageSize LIST page size ({@code limit}); 500 is what client-go informers use
 */
public record SessionOptions(PreflightConvention preflight, int pageSize) {

    public static final SessionOptions DEFAULTS = new SessionOptions(PreflightConvention.DEFAULT, 500);
}
