package dev.flightdeck.app.pressure;

/** How bad a signal is, in the order of severity (compare with {@code compareTo}). */
public enum Level {
    OK, AMBER, RED
}
