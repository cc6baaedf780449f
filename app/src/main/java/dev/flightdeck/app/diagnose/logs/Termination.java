package dev.flightdeck.app.diagnose.logs;

import dev.flightdeck.app.kube.PodObject;

import java.time.Instant;
import java.util.Optional;

/**
 * How a rank's container last ended badly, from its status: the kubelet's reason ({@code Error}, {@code OOMKilled}),
 * exit code, termination message and time. {@code previousRun} says the run that ended is the one before the
 * container's restart (its log is the {@code previous} log); otherwise it is the container's current, ended, run.
 */
public record Termination(String reason, int exitCode, String message, Instant finishedAt, boolean previousRun) {

    /** The container's bad end, if it had one: its current state when that ended non-zero, else its last state. */
    public static Optional<Termination> of(PodObject.ContainerStatus status) {
        if (status == null) {
            return Optional.empty();
        }
        Optional<Termination> now = failed(status.state(), false);
        return now.isPresent() ? now : failed(status.lastState(), true);
    }

    private static Optional<Termination> failed(PodObject.ContainerState state, boolean previous) {
        if (state == null || state.terminated() == null) {
            return Optional.empty();
        }
        PodObject.Terminated t = state.terminated();
        int code = t.exitCode() == null ? 0 : t.exitCode();
        boolean bad = code != 0 || "OOMKilled".equals(t.reason()) || "Error".equals(t.reason());
        return bad ? Optional.of(new Termination(t.reason() == null ? "Error" : t.reason(), code,
                t.message() == null ? "" : t.message().strip(), t.finishedAt(), previous)) : Optional.empty();
    }

    public boolean oomKilled() {
        return "OOMKilled".equals(reason);
    }

    /** {@code Error, exit code 1} / {@code OOMKilled, exit code 137}. */
    public String describe() {
        return reason + ", exit code " + exitCode;
    }

    /** The end as one of the rank's errors: the kernel's OOM kill is one; any other non-zero exit another. */
    ErrorLine asError() {
        String message = oomKilled() ? "OOMKilled: the container ran out of memory and the kernel killed it"
                : "container exited: " + describe();
        return new ErrorLine(oomKilled() ? ErrorKind.OOM_KILLED : ErrorKind.EXITED, message,
                message + (this.message.isEmpty() ? "" : " (" + firstLine(this.message) + ")"), finishedAt, 1);
    }

    private static String firstLine(String s) {
        String first = s.lines().findFirst().orElse("");
        return first.length() > 200 ? first.substring(0, 200) + "…" : first;
    }
}
