package dev.flightdeck.app.cli;

import dev.flightdeck.app.launch.LaunchOptions;
import dev.flightdeck.app.launch.UsageException;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CheckCommandTest {

    @Test
    void sandboxReportStartsWithTheFleetLineThenOneLinePerUntrustedNode() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int rc = CheckCommand.run(LaunchOptions.parse("check", "--sandbox"), Map.of(), new PrintStream(out), new PrintStream(err));
        assertEquals(CheckCommand.OK, rc, err.toString());
        List<String> lines = out.toString(StandardCharsets.UTF_8).lines().toList();
        assertTrue(lines.get(0).startsWith("64 GPU nodes (of 67 nodes), "), lines.get(0));
        assertTrue(lines.get(0).contains("/512 GPUs usable"), lines.get(0));
        assertTrue(lines.get(0).contains("; gated 2, cordoned 1"), lines.get(0));
        assertTrue(lines.contains("gpu-node-007  degraded     1 of 8 GPUs withdrawn"), lines.toString());
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("gpu-node-013  untrusted    SysLogsXIDError (XID79): Xid 79")));
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("gpu-node-031  gated        preflight failed 2h")));
        assertTrue(lines.stream().noneMatch(l -> l.startsWith("gpu-node-000 ")), "trusted nodes are not listed");
        int gangs = lines.indexOf("") + 1;
        assertTrue(gangs > 0, "a blank line separates the gangs section");
        // The sandbox's gpu-node-020 stops reporting at times (its simulated trouble); when the report comes then (the
        // GPU telemetry read comes first), the halted gang's rank on it puts that gang at risk too.
        assertTrue(lines.get(gangs).matches("gangs: 9; halted 1; degraded 1; running 7; at risk [34]; 128 GPUs in halted gangs; .*"),
                lines.get(gangs));
        assertTrue(lines.get(gangs).endsWith(" GPU-hours at risk since last checkpoint (3 gangs with no known checkpoint)"),
                lines.get(gangs));
        assertTrue(lines.get(gangs + 1).matches("training/rlhf-actor  Indexed Job  halted( · at risk)?  ranks 15/16  checkpoint 11m  "
                + "rank 5 Failed on gpu-node-037: Error \\(exit 1\\): NCCL error: .*"), lines.get(gangs + 1));
        // the Pending ranks say what holds them across the layers (WhyWaiting): the gated nodes with room, then the scheduler
        assertTrue(lines.get(gangs + 2).startsWith("training/llm-pretrain  Indexed Job  degraded · at risk  ranks 30/32  checkpoint 10m  "
                + "ranks 30, 31 Pending: held by taints: "), lines.get(gangs + 2));
        assertTrue(lines.get(gangs + 2).matches(".* Pending: held by taints: \\d+ of \\d+ fitting nodes \\(8 GPUs free\\) carry the "
                + "preflight gate; scheduler: 0/64 nodes are available: 1 node\\(s\\) had untolerated taint "
                + "\\{flightdeck.dev/preflight: pending}.*"), lines.get(gangs + 2));
        assertTrue(lines.get(gangs + 2).contains("rank 13 on gpu-node-013 which is untrusted: SysLogsXIDError"),
                "a rank on an untrusted node is named: " + lines.get(gangs + 2));
        // Running gangs with a rank on a not-ready or untrusted node are one fault from halting: listed, as the console shows them.
        assertTrue(lines.get(gangs + 3).startsWith("training/eval-sweep  Indexed Job  running · at risk  ranks 8/8  checkpoint "
                + "9h20m  rank 2 on gpu-node-050 which is not ready: Ready=Unknown (NodeStatusUnknown)"), lines.get(gangs + 3));
        assertTrue(lines.get(gangs + 4).startsWith("research/vision-pretrain  JobSet  running · at risk  ranks 2/2  checkpoint 5h  "
                + "rank 0 on gpu-node-058 which is untrusted: GpuNvlinkWatch (NvlinkDown)"), lines.get(gangs + 4));
        assertEquals("", lines.get(gangs + 5), "healthy running gangs get no line of their own; a blank line ends the section");
        // No Prometheus in the sandbox: its dcgm-exporter pods are read through the pod proxy; those on nodes that
        // stopped reporting (one or two, as the sandbox's nodes come and go) do not answer, and are named below.
        String telemetry = lines.get(gangs + 6);
        assertTrue(telemetry.matches("gpu telemetry: dcgm-exporter pods in gpu-operator \\(app=nvidia-dcgm-exporter\\), "
                + "scraped through the API server's pod proxy · \\d+ GPUs · \\d+ allocated but idle \\(.*\\) · 0 stalled gangs · "
                + "0 nodes with GPU findings"), telemetry);
        int api = gangs + 7;
        while (lines.get(api).startsWith("  ")) {
            assertTrue(lines.get(api).matches("  (\\d+ of 64 dcgm-exporter pods did not answer: .*|gpu-operator/.* on gpu-node-\\d+: .*)"),
                    lines.get(api));
            api++;
        }
        assertTrue(lines.get(api).startsWith("api server: API server healthy: "), lines.get(api));
        assertTrue(lines.get(api + 1).matches("readyz: ok \\(\\d+ checks\\)"), lines.get(api + 1));
        assertTrue(lines.get(api + 2).matches("livez: ok \\(\\d+ checks\\)"), lines.get(api + 2));
        assertEquals(api + 3, lines.size(), "a healthy server has no signal over its threshold");
        assertEquals("flightdeck: using the embedded sandbox cluster: asked for with --sandbox\n",
                err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void badArgumentsAreUsageErrorsInOneLine() {
        UsageException e = assertThrows(UsageException.class, () -> LaunchOptions.parse("check", "--sandbox-nodes", "9000"));
        assertEquals("--sandbox-nodes must be between 1 and 7500, not 9000", e.getMessage());
        assertEquals("unknown argument '--frobnicate' (try --help)",
                assertThrows(UsageException.class, () -> LaunchOptions.parse("--frobnicate")).getMessage());
        assertEquals("--sandbox cannot be combined with --kubeconfig, --context or --all-contexts",
                assertThrows(UsageException.class, () -> LaunchOptions.parse("--sandbox", "--context", "x")).getMessage());
    }

    @Test
    void watchReportsAgainFromTheSameSessionUntilItsOutputIsClosed() throws Exception {
        // A reader that has seen the second report's stamp goes away, as grep -m1 does: the next write fails.
        ByteArrayOutputStream seen = new ByteArrayOutputStream();
        java.io.OutputStream reader = new java.io.OutputStream() {
            private int stamps;
            private final StringBuilder line = new StringBuilder();

            @Override
            public void write(int b) throws java.io.IOException {
                if (stamps >= 2) {
                    throw new java.io.IOException("Broken pipe");
                }
                seen.write(b);
                if (b == '\n') {
                    stamps += line.toString().startsWith("check at ") ? 1 : 0;
                    line.setLength(0);
                } else {
                    line.append((char) b);
                }
            }
        };
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        LaunchOptions watch = LaunchOptions.parse("check", "--sandbox", "--sandbox-nodes", "8", "--watch", "1");
        assertEquals(java.time.Duration.ofSeconds(1), watch.checkEvery());
        int rc = CheckCommand.run(watch, Map.of(), new PrintStream(reader, true), new PrintStream(err));
        assertEquals(CheckCommand.OK, rc, err.toString());
        List<String> lines = seen.toString(StandardCharsets.UTF_8).lines().toList();
        assertEquals(2, lines.stream().filter(l -> l.matches("check at \\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ")).count(), lines.toString());
        assertEquals(2, lines.stream().filter(l -> l.startsWith("8 GPU nodes (of ")).count(), "the first report and one more, then the stamp of the third, which nobody read: " + lines);
        for (String[] bad : new String[][]{{"check", "--watch", "0"}, {"check", "--watch", "soon"},
                {"drain", "n1", "--watch", "5"}, {"check", "--context", "a,b", "--watch", "5"}}) {
            assertTrue(org.junit.jupiter.api.Assertions.assertThrows(dev.flightdeck.app.launch.UsageException.class,
                    () -> LaunchOptions.parse(bad)).getMessage().contains("--watch"), String.join(" ", bad));
        }
    }
}
