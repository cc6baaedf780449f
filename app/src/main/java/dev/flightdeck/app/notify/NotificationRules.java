package dev.flightdeck.app.notify;

import dev.flightdeck.app.notify.Notification.Kind;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What is worth telling, from one cluster's observations one after another.
 * <ul>
 * <li><b>Changes, not states.</b> The first whole observation of a cluster is where it stands: what is halted then is
 *     on the screens already, and opening the console is not news. After it, a gang that halts, a node carrying ranks
 *     that becomes untrusted, a job whose wait crosses the threshold is told once, and not again while it stays so.</li>
 * <li><b>No flapping.</b> Something that clears and comes back within {@link Limits#rearm} is not told again.</li>
 * <li><b>Unreachable is a while, not a blip.</b> A cluster is told unreachable once it has been so for
 *     {@link Limits#unreachableGrace} (a watch reconnecting for a second is not news); what it held is kept meanwhile,
 *     so coming back does not tell its halted gangs again.</li>
 * <li><b>At most {@link Limits#perMinute} a minute per cluster.</b> The rest wait, and are told as one per kind when
 *     the minute allows ("3 more gangs halted"): a rack losing power is one story, not forty pop-ups.</li>
 * </ul>
 * Not thread-safe: one caller (the watch's thread) at a time. The clock is the caller's, so tests move it by hand.
 */
public final class NotificationRules {

    public record Limits(int perMinute, Duration unreachableGrace, Duration rearm) {
        public static final Limits DEFAULTS = new Limits(3, Duration.ofSeconds(30), Duration.ofMinutes(10));
    }

    private static final Duration MINUTE = Duration.ofMinutes(1);

    private final Clock clock;
    private final Limits limits;
    private final Map<String, ClusterState> clusters = new HashMap<>();

    public NotificationRules(Clock clock, Limits limits) {
        this.clock = clock;
        this.limits = limits;
    }

    public NotificationRules(Clock clock) {
        this(clock, Limits.DEFAULTS);
    }

    private static final class ClusterState {
        boolean baselined;
        Instant unreachableSince;
        boolean unreachableTold;
        final Set<String> active = new HashSet<>();
        final Map<String, Instant> cleared = new HashMap<>();
        final Deque<Instant> sent = new ArrayDeque<>();
        final Map<Kind, List<Notification>> held = new EnumMap<>(Kind.class);
    }

    /** What {@code o} says that is worth telling now, within the cluster's rate. */
    public List<Notification> observe(ClusterObservation o, Duration queueWait) {
        Instant now = clock.instant();
        ClusterState s = clusters.computeIfAbsent(o.cluster(), k -> new ClusterState());
        List<Notification> news = new ArrayList<>();
        if (!o.reachable()) {
            if (s.unreachableSince == null) {
                s.unreachableSince = now;
            }
            Duration down = Duration.between(s.unreachableSince, now);
            if (!s.unreachableTold && down.compareTo(limits.unreachableGrace()) >= 0) {
                s.unreachableTold = true;
                news.add(new Notification(o.cluster(), Kind.CLUSTER_UNREACHABLE, null, o.cluster() + " is unreachable",
                        o.unreachableWhy() + " (for " + words(down) + ")", now, 1));
            }
        } else {
            s.unreachableSince = null;
            s.unreachableTold = false;
        }
        if (o.reachable() && o.synced()) {
            Map<String, Notification> present = present(o, queueWait, now);
            if (!s.baselined) {
                s.baselined = true;
                s.active.addAll(present.keySet());
            } else {
                s.cleared.values().removeIf(t -> Duration.between(t, now).compareTo(limits.rearm()) >= 0);
                for (var e : present.entrySet()) {
                    if (s.active.add(e.getKey()) && s.cleared.remove(e.getKey()) == null) {
                        news.add(e.getValue());
                    }
                }
                for (var it = s.active.iterator(); it.hasNext(); ) {
                    String key = it.next();
                    if (!present.containsKey(key)) {
                        it.remove();
                        s.cleared.put(key, now);
                    }
                }
            }
        }
        return release(o.cluster(), s, news, now);
    }

    /** What waited for the rate and may be told now, folded per kind, for every cluster. */
    public List<Notification> tick() {
        Instant now = clock.instant();
        List<Notification> out = new ArrayList<>();
        clusters.forEach((name, s) -> out.addAll(release(name, s, List.of(), now)));
        return out;
    }

    /** Whether the cluster's first whole observation was made: from now on, what changes there is told. */
    public boolean baselined(String cluster) {
        ClusterState s = clusters.get(cluster);
        return s != null && s.baselined;
    }

    /** Forgets a cluster (closed, or its notifications turned off): turned on again, it starts from where it stands. */
    public void forget(String cluster) {
        clusters.remove(cluster);
    }

    private static Map<String, Notification> present(ClusterObservation o, Duration queueWait, Instant now) {
        Map<String, Notification> p = new LinkedHashMap<>();
        o.halted().forEach((gang, why) -> p.put(Kind.GANG_HALTED + " " + gang, new Notification(o.cluster(),
                Kind.GANG_HALTED, gang, "Gang halted on " + o.cluster(), gang + ": " + why, now, 1)));
        o.untrusted().forEach((node, why) -> p.put(Kind.NODE_UNTRUSTED + " " + node, new Notification(o.cluster(),
                Kind.NODE_UNTRUSTED, node, "Node carrying ranks untrusted on " + o.cluster(), node + " " + why, now, 1)));
        o.queued().forEach((gang, since) -> {
            Duration waited = since == null ? Duration.ZERO : Duration.between(since, now);
            if (waited.compareTo(queueWait) >= 0) {
                p.put(Kind.QUEUED_TOO_LONG + " " + gang, new Notification(o.cluster(), Kind.QUEUED_TOO_LONG, gang,
                        "Job waiting on " + o.cluster(), gang + " has waited " + words(waited) + " in its queue (told after "
                        + words(queueWait) + ")", now, 1));
            }
        });
        return p;
    }

    private List<Notification> release(String cluster, ClusterState s, List<Notification> news, Instant now) {
        while (!s.sent.isEmpty() && Duration.between(s.sent.peekFirst(), now).compareTo(MINUTE) >= 0) {
            s.sent.removeFirst();
        }
        List<Notification> out = new ArrayList<>();
        // Whatever already waits goes first, and anything new joins it: told together, not overtaking it.
        boolean waiting = s.held.values().stream().anyMatch(l -> !l.isEmpty());
        for (Notification n : news) {
            if (!waiting && s.sent.size() < limits.perMinute()) {
                s.sent.addLast(now);
                out.add(n);
            } else {
                waiting = true;
                s.held.computeIfAbsent(n.kind(), k -> new ArrayList<>()).add(n);
            }
        }
        for (var e : s.held.entrySet()) {
            if (e.getValue().isEmpty() || s.sent.size() >= limits.perMinute()) {
                continue;
            }
            s.sent.addLast(now);
            out.add(e.getValue().size() == 1 ? e.getValue().getFirst() : fold(cluster, e.getKey(), e.getValue(), now));
            e.getValue().clear();
        }
        return out;
    }

    private static Notification fold(String cluster, Kind kind, List<Notification> held, Instant now) {
        List<String> names = held.stream().map(Notification::subject).toList();
        String shown = String.join(", ", names.subList(0, Math.min(3, names.size())))
                + (names.size() > 3 ? " and " + (names.size() - 3) + " more" : "");
        return new Notification(cluster, kind, null, held.size() + " more " + kind.words(held.size()) + " on " + cluster,
                shown, now, held.size());
    }

    /** "42 s", "12 min", "3 h 5 min": a wait as a person says it. */
    static String words(Duration d) {
        long s = d.toSeconds();
        if (s < 60) {
            return s + " s";
        }
        if (s < 3600) {
            return (s / 60) + " min";
        }
        long m = (s % 3600) / 60;
        return (s / 3600) + " h" + (m == 0 ? "" : " " + m + " min");
    }
}
