package dev.flightdeck.app.pressure;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class HealthReportTest {

    @Test
    void readsTheRealReadyzAndLivez() throws Exception {
        HealthReport readyz = HealthReport.parse(Fixtures.text("readyz-verbose.txt"));
        HealthReport livez = HealthReport.parse(Fixtures.text("livez-verbose.txt"));

        assertEquals("readyz", readyz.endpoint());
        assertTrue(readyz.passed());
        assertEquals(32, readyz.checks().size());
        assertEquals(new HealthCheck("ping", true, "ok"), readyz.checks().getFirst());
        assertEquals("informer-sync", readyz.checks().get(2).name());
        assertEquals("livez", livez.endpoint());
        assertEquals(31, livez.checks().size());
        assertTrue(livez.checks().stream().anyMatch(c -> c.name().equals("etcd")));
    }

    @Test
    void failuresComeFirstInTheServersOrder() throws Exception {
        HealthReport report = HealthReport.parse("""
                [+]ping ok
                [-]etcd failed: reason withheld
                [+]log ok
                [+]shutdown excluded: ok
                [-]informer-sync failed: reason withheld
                readyz check failed
                """);

        assertFalse(report.passed());
        assertEquals(List.of("etcd", "informer-sync", "ping", "log", "shutdown"), report.checks().stream().map(HealthCheck::name).toList());
        assertEquals(new HealthCheck("etcd", false, "failed: reason withheld"), report.failures().getFirst());
        assertEquals("excluded: ok", report.checks().get(4).detail());
    }

    @Test
    void aPlainOkIsAPassAndAnythingElseIsNotAHealthAnswer() throws Exception {
        assertTrue(HealthReport.parse("ok").passed());
        MalformedResponseException e = assertThrows(MalformedResponseException.class,
                () -> HealthReport.parse(Fixtures.text("metrics-anonymous.json")));
        assertEquals("line 1: not a health check answer (no [+]/[-] lines and no verdict)", e.getMessage());
        assertThrows(MalformedResponseException.class, () -> HealthReport.parse("[+] ok\nreadyz check passed\n"));
    }
}
