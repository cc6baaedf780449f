package dev.flightdeck.views.shell;

import dev.flightdeck.app.connect.ConnectionTarget;
import dev.flightdeck.app.connect.KubeContext;
import dev.flightdeck.app.connect.Kubeconfig;

import java.util.ArrayList;
import java.util.List;

/** One entry of the context switcher: what it says and what it connects to. */
public record ContextChoice(String label, ConnectionTarget target) {

    /** Every context of the kubeconfig (when there is one), then the sandbox. */
    public static List<ContextChoice> all(Kubeconfig kubeconfig, int sandboxNodes) {
        List<ContextChoice> out = new ArrayList<>();
        if (kubeconfig != null) {
            for (KubeContext c : kubeconfig.contexts()) {
                String label = c.name().equals(kubeconfig.currentContext()) ? c.name() + "  (current)" : c.name();
                out.add(new ContextChoice(label, new ConnectionTarget.Context(kubeconfig, c.name())));
            }
        }
        out.add(sandbox(sandboxNodes));
        return out;
    }

    public static ContextChoice sandbox(int nodes) {
        return new ContextChoice("Sandbox (" + nodes + " simulated GPU nodes)", new ConnectionTarget.Sandbox(nodes));
    }

    /** The choice matching {@code target}, by context name or sandbox; null when none does. */
    public static ContextChoice find(List<ContextChoice> choices, ConnectionTarget target) {
        for (ContextChoice c : choices) {
            if (same(c.target(), target)) {
                return c;
            }
        }
        return null;
    }

    private static boolean same(ConnectionTarget a, ConnectionTarget b) {
        if (a instanceof ConnectionTarget.Context x && b instanceof ConnectionTarget.Context y) {
            return x.name().equals(y.name());
        }
        // Any sandbox size is "the sandbox" entry; other targets match only themselves.
        return a instanceof ConnectionTarget.Sandbox && b instanceof ConnectionTarget.Sandbox || a.equals(b);
    }

    /** The context's kubeconfig entry turns TLS verification off (read before connecting, as the client will be built). */
    public boolean tlsVerificationOff() {
        return target.tlsVerificationOff();
    }

    @Override
    public String toString() {
        return label;
    }
}
