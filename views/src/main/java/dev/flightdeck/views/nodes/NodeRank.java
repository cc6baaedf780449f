package dev.flightdeck.views.nodes;

import dev.flightdeck.app.gangs.GangKey;
import dev.flightdeck.app.gangs.RankSlot;

/** One rank placed on a node, for the nodes screen: which gang, which rank, in what state (from the gangs screen). */
public record NodeRank(GangKey gang, RankSlot slot) {

    /** {@code training/rlhf-actor rank 5 · failed}. */
    public String text() {
        String role = slot.role() == null || slot.role().isEmpty() ? "" : " (" + slot.role() + ")";
        return gang + " rank " + slot.rank() + role + " · " + slot.state().label();
    }
}
