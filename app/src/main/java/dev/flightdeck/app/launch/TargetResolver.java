package dev.flightdeck.app.launch;

import dev.flightdeck.app.connect.ConnectionProblem;
import dev.flightdeck.app.connect.ConnectionTarget;
import dev.flightdeck.app.connect.HomeDirectory;
import dev.flightdeck.app.connect.KubeContext;
import dev.flightdeck.app.connect.Kubeconfig;
import dev.flightdeck.app.connect.KubeconfigLoader;
import dev.flightdeck.app.connect.ProblemKind;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/** Decides what to connect to: the kubeconfig context asked for, its current context, or the sandbox. */
public final class TargetResolver {

    private TargetResolver() {
    }

    /** With kubectl's home directory: {@code $HOME} (client-go's rule), not Java's user.home. */
    public static ResolvedTarget resolve(LaunchOptions o, Map<String, String> env) throws ConnectionProblem {
        return resolve(o, env, HomeDirectory.of(env));
    }

    public static ResolvedTarget resolve(LaunchOptions o, Map<String, String> env, Path home) throws ConnectionProblem {
        if (o.sandbox()) {
            return new ResolvedTarget(new ConnectionTarget.Sandbox(o.sandboxNodes()), null, "asked for with --sandbox");
        }
        List<Path> files = KubeconfigLoader.locate(o.kubeconfig(), env, home);
        if (files.isEmpty()) {
            if (o.context() != null) {
                throw new ConnectionProblem(ProblemKind.KUBECONFIG_MISSING, "--context " + o.context()
                        + " given, but there is no kubeconfig (no --kubeconfig, KUBECONFIG unset, "
                        + home.resolve(".kube/config") + " missing)");
            }
            return new ResolvedTarget(new ConnectionTarget.Sandbox(o.sandboxNodes()), null,
                    "no kubeconfig found (KUBECONFIG unset, " + home.resolve(".kube/config") + " missing)");
        }
        Kubeconfig kubeconfig = KubeconfigLoader.load(files);
        if (kubeconfig.contexts().isEmpty()) {
            boolean fromEnv = o.kubeconfig() == null && env.get("KUBECONFIG") != null && !env.get("KUBECONFIG").isBlank();
            String which = o.kubeconfig() != null ? "kubeconfig " + o.kubeconfig() + " (from --kubeconfig) defines"
                    : fromEnv ? "the files in KUBECONFIG " + files + " define" : "kubeconfig " + files.getFirst() + " defines";
            if (o.kubeconfig() == null && !fromEnv && o.context() == null) {
                // An empty ~/.kube/config (kubectl's installer leaves one) is no kubeconfig at all.
                return new ResolvedTarget(new ConnectionTarget.Sandbox(o.sandboxNodes()), null, which + " no contexts");
            }
            throw new ConnectionProblem(ProblemKind.KUBECONFIG_MALFORMED, which + " no contexts (empty)"
                    + (o.context() != null ? ", so there is no context '" + o.context() + "'" : ""));
        }
        KubeContext ctx = kubeconfig.choose(o.context());
        return new ResolvedTarget(new ConnectionTarget.Context(kubeconfig, ctx.name()), kubeconfig, null);
    }
}
