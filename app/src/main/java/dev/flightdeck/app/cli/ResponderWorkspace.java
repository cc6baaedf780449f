package dev.flightdeck.app.cli;

import dev.flightdeck.app.checkpoints.S3Settings;
import dev.flightdeck.app.drills.Scenario;
import dev.flightdeck.app.sandbox.SandboxCluster;
import dev.flightdeck.app.sandbox.SandboxS3Server;
import dev.flightdeck.app.settings.ClusterSettings;
import dev.flightdeck.app.settings.SettingsFile;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What a drill's responder works with, in the drill's own folder: a kubeconfig for the drill's
 * cluster (context {@code drill-ID}), a Flightdeck home of its own (settings naming the drill's object
 * store, and the journal the drill follows), the brief, and the environment that points at them. The
 * person's own kubeconfig, settings and journal are never touched.
 */
final class ResponderWorkspace {

    private final Path dir;
    private final Path kubeconfig;
    private final Path home;
    private final String context;
    private final Map<String, String> env = new LinkedHashMap<>();

    private ResponderWorkspace(Path dir, Path kubeconfig, Path home, String context) {
        this.dir = dir;
        this.kubeconfig = kubeconfig;
        this.home = home;
        this.context = context;
    }

    static ResponderWorkspace create(Path dir, Scenario s, dev.flightdeck.app.drills.world.DrillWorld world,
                                     String launcher) throws IOException {
        if (!(world instanceof dev.flightdeck.app.drills.world.SandboxWorld sandbox)) {
            throw new IOException("a responder can only be prepared for a drill on its own sandbox here");
        }
        SandboxCluster cluster = sandbox.cluster();
        Files.createDirectories(dir);
        String context = "drill-" + s.id();
        Path kubeconfig = dir.resolve("kubeconfig");
        Files.writeString(kubeconfig, """
                apiVersion: v1
                kind: Config
                clusters:
                - name: %1$s
                  cluster:
                    server: %2$s
                contexts:
                - name: %1$s
                  context:
                    cluster: %1$s
                    user: drill-responder
                current-context: %1$s
                users:
                - name: drill-responder
                  user: {}
                """.formatted(context, cluster.url()));
        Path home = dir.resolve("home");
        new SettingsFile(home.resolve("config").resolve("settings.json")).save(context, ClusterSettings.DEFAULTS.withS3(
                new S3Settings(cluster.objectStorageEndpoint(), "us-east-1", true)));
        Files.writeString(dir.resolve("brief.txt"), s.brief());
        ResponderWorkspace w = new ResponderWorkspace(dir, kubeconfig, home, context);
        w.env.put("KUBECONFIG", kubeconfig.toString());
        w.env.put("FLIGHTDECK_HOME", home.toString());
        w.env.put("FLIGHTDECK_DRILL", s.id());
        w.env.put("FLIGHTDECK_DRILL_BRIEF", s.brief().strip());
        w.env.put("FLIGHTDECK_DRILL_DIR", dir.toString());
        // The sandbox's object store takes its own dummy keys; the person's AWS credentials stay out of it.
        w.env.put("AWS_ACCESS_KEY_ID", SandboxS3Server.ACCESS_KEY);
        w.env.put("AWS_SECRET_ACCESS_KEY", SandboxS3Server.SECRET_KEY);
        w.env.put("AWS_REGION", "us-east-1");
        w.env.put("AWS_EC2_METADATA_DISABLED", "true");
        if (launcher != null) {
            w.env.put("FLIGHTDECK", launcher);
            Path bin = Path.of(launcher).toAbsolutePath().getParent();
            if (bin != null) {
                w.env.put("PATH", bin + java.io.File.pathSeparator + System.getenv().getOrDefault("PATH", ""));
            }
        }
        return w;
    }

    Path dir() {
        return dir;
    }

    Path kubeconfig() {
        return kubeconfig;
    }

    /** The journal the responder's Flightdeck commands write, which the drill follows. */
    Path journal() {
        return home.resolve("data").resolve("journal");
    }

    String context() {
        return context;
    }

    Map<String, String> env() {
        return Map.copyOf(env);
    }

    /** The shell lines a person would paste to respond by hand from another terminal. */
    String exports() {
        StringBuilder b = new StringBuilder();
        for (String k : new String[]{"KUBECONFIG", "FLIGHTDECK_HOME", "AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY",
                "AWS_REGION"}) {
            b.append("export ").append(k).append("='").append(env.get(k)).append("'\n");
        }
        return b.toString();
    }
}
