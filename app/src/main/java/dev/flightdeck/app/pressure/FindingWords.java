package dev.flightdeck.app.pressure;

import java.util.List;

/** A signal past its bound, said the way an SRE would say it, naming who is affected where the data tells. */
final class FindingWords {

    private FindingWords() {
    }

    static String sentence(Signal signal, PressureSignals s) {
        double value = s.value(signal);
        String formatted = signal.unit().format(value);
        return switch (signal) {
            case THROTTLED_SHARE -> formatted + " of requests answered 429 Too Many Requests ("
                    + Unit.PER_SECOND.format(s.requests().throttledPerSecond()) + ")" + mostFailing(s);
            case SERVER_ERROR_SHARE -> formatted + " of requests failed with 5xx ("
                    + Unit.PER_SECOND.format(s.requests().serverErrorsPerSecond()) + ")" + mostFailing(s);
            case APF_REJECTED_SHARE -> {
                String level = s.apf().mostRejectingLevel();
                String reason = level == null ? "" : s.apf().mainRejectionReason(level);
                yield formatted + " of requests rejected by APF in " + level + (reason.isEmpty() ? "" : " (" + reason + ")");
            }
            case APF_IN_QUEUE -> formatted + " requests queued by APF in " + s.apf().mostQueuedLevel();
            case APF_WAIT_P99 -> "APF queue wait p99 " + formatted;
            case GET_P99 -> "GET p99 latency " + formatted;
            case LIST_P99 -> "LIST p99 latency " + formatted;
            case MUTATING_P99 -> "write p99 latency " + formatted;
            case ETCD_P99 -> "etcd p99 latency " + formatted + " for " + s.etcd().slowestOperation();
            case ETCD_ERROR_RATE -> "etcd errors " + formatted;
            case EVENT_OBJECTS -> formatted + " events stored in etcd";
            default -> signal.label() + " " + formatted;
        };
    }

    /** The healthy headline's figures: "312 req/s, p99 84 ms". */
    static String healthyFigures(PressureSignals s) {
        String rate = Unit.number(s.requests().perSecond()) + " req/s";
        double p99 = s.latency().p99();
        return Double.isNaN(p99) ? rate : rate + ", p99 " + Unit.SECONDS.format(p99);
    }

    static String health(HealthReport report) {
        List<String> failed = report.failures().stream().map(HealthCheck::name).toList();
        String what = failed.isEmpty() ? "checks failed" : String.join(", ", failed) + " failed";
        return switch (report.endpoint()) {
            case "readyz" -> "API server not ready: " + what;
            case "livez" -> "API server not live: " + what;
            default -> "API server unhealthy: " + what;
        };
    }

    private static String mostFailing(PressureSignals s) {
        List<ResourceRate> failing = s.requests().mostFailing();
        return failing.isEmpty() ? "" : ", most on " + failing.getFirst().resource();
    }
}
