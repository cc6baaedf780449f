package dev.flightdeck.app.pressure;

/**
 * One line of {@code /readyz?verbose} or {@code /livez?verbose}: {@code [+]etcd ok} or
 * {@code [-]etcd failed: reason withheld}.
 *
 * @param detail what the server said after the name: {@code ok}, {@code excluded: ok},
 *               {@code failed: reason withheld}
 */
public record HealthCheck(String name, boolean ok, String detail) {
}
