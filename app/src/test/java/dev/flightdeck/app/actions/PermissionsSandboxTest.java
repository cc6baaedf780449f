package dev.flightdeck.app.actions;

import dev.flightdeck.app.kube.KubeRest;
import dev.flightdeck.app.SandboxSession;
import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Permission checks through SelfSubjectAccessReview against the sandbox's simulated authorization:
 * everything is allowed until a verb is denied, and the missing rule is named as an admin writes it.
 */
class PermissionsSandboxTest {

    @Test
    void aDeniedVerbIsNamedAndAnswersAreCachedForAMinute() throws Exception {
        try (SandboxSession s = SandboxSession.open(8)) {
            KubeRest rest = new KubeRest(s.session.connection().api());
            List<Permission> drain = List.of(Permission.of("patch", "", "nodes"),
                    Permission.of("create", "", "pods").sub("eviction"));
            Permissions fresh = new Permissions(rest, Clock.systemUTC());
            assertNull(fresh.missing(drain));

            s.sandbox.rbac().deny("create", "", "pods/eviction");
            assertNull(fresh.missing(drain), "the allowed answer is still cached");
            Permissions later = new Permissions(rest, Clock.systemUTC());
            assertEquals("not allowed to create pods/eviction", later.missing(drain), "as RBAC words a denial: no reason");
            assertTrue(later.allowed(Permission.of("patch", "", "nodes")));
            assertEquals("create jobs.batch in flightdeck-system",
                    Permission.of("create", "batch", "jobs").in("flightdeck-system").describe());
        }
    }
}
