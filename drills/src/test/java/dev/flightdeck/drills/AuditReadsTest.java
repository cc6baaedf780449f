package dev.flightdeck.drills;

import org.junit.jupiter.api.Test;

import java.time.Instant;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/** What the drill reads into the audit's requests: a pod's log read is a step about that pod, whoever's tool read it. */
class AuditReadsTest {

    private static AuditedRequest get(String path, String query, String agent) {
        return new AuditedRequest(Instant.EPOCH, "GET", path, query, agent, false);
    }

    @Test
    void aLogReadNamesItsPodWhetherTailedOrFollowed() {
        assertEquals(new AuditReads.LogRead("training", "llm-pretrain-7-54825"), AuditReads.meaning(get(
                "/api/v1/namespaces/training/pods/llm-pretrain-7-54825/log", "tailLines=200&limitBytes=1048576",
                "flightdeck/1.0.0 (linux/amd64)")));
        assertEquals(new AuditReads.LogRead("training", "llm-pretrain-7-54825"), AuditReads.meaning(get(
                "/api/v1/namespaces/training/pods/llm-pretrain-7-54825/log", "follow=true", "kubectl/v1.32.13")));
        assertEquals(new AuditReads.Looked(OperatorStep.node("gpu-node-007"), "read node gpu-node-007"),
                AuditReads.meaning(get("/api/v1/nodes/gpu-node-007", null, "curl/8.5.0")), "other reads are as before");
    }

    @Test
    void theDrillsOwnClientsReadNothingForTheOperator() {
        assertNull(AuditReads.meaning(get("/api/v1/namespaces/training/pods/p/log", null, DrillRun.OBSERVER_AGENT + "1.0.0")));
        assertNull(AuditReads.meaning(new AuditedRequest(Instant.EPOCH, "GET", "/api/v1/namespaces/training/pods/p/log", null,
                "flightdeck-drill/1.0.0", true)));
        assertNull(AuditReads.meaning(new AuditedRequest(Instant.EPOCH, "POST", "/api/v1/namespaces/training/pods/p/log", null,
                "kubectl/v1.32.13", false)), "only a GET reads a log");
    }
}
