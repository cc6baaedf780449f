package dev.flightdeck.app.queues.teams;

import dev.flightdeck.app.nodes.GpuNode;
import dev.flightdeck.app.gangs.Gang;
import dev.flightdeck.app.gangs.GangVerdict;
import dev.flightdeck.app.gangs.QueuedGang;
import dev.flightdeck.app.queues.QueuesSnapshot;
import dev.flightdeck.app.gangs.RankSlot;
import dev.flightdeck.app.gangs.RankState;
import dev.flightdeck.app.settings.TeamKey;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * GPU capacity and work per team, from one picture of the live model: the GPU nodes (grouped by the value of the
 * cluster's team key) and the gangs (attributed by the nodes their ranks sit on). A pure function of its inputs, so
 * {@code check}, the screens and the tests get the same figures from the same snapshot.
 *
 * <p>A gang counts for every team whose nodes hold one of its ranks: a gang spread over two teams' nodes holds
 * capacity of both. A job a queue holds before it has pods counts as queued for the team its ClusterQueue's flavors
 * stand for (every flavor selecting, or tainted with, the same value of the team key), as Kueue clusters give each
 * team its flavors. Any other gang with no rank on a GPU node (every rank Pending unbound, or queued where the
 * flavors name no one team) cannot be placed in a team; it is counted once in {@link #gangsOnNoNode()} instead.
 *
 * @param rows           one per team, by name, {@link NodeTeams#NO_TEAM} last
 * @param gangsOnNoNode  unfinished gangs none of whose ranks is bound to a GPU node
 */
public record TeamTable(TeamKey key, List<TeamRow> rows, int gangsOnNoNode) {

    /** By team name; the nodes no team owns come last, after every team. */
    private static final Comparator<String> TEAM_ORDER = Comparator.<String, Boolean>comparing(NodeTeams.NO_TEAM::equals)
            .thenComparing(Comparator.naturalOrder());

    public TeamTable {
        rows = List.copyOf(rows);
    }

    /** One team's running sums; turned into a {@link TeamRow} at the end. */
    private static final class Sums {
        int nodes;
        int total;
        int usable;
        int allocated;
        int free;
        int running;
        int waiting;
        int queued;
    }

    /** Without queues: a queued job counts as on no node. */
    public static TeamTable of(TeamKey key, List<GpuNode> nodes, List<Gang> gangs) {
        return of(key, nodes, gangs, QueuesSnapshot.EMPTY);
    }

    public static TeamTable of(TeamKey key, List<GpuNode> nodes, List<Gang> gangs, QueuesSnapshot queues) {
        Map<String, Sums> byTeam = new TreeMap<>(TEAM_ORDER);
        Map<String, String> teamOfNode = new HashMap<>(nodes.size() * 2);
        for (GpuNode n : nodes) {
            String team = NodeTeams.shownTeamOf(n.facts(), key.key());
            teamOfNode.put(n.name(), team);
            Sums s = byTeam.computeIfAbsent(team, t -> new Sums());
            s.nodes++;
            s.total += n.gpuTotal();
            int usable = n.gpuUsable();
            s.usable += usable;
            s.allocated += n.gpusInUse();
            // Per node: an over-committed node (more requested than allocatable after a GPU was withdrawn) must not
            // hide another node's free GPUs.
            s.free += Math.max(0, usable - (usable > 0 ? n.gpusInUse() : 0));
        }
        int onNoNode = 0;
        Set<String> teams = new HashSet<>();
        for (Gang g : gangs) {
            if (g.verdict() == GangVerdict.FINISHED || g.verdict() == GangVerdict.FAILED) {
                continue;
            }
            if (g.verdict() == GangVerdict.QUEUED) {
                QueuedGang q = queues.gangs().get(g.key());
                String team = q == null ? null : q.nodeValues().get(key.key());
                if (team == null || team.isEmpty()) {
                    onNoNode++;
                } else {
                    byTeam.computeIfAbsent(team, t -> new Sums()).queued++; // a team may have no node yet, only quota
                }
                continue;
            }
            teams.clear();
            boolean pending = false;
            for (RankSlot r : g.ranks()) {
                pending |= r.state() == RankState.PENDING;
                String team = r.node() == null ? null : teamOfNode.get(r.node());
                if (team != null) {
                    teams.add(team);
                }
            }
            if (teams.isEmpty()) {
                onNoNode++;
                continue;
            }
            boolean running = !pending && (g.verdict() == GangVerdict.RUNNING || g.verdict() == GangVerdict.STALLED
                    || g.verdict() == GangVerdict.DEGRADED);
            for (String team : teams) {
                Sums s = byTeam.get(team);
                s.running += running ? 1 : 0;
                s.waiting += pending ? 1 : 0;
            }
        }
        List<TeamRow> rows = new ArrayList<>(byTeam.size());
        byTeam.forEach((team, s) -> rows.add(new TeamRow(team, s.nodes, s.total, s.usable, s.allocated, s.free,
                s.running, s.waiting, s.queued)));
        return new TeamTable(key, rows, onNoNode);
    }

    /** The team's row, or null when no GPU node names it. */
    public TeamRow row(String team) {
        for (TeamRow r : rows) {
            if (r.team().equals(team)) {
                return r;
            }
        }
        return null;
    }

    /** The teams by name, {@link NodeTeams#NO_TEAM} last when some node names none (a filter's choices). */
    public List<String> teams() {
        return rows.stream().map(TeamRow::team).toList();
    }
}
