package dev.flightdeck.app.checkpoints;

/** Object storage could not be read; the message is the one line shown to the person. */
final class CheckpointReadException extends RuntimeException {

    CheckpointReadException(String line) {
        super(line, null, false, false); // no stack trace: this is an expected outcome, not a bug
    }
}
