package dev.flightdeck.app.cli;

import dev.flightdeck.app.connect.ClusterConnection;
import dev.flightdeck.app.connect.ConnectionProblem;
import dev.flightdeck.app.diagnose.yaml.ObjectRef;
import dev.flightdeck.app.diagnose.yaml.ObjectYaml;
import dev.flightdeck.app.diagnose.yaml.ObjectYamlProblem;
import dev.flightdeck.app.diagnose.yaml.SecretRefusal;
import dev.flightdeck.app.diagnose.yaml.ShownObject;
import dev.flightdeck.app.launch.GetRequest;
import dev.flightdeck.app.launch.LaunchOptions;
import dev.flightdeck.app.launch.ResolvedTarget;
import dev.flightdeck.app.launch.TargetResolver;
import dev.flightdeck.app.session.SessionOptions;
import dev.flightdeck.app.settings.SettingsFile;

import java.io.PrintStream;
import java.util.Map;

/**
 * {@code flightdeck get KIND/NAME [-n NS] [-o yaml|json]}: one object, read-only, as {@link ObjectYaml} shows it.
 * It opens only a connection — no watches to sync, one discovery and one GET — so it answers in about the time
 * kubectl does. A Secret is refused before the kubeconfig is even read. Exit 0 shown; 2 bad arguments or a KIND
 * the cluster does not serve; 3 the cluster or the object cannot be read (not found included); 4 refused (a
 * Secret; RBAC).
 */
public final class GetCommand {

    private GetCommand() {
    }

    public static int run(LaunchOptions options, Map<String, String> env, PrintStream out, PrintStream err) {
        GetRequest req = options.get();
        if (SecretRefusal.namesSecrets(req.kind())) {
            return fail(err, req, SecretRefusal.refusal(req.object()));
        }
        ResolvedTarget resolved;
        try {
            resolved = TargetResolver.resolve(options, env);
        } catch (ConnectionProblem p) {
            err.println("flightdeck: " + p.getMessage());
            return CheckCommand.UNREADABLE;
        }
        if (resolved.whySandbox() != null) {
            err.println("flightdeck: using the embedded sandbox cluster: " + resolved.whySandbox());
        }
        SettingsFile.Loaded settings = SettingsFile.standard().load();
        if (settings.problem() != null) {
            err.println("flightdeck: " + settings.problem());
        }
        try (ClusterConnection connection = ClusterConnection.open(resolved.target(),
                SessionOptions.forTarget(resolved.target(), settings))) {
            ObjectYaml yaml = ObjectYaml.of(connection, resolved.target());
            ShownObject shown = yaml.fetch(new ObjectRef.Typed(req.kind(), req.namespace(), req.name()));
            if (req.format() == GetRequest.Format.JSON) {
                shown.notes().forEach(n -> err.println("flightdeck: " + n)); // stdout stays JSON
                out.print(shown.json());
            } else {
                out.print(shown.yaml());
            }
            out.flush();
            return CheckCommand.OK;
        } catch (ConnectionProblem p) {
            err.println("flightdeck: " + p.getMessage());
            return CheckCommand.UNREADABLE;
        } catch (ObjectYamlProblem p) {
            return fail(err, req, p);
        }
    }

    private static int fail(PrintStream err, GetRequest req, ObjectYamlProblem p) {
        err.println("flightdeck: get " + req.object() + ": " + p.getMessage());
        return switch (p.reason()) {
            case SECRET_REFUSED, FORBIDDEN -> ActCommand.REFUSED;
            case UNKNOWN_KIND, NOT_GETTABLE -> CheckCommand.USAGE;
            case NOT_FOUND, UNREADABLE -> CheckCommand.UNREADABLE;
        };
    }
}
