package dev.flightdeck.views.fleet;

import dev.flightdeck.app.nodes.NodeVerdict;
import dev.flightdeck.app.gangs.GangVerdict;

/**
 * Where a cell of the fleet overview leads: one cluster's screen, with the filter that shows what
 * the cell counted (its untrusted nodes, its halted gangs, its gated nodes, …).
 *
 * @param nodeVerdict the Nodes screen's verdict filter, or null
 * @param taintKey    the Nodes screen's taint filter, or null
 * @param gangVerdict the Gangs screen's verdict filter, or null
 */
public record FleetLink(Screen screen, NodeVerdict nodeVerdict, String taintKey, GangVerdict gangVerdict) {

    public enum Screen { NODES, GANGS, PRESSURE }

    /** Cordoned nodes carry it (the node lifecycle controller adds it to every unschedulable node). */
    public static final String UNSCHEDULABLE_TAINT = "node.kubernetes.io/unschedulable";

    public static FleetLink nodes(NodeVerdict verdict) {
        return new FleetLink(Screen.NODES, verdict, null, null);
    }

    public static FleetLink cordoned() {
        return new FleetLink(Screen.NODES, null, UNSCHEDULABLE_TAINT, null);
    }

    public static FleetLink gangs(GangVerdict verdict) {
        return new FleetLink(Screen.GANGS, null, null, verdict);
    }

    public static final FleetLink PRESSURE = new FleetLink(Screen.PRESSURE, null, null, null);
}
