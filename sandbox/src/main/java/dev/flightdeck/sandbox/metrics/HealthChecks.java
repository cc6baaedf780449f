package dev.flightdeck.sandbox.metrics;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * {@code /readyz} and {@code /livez} as kube-apiserver v1.32 answers them, with the
 * check lists of a real server (captured, see the README beside them). All pass:
 * 200 {@code ok}, or the list and "readyz check passed" with {@code ?verbose}. A
 * check fails: 500 with the list, {@code [-]<check> failed: reason withheld} and
 * "readyz check failed", verbose or not, as the Go handler writes it through
 * {@code http.Error}. {@code ?exclude=} is ignored: nothing here asks for it.
 * <p>
 * The captured readyz list has no {@code etcd} line (a real server's usually does,
 * right after {@code log}); a failing check the list lacks is shown there.
 */
final class HealthChecks {

    private final List<String> readyz;
    private final List<String> livez;
    private final Supplier<String> failingReadyzCheck;

    HealthChecks(Supplier<String> failingReadyzCheck) {
        this.readyz = checks("readyz-verbose.txt");
        this.livez = checks("livez-verbose.txt");
        this.failingReadyzCheck = failingReadyzCheck;
    }

    PlainResponse readyz(boolean verbose) {
        return answer("readyz", readyz, failingReadyzCheck.get(), verbose);
    }

    PlainResponse livez(boolean verbose) {
        return answer("livez", livez, null, verbose);
    }

    private static PlainResponse answer(String endpoint, List<String> checks, String failing, boolean verbose) {
        if (failing == null && !verbose) {
            return PlainResponse.text(200, "ok");
        }
        List<String> shown = new ArrayList<>(checks);
        if (failing != null && !shown.contains(failing)) {
            shown.add(Math.min(shown.indexOf("log") + 1, shown.size()), failing);
        }
        StringBuilder body = new StringBuilder(2048);
        for (String check : shown) {
            body.append(check.equals(failing) ? "[-]" + check + " failed: reason withheld\n" : "[+]" + check + " ok\n");
        }
        if (failing != null) {
            return PlainResponse.text(500, body.append(endpoint).append(" check failed\n").toString());
        }
        return PlainResponse.text(200, body.append(endpoint).append(" check passed\n").toString());
    }

    private static List<String> checks(String resource) {
        try (InputStream in = HealthChecks.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("missing resource " + resource);
            }
            List<String> names = new ArrayList<>();
            for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                if (line.startsWith("[+]") && line.endsWith(" ok")) {
                    names.add(line.substring(3, line.length() - 3));
                }
            }
            return List.copyOf(names);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
