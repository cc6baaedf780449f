package dev.flightdeck.app.diagnose.logs;

/** What a summary keeps in memory, weighed roughly in bytes for the view's byte cap. */
interface Weighed {
    long weight();
}
