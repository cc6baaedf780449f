package dev.flightdeck.drills.cli;

import dev.flightdeck.app.checkpoints.S3Settings;
import dev.flightdeck.app.connect.ConnectionTarget;
import dev.flightdeck.app.connect.LocalCluster;
import dev.flightdeck.drills.DrillWorld;
import dev.flightdeck.drills.Scenario;
import dev.flightdeck.app.settings.ClusterSettings;
import dev.flightdeck.app.settings.SettingsFile;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a drill's responder works with, in the drill's own folder: a kubeconfig whose current context is
 * the drill's cluster, a Flightdeck home of its own (settings for that context, and the journal the
 * drill follows), the brief, and the environment that points at them. The person's own settings and
 * journal are never touched. On a staging cluster the kubeconfig written holds nothing but the current
 * context: the person's kubeconfig files follow it in {@code KUBECONFIG}, so no credential is copied.
 */
final class ResponderWorkspace {

    private final Path dir;
    private final Map<String, String> env = new LinkedHashMap<>();

    private ResponderWorkspace(Path dir) {
        this.dir = dir;
    }

    /**
     * @param personsKubeconfigs the kubeconfig files the context came from (a staging drill), else empty
     * @param settings           the context's settings (a staging drill), else null
     * @param pace               the drill's pace: the responder judges stalled gangs on the drill's schedule
     */
    static ResponderWorkspace create(Path dir, Scenario s, DrillWorld world, String context, List<Path> personsKubeconfigs,
                                     ClusterSettings settings, String launcher, double pace) throws IOException {
        Files.createDirectories(dir);
        ResponderWorkspace w = new ResponderWorkspace(dir);
        Path kubeconfig = dir.resolve("kubeconfig");
        Path home = dir.resolve("home");
        SettingsFile responderSettings = new SettingsFile(home.resolve("config").resolve("settings.json"));
        if (world.target() instanceof ConnectionTarget.RunningSandbox local) {
            LocalCluster cluster = local.cluster();
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
            responderSettings.save(context, ClusterSettings.DEFAULTS.withS3(
                    new S3Settings(cluster.objectStorage().endpoint(), "us-east-1", true))
                    .withGpuStall(dev.flightdeck.drills.DrillClock.stallThresholds(pace)));
            w.env.put("KUBECONFIG", kubeconfig.toString());
            // The sandbox's object store takes its own dummy keys; the person's AWS credentials stay out of it.
            w.env.put("AWS_ACCESS_KEY_ID", cluster.objectStorage().accessKey());
            w.env.put("AWS_SECRET_ACCESS_KEY", cluster.objectStorage().secretKey());
            w.env.put("AWS_REGION", "us-east-1");
            w.env.put("AWS_EC2_METADATA_DISABLED", "true");
        } else {
            Files.writeString(kubeconfig, "apiVersion: v1\nkind: Config\ncurrent-context: " + context + "\n");
            responderSettings.save(context, settings.withGpuStall(dev.flightdeck.drills.DrillClock.stallThresholds(pace)));
            StringBuilder chain = new StringBuilder(kubeconfig.toString());
            personsKubeconfigs.forEach(p -> chain.append(File.pathSeparator).append(p.toAbsolutePath()));
            w.env.put("KUBECONFIG", chain.toString());
        }
        Files.writeString(dir.resolve("brief.txt"), s.brief());
        w.env.put("FLIGHTDECK_HOME", home.toString());
        w.env.put("FLIGHTDECK_DRILL", s.id());
        w.env.put("FLIGHTDECK_DRILL_BRIEF", s.brief().strip());
        w.env.put("FLIGHTDECK_DRILL_DIR", dir.toString());
        if (world.scope() != null) {
            // A staging cluster holds more than the drill: runbooks must not act on anybody else's gangs or nodes.
            w.env.put("FLIGHTDECK_DRILL_NAMESPACE", world.scope().namespace());
            w.env.put("FLIGHTDECK_DRILL_NODE_PREFIX", world.scope().nodePrefix());
        }
        if (launcher != null) {
            w.env.put("FLIGHTDECK", launcher);
            Path bin = Path.of(launcher).toAbsolutePath().getParent();
            if (bin != null) {
                w.env.put("PATH", bin + File.pathSeparator + System.getenv().getOrDefault("PATH", ""));
            }
        }
        return w;
    }

    Path dir() {
        return dir;
    }

    Map<String, String> env() {
        return Map.copyOf(env);
    }

    /** The shell lines a person would paste to respond by hand from another terminal. */
    String exports() {
        StringBuilder b = new StringBuilder();
        for (String k : new String[]{"KUBECONFIG", "FLIGHTDECK_HOME", "AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY",
                "AWS_REGION"}) {
            if (env.containsKey(k)) {
                b.append("export ").append(k).append("='").append(env.get(k)).append("'\n");
            }
        }
        return b.toString();
    }
}
