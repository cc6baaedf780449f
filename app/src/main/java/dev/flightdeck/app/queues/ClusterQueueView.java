package dev.flightdeck.app.queues;

import java.util.List;

/**
 * One ClusterQueue as {@code check} and the views show it: its usage against its quota per flavor and
 * resource, GPUs first.
 */
public record ClusterQueueView(String name, String cohort, String stopPolicy, String inactive, int pending, int reserving,
                               int admitted, List<Row> rows) {

    public ClusterQueueView {
        rows = List.copyOf(rows);
    }

    /**
     * One flavor's quota of one resource and what is reserved (admitted or holding quota) and in use of it
     * ({@code status.flavorsReservation} / {@code flavorsUsage}); "0" where Kueue reports none. A limit is
     * null when none is set.
     */
    public record Row(String flavor, String resource, String nominal, String reserved, String used, String borrowed,
                      String borrowingLimit, String lendingLimit) {
    }

    static ClusterQueueView of(KueueObject.ClusterQueue cq) {
        List<Row> rows = new java.util.ArrayList<>();
        for (KueueObject.Quota q : cq.quotas()) {
            KueueObject.Usage r = find(cq.reserved(), q.flavor(), q.resource());
            KueueObject.Usage u = find(cq.used(), q.flavor(), q.resource());
            rows.add(new Row(q.flavor(), q.resource(), q.nominal() == null ? "0" : q.nominal(), total(r), total(u),
                    r == null || r.borrowed() == null ? "0" : r.borrowed(), q.borrowingLimit(), q.lendingLimit()));
        }
        // GPUs first, each resource's flavors in the order the ClusterQueue tries them
        rows.sort(java.util.Comparator.comparing((Row row) -> !Quantities.GPU.equals(row.resource())));
        return new ClusterQueueView(cq.name(), cq.cohort(), cq.stopPolicy(), cq.inactive(), cq.pending(), cq.reserving(),
                cq.admitted(), rows);
    }

    private static KueueObject.Usage find(List<KueueObject.Usage> all, String flavor, String resource) {
        return all.stream().filter(u -> u.flavor().equals(flavor) && u.resource().equals(resource)).findFirst()
                .orElse(null);
    }

    private static String total(KueueObject.Usage u) {
        return u == null || u.total() == null ? "0" : u.total();
    }
}
