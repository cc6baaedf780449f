package dev.flightdeck.app.connect;

/**
 * What opening a connection needs of the session's options: the User-Agent the console sends and
 * the shape of its per-cluster request budget. An interface here so that connect/ does not depend
 * on session/ (which depends on connect/).
 */
public interface ConnectionOptions {

    String userAgent();

    RequestBudget requestBudget();
}
