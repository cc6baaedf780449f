package dev.flightdeck.views.gangs;

import dev.flightdeck.app.nodes.NodeVerdict;
import dev.flightdeck.app.gangs.Gang;
import dev.flightdeck.app.gangs.GangKey;
import dev.flightdeck.app.gangs.GangSystem;
import dev.flightdeck.app.gangs.GangVerdict;
import dev.flightdeck.app.gangs.RankSlot;
import dev.flightdeck.app.gangs.RankState;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.IntFunction;

/** Gang records built directly, for view-model and rank-map tests. */
final class TestGangs {

    static final Instant T0 = Instant.parse("2026-05-01T12:00:00Z");

    private TestGangs() {
    }

    /** {@code size} ranks, {@code perNode} to a node, each in the state {@code state} gives. */
    static Gang gang(GangSystem system, String ns, String name, GangVerdict verdict, int size, int perNode,
                     int gpusPerRank, IntFunction<RankState> state, List<String> reasons, boolean atRisk,
                     Map<String, String> annotations) {
        List<RankSlot> ranks = new ArrayList<>();
        for (int r = 0; r < size; r++) {
            RankState st = state.apply(r);
            String node = st == RankState.MISSING || st == RankState.PENDING ? null
                    : "gpu-node-%03d".formatted(r / perNode);
            boolean untrusted = atRisk && r == 13;
            ranks.add(new RankSlot(r, "", st == RankState.MISSING ? null : name + "-" + r, node, st,
                    st == RankState.CRASHING ? 7 : 0, gpusPerRank,
                    st == RankState.RUNNING ? (untrusted ? "on untrusted node" : null) : st.label() + " (test)",
                    node == null ? null : untrusted ? NodeVerdict.UNTRUSTED : NodeVerdict.TRUSTED,
                    untrusted ? "SysLogsXIDError: Xid 79" : null));
        }
        int ready = (int) ranks.stream().filter(s -> s.state() == RankState.RUNNING).count();
        int present = (int) ranks.stream().filter(s -> s.state() != RankState.MISSING).count();
        int nodes = (int) ranks.stream().map(RankSlot::node).filter(n -> n != null).distinct().count();
        return new Gang(new GangKey(system, ns, name), size, present, ready, gpusPerRank, size * gpusPerRank, nodes,
                T0.minusSeconds(7200), verdict, reasons, atRisk, ranks, annotations);
    }

    static Gang simple(String ns, String name, GangVerdict verdict, int size, GangSystem system,
                       Map<String, String> annotations) {
        return gang(system, ns, name, verdict, size, 1, 8, r -> RankState.RUNNING, List.of(), false, annotations);
    }

    static Map<String, String> checkpointAt(Instant t) {
        return Map.of("flightdeck.dev/checkpoint-uri", "s3://ckpt/run/step-100/",
                "flightdeck.dev/checkpoint-time", t.toString(), "flightdeck.dev/checkpoint-step", "100");
    }
}
