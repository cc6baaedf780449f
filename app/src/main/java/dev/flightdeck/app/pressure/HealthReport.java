package dev.flightdeck.app.pressure;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * A parsed {@code /readyz?verbose} or {@code /livez?verbose} body: the checks, failed ones first
 * (then in the server's order), and the verdict of its last line ({@code readyz check passed}).
 * The server answers 500 with the same body shape when a check fails, so the caller parses the
 * body whatever the status.
 *
 * @param endpoint {@code readyz}, {@code livez} (from the verdict line), or "" when the body had none
 */
public record HealthReport(String endpoint, boolean passed, List<HealthCheck> checks) {

    public HealthReport {
        checks = List.copyOf(checks);
    }

    /**
     * Parses the body. Lines that are neither checks nor the verdict (warnings some versions
     * print) are skipped; a body with neither at all (a 403 Status in JSON, an HTML error page)
     * is not a health report and throws.
     */
    public static HealthReport parse(String body) throws MalformedResponseException {
        List<HealthCheck> checks = new ArrayList<>();
        String endpoint = "";
        Boolean verdict = null;
        String[] lines = body.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i].strip();
            if (line.startsWith("[+]") || line.startsWith("[-]")) {
                checks.add(check(line, i + 1));
            } else if (line.endsWith(" check passed") || line.endsWith(" check failed")) {
                endpoint = line.substring(0, line.indexOf(' '));
                verdict = line.endsWith("passed");
            } else if (line.equals("ok") && checks.isEmpty()) {
                verdict = true; // the non-verbose answer
            }
        }
        if (checks.isEmpty() && verdict == null) {
            throw new MalformedResponseException(1, "not a health check answer (no [+]/[-] lines and no verdict)");
        }
        boolean passed = verdict != null ? verdict : checks.stream().allMatch(HealthCheck::ok);
        List<HealthCheck> failuresFirst = new ArrayList<>(checks);
        failuresFirst.sort(Comparator.comparing(HealthCheck::ok)); // stable: server order within each group
        return new HealthReport(endpoint, passed, failuresFirst);
    }

    public List<HealthCheck> failures() {
        return checks.stream().filter(check -> !check.ok()).toList();
    }

    private static HealthCheck check(String line, int number) throws MalformedResponseException {
        boolean ok = line.charAt(1) == '+';
        String rest = line.substring(3);
        int space = rest.indexOf(' ');
        if (rest.isEmpty() || space == 0) {
            throw new MalformedResponseException(number, "a health check line without a check name");
        }
        String name = space < 0 ? rest : rest.substring(0, space);
        String detail = space < 0 ? "" : rest.substring(space + 1).strip();
        return new HealthCheck(name, ok, detail);
    }
}
