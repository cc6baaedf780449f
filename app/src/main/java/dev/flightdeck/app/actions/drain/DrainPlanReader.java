package dev.flightdeck.app.actions.drain;

import com.fasterxml.jackson.core.type.TypeReference;
import dev.flightdeck.app.kube.ApiResource;
import dev.flightdeck.app.kube.KubeRest;
import dev.flightdeck.app.kube.ObjectList;
import dev.flightdeck.app.kube.PodDisruptionBudgetObject;
import dev.flightdeck.app.kube.PodObject;
import dev.flightdeck.app.checkpoints.CheckpointStatus;
import dev.flightdeck.app.checkpoints.GpuHoursAtRisk;
import dev.flightdeck.app.gangs.Gang;
import dev.flightdeck.app.gangs.GangVerdict;
import dev.flightdeck.app.gangs.RankSlot;
import dev.flightdeck.app.gangs.RankState;

import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * Reads what a drain plan needs, fresh from the API server (the node's pods by field selector and
 * the budgets in their namespaces: a handful of small requests, as kubectl makes), and the gangs
 * with ranks on the node from the console's fleet model, priced with their checkpoint age.
 * Changes nothing.
 */
public final class DrainPlanReader {

    private final KubeRest rest;
    private final Function<Map<String, String>, CheckpointStatus> checkpoints;

    /** @param checkpoints a workload's checkpoint status from its annotations (may read object storage) */
    public DrainPlanReader(KubeRest rest, Function<Map<String, String>, CheckpointStatus> checkpoints) {
        this.rest = rest;
        this.checkpoints = checkpoints;
    }

    /** As {@link #read(String, List, DrainOptions, Instant)}, with the fleet's circuit breaker consulted. */
    public DrainPlan read(String node, List<Gang> gangs, java.util.Collection<dev.flightdeck.app.nodes.GpuNode> fleet,
                          CircuitBreaker breaker, DrainOptions options, Instant now) throws IOException {
        return read(node, gangs, options, now).withBreaker(breaker.check(fleet, node));
    }

    /**
     * @throws IOException with a line for the person when the node's pods cannot be listed
     *                     (no such node, no permission, no answer)
     */
    public DrainPlan read(String node, List<Gang> gangs, DrainOptions options, Instant now) throws IOException {
        KubeRest.Answer n = rest.get(ApiResource.NODES.path().named(node));
        if (n.code() == 404) {
            throw new IOException("node " + node + " does not exist");
        }
        if (!n.ok()) {
            throw new IOException("cannot read node " + node + ": " + n.message());
        }
        KubeRest.Answer list = rest.get(PodObject.onNode(node));
        if (!list.ok()) {
            throw new IOException("cannot list the pods on " + node + ": " + list.message());
        }
        List<DrainPod> pods = new ArrayList<>();
        TreeSet<String> namespaces = new TreeSet<>();
        for (PodObject p : list.as(new TypeReference<ObjectList<PodObject>>() { }).items()) {
            DrainPod pod = DrainPod.of(p);
            pods.add(pod);
            namespaces.add(pod.namespace());
        }
        List<PodDisruptionBudgetObject> budgets = new ArrayList<>();
        for (String ns : namespaces) {
            KubeRest.Answer b = rest.get(ApiResource.PDBS.path().in(ns));
            if (b.ok()) {
                budgets.addAll(b.as(new TypeReference<ObjectList<PodDisruptionBudgetObject>>() { }).items());
            }
            // A 403 or 404 here leaves the plan without that namespace's budgets; the eviction
            // itself still honours them (the API server checks), so nothing unsafe follows.
        }
        return DrainPlanner.plan(node, pods, budgets, broken(node, gangs, now), options, daemonSets(pods));
    }

    /**
     * Asks, as kubectl drain does, whether the DaemonSet of each running DaemonSet pod still exists:
     * a pod whose DaemonSet is gone is not recreated by anything. Asked once per DaemonSet.
     */
    private java.util.function.Function<DrainPod, DaemonSetCheck> daemonSets(List<DrainPod> pods) throws IOException {
        java.util.Map<String, DaemonSetCheck> checks = new java.util.HashMap<>();
        for (DrainPod p : pods) {
            String key = p.namespace() + "/" + p.controllerName();
            if (!"DaemonSet".equals(p.controllerKind()) || p.terminal() || checks.containsKey(key)) {
                continue;
            }
            KubeRest.Answer ds = rest.get(ApiResource.DAEMONSETS.path().in(p.namespace()).named(p.controllerName()));
            checks.put(key, ds.ok() ? DaemonSetCheck.EXISTS : ds.code() == 404 ? DaemonSetCheck.gone(ds.message())
                    : DaemonSetCheck.unreadable(ds.message()));
        }
        return p -> checks.getOrDefault(p.namespace() + "/" + p.controllerName(), DaemonSetCheck.EXISTS);
    }

    private List<BrokenGang> broken(String node, List<Gang> gangs, Instant now) {
        List<BrokenGang> out = new ArrayList<>();
        for (Gang g : gangs) {
            // A finished rank or a gang that is already over loses nothing to this drain.
            List<Integer> here = g.ranks().stream().filter(r -> node.equals(r.node()) && r.state() != RankState.SUCCEEDED)
                    .map(RankSlot::rank).toList();
            if (here.isEmpty() || g.verdict() == GangVerdict.FINISHED || g.verdict() == GangVerdict.FAILED) {
                continue;
            }
            CheckpointStatus ck = checkpoints.apply(g.annotations());
            Duration age = ck.age(now).orElse(null);
            out.add(new BrokenGang(g.key(), here, g.gpusTotal(), age, GpuHoursAtRisk.of(g.gpusTotal(), ck, now)));
        }
        out.sort(java.util.Comparator.comparingInt(BrokenGang::gpus).reversed());
        return out;
    }
}
