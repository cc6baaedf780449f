package dev.flightdeck.app.model;

import dev.flightdeck.app.nodes.NodeFacts;
import dev.flightdeck.app.nodes.PodFacts;
import dev.flightdeck.app.gangs.GangBook;
import dev.flightdeck.app.gangs.WorkloadObject;
import dev.flightdeck.app.watch.WatchEvent;

import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Folds one watch event of a node, a pod or a gang object into {@link ClusterModel}'s state on its thread: every
 * node's facts, the pods by node and the gangs they form; the names it touches are marked dirty for the rebuild.
 */
final class WatchEventFold {

    private final Map<String, NodeFacts> nodes;
    private final PodIndex pods;
    private final GangBook gangs;
    private final FirstLists lists;

    WatchEventFold(Map<String, NodeFacts> nodes, PodIndex pods, GangBook gangs, FirstLists lists) {
        this.nodes = nodes;
        this.pods = pods;
        this.gangs = gangs;
        this.lists = lists;
    }

    /** Returns true for a relist, whose fold the screens must take as a reset. */
    boolean node(WatchEvent<NodeFacts> e, Set<String> dirty) {
        switch (e) {
            case WatchEvent.Upserted<NodeFacts>(NodeFacts n) -> {
                nodes.put(n.name(), n);
                dirty.add(n.name());
            }
            case WatchEvent.Deleted<NodeFacts>(NodeFacts n) -> {
                nodes.remove(n.name());
                dirty.add(n.name());
            }
            case WatchEvent.Relisted<NodeFacts>(List<NodeFacts> all) -> {
                // gpuNodes is not cleared: other threads read it, and an empty moment in the
                // middle of a relist showed nodes as gone. Every name before and after is
                // dirty, so the fold below rebuilds or removes each one.
                dirty.addAll(nodes.keySet());
                nodes.clear();
                for (NodeFacts n : all) {
                    nodes.put(n.name(), n);
                }
                dirty.addAll(nodes.keySet());
                return true;
            }
            case WatchEvent.Paged<NodeFacts> page -> {
                for (NodeFacts n : page.items()) {
                    nodes.put(n.name(), n);
                    dirty.add(n.name());
                }
                lists.nodesPage(page.progress(), nodes.size());
            }
        }
        return false;
    }

    /** A pod's change dirties its node (the node's pod count). */
    void pod(WatchEvent<PodFacts> e, Set<String> dirty) {
        switch (e) {
            case WatchEvent.Upserted<PodFacts>(PodFacts p) -> {
                pods.put(p, dirty);
                gangs.put(p);
            }
            case WatchEvent.Deleted<PodFacts>(PodFacts p) -> {
                pods.remove(p, dirty);
                gangs.remove(p);
            }
            case WatchEvent.Relisted<PodFacts>(List<PodFacts> all) -> {
                pods.replaceAll(all, dirty);
                gangs.replaceAll(all);
            }
            case WatchEvent.Paged<PodFacts> page -> {
                for (PodFacts p : page.items()) {
                    pods.put(p, dirty);
                    gangs.put(p);
                }
                lists.podsPage(page.progress(), pods.size());
            }
        }
    }

    /** A gang object of one {@code kind} (Job, JobSet, MPIJob…); a relist replaces only that kind. */
    void workload(String kind, WatchEvent<WorkloadObject> e) {
        switch (e) {
            case WatchEvent.Upserted<WorkloadObject>(WorkloadObject w) -> gangs.putWorkload(w);
            case WatchEvent.Deleted<WorkloadObject>(WorkloadObject w) -> gangs.removeWorkload(w);
            case WatchEvent.Relisted<WorkloadObject>(List<WorkloadObject> all) -> gangs.replaceWorkloads(kind, all);
            case WatchEvent.Paged<WorkloadObject> page -> page.items().forEach(gangs::putWorkload);
        }
    }
}
