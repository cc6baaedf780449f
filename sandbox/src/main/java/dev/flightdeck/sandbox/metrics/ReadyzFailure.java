package dev.flightdeck.sandbox.metrics;

/**
 * Simulated, not measured: one readiness check fails (by default {@code etcd}), so
 * {@code /readyz} answers 500. The readiness probes that used to succeed now count
 * as {@code code="500"} requests on {@code /readyz}, as the capture's start-up
 * failures do.
 */
final class ReadyzFailure extends SwitchedEffect {

    static final String DEFAULT_CHECK = "etcd";
    private static final String PROBE = "component=\"\",dry_run=\"\",group=\"\",resource=\"\",scope=\"\","
            + "subresource=\"/readyz\",system_client=\"%s\",verb=\"GET\",version=\"\"";
    private static final String[] PROBING_CLIENTS = {"", "kube-apiserver"};

    private final MetricsTable table;
    private volatile String check = DEFAULT_CHECK;

    ReadyzFailure(MetricsTable table) {
        this.table = table;
    }

    /** Which check fails the next time the episode starts. */
    void aim(String checkName) {
        if (checkName == null || checkName.isBlank() || checkName.contains("\n")) {
            throw new IllegalArgumentException("not a check name: " + checkName);
        }
        this.check = checkName;
    }

    /** The failing check's name, or null while every check passes. */
    String failingCheck() {
        return active() ? check : null;
    }

    @Override
    public void addRates() {
        for (String client : PROBING_CLIENTS) {
            String labels = PROBE.formatted(client);
            Series ok = table.find(BaselineRates.REQUESTS, "code=\"200\"," + labels);
            Series failed = table.find(BaselineRates.REQUESTS, "code=\"500\"," + labels);
            if (ok != null && failed != null) {
                failed.rate += ok.rate;
                ok.rate = 0;
            }
        }
    }
}
