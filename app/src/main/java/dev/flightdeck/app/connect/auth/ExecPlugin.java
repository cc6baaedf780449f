package dev.flightdeck.app.connect.auth;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * A kubeconfig {@code users[].user.exec} credential plugin, run the way client-go runs it: the
 * command itself (no shell) with the kubeconfig's env on top of ours, {@code KUBERNETES_EXEC_INFO}
 * describing the request, stdin closed (Flightdeck has no terminal to lend), stdout read as an
 * ExecCredential and stderr kept only for the failure message. Unlike fabric8's runner it has a
 * deadline, so a plugin waiting for a login that never comes is stopped and named instead of
 * freezing the connection.
 */
public final class ExecPlugin {

    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(30);
    static final int OUTPUT_CAP = 1 << 20;
    static final List<String> SUPPORTED = List.of(
            "client.authentication.k8s.io/v1", "client.authentication.k8s.io/v1beta1");
    /** Where installers put plugins but a desktop session's PATH often does not reach (macOS apps). */
    private static final List<String> EXTRA_DIRS = List.of("/opt/homebrew/bin", "/usr/local/bin");
    private static final ObjectMapper JSON = new ObjectMapper();

    /** The exec stanza of a kubeconfig user, as written. */
    public record Spec(String command, List<String> args, Map<String, String> env, String apiVersion,
                       String interactiveMode, String installHint) {
        public Spec {
            args = args == null ? List.of() : List.copyOf(args);
            env = env == null ? Map.of() : Map.copyOf(env);
        }
    }

    private final String user;
    private final Spec spec;
    private final ObjectNode cluster;
    private final Duration timeout;

    /**
     * @param cluster the {@code spec.cluster} to pass when the kubeconfig sets provideClusterInfo, else null
     */
    public ExecPlugin(String user, Spec spec, ObjectNode cluster, Duration timeout) {
        this.user = user;
        this.spec = spec;
        this.cluster = cluster;
        this.timeout = timeout;
    }

    public String describe() {
        return "the credential plugin '" + Path.of(spec.command()).getFileName() + "' of user '" + user + "'";
    }

    /** Runs the plugin once and reads what it issued. */
    public IssuedCredential run() {
        refuseWhatCannotWork();
        Process process = start(resolve());
        try {
            process.getOutputStream().close(); // no terminal: a plugin that prompts reads end-of-file
        } catch (IOException ignored) {
            // it may have exited already
        }
        CompletableFuture<byte[]> stdout = drain(process.getInputStream());
        CompletableFuture<byte[]> stderr = drain(process.getErrorStream());
        try {
            if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                stop(process);
                throw failed("gave no answer within " + timeout.toSeconds() + " s and was stopped"
                        + " — does it wait for a login in a browser or a terminal? Log in once from a shell, then reconnect");
            }
            byte[] out = stdout.get(5, TimeUnit.SECONDS);
            if (process.exitValue() != 0) {
                String why = lastLine(endOf(stderr));
                throw failed("failed (exit " + process.exitValue() + ")" + (why.isEmpty() ? "" : ": " + why));
            }
            return ExecCredentialReader.read(out, spec.apiVersion(), describe());
        } catch (InterruptedException e) {
            stop(process);
            Thread.currentThread().interrupt();
            throw failed("was interrupted");
        } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
            stop(process);
            throw failed("left its output open after exiting");
        }
    }

    private void refuseWhatCannotWork() {
        if (!SUPPORTED.contains(spec.apiVersion())) {
            throw failed("asks for apiVersion '" + spec.apiVersion() + "'; kubectl and Flightdeck speak "
                    + String.join(" and ", SUPPORTED));
        }
        if ("Always".equals(spec.interactiveMode())) {
            throw failed("needs a terminal (interactiveMode: Always), which Flightdeck cannot lend;"
                    + " log in from a shell first (e.g. kubectl get nodes), then reconnect");
        }
    }

    /** The executable: a path as written, or the first match on PATH and then where installers put plugins. */
    private Path resolve() {
        String command = spec.command();
        if (command.contains("/") || command.contains("\\")) {
            Path p = Path.of(command);
            if (Files.isExecutable(p)) {
                return p;
            }
            throw notInstalled(Files.exists(p) ? " is not executable" : " does not exist");
        }
        List<String> dirs = new ArrayList<>();
        String path = System.getenv("PATH");
        if (path != null) {
            dirs.addAll(List.of(path.split(java.io.File.pathSeparator)));
        }
        dirs.addAll(EXTRA_DIRS);
        for (String dir : dirs) {
            for (String name : candidates(command)) {
                Path p = Path.of(dir.isBlank() ? "." : dir, name);
                if (Files.isRegularFile(p) && Files.isExecutable(p)) {
                    return p;
                }
            }
        }
        throw notInstalled(" is not on PATH");
    }

    private static List<String> candidates(String command) {
        boolean windows = System.getProperty("os.name", "").startsWith("Windows");
        return windows && !command.contains(".") ? List.of(command + ".exe", command + ".cmd", command) : List.of(command);
    }

    private CredentialsUnavailable notInstalled(String why) {
        String hint = spec.installHint() == null ? "" : spec.installHint().strip().lines().findFirst().orElse("");
        return failed("cannot run: '" + spec.command() + "'" + why + (hint.isEmpty() ? "" : " (" + hint + ")"));
    }

    private Process start(Path executable) {
        List<String> argv = new ArrayList<>();
        argv.add(executable.toString());
        argv.addAll(spec.args());
        ProcessBuilder pb = new ProcessBuilder(argv);
        pb.environment().putAll(spec.env());
        pb.environment().put("KUBERNETES_EXEC_INFO", execInfo());
        try {
            return pb.start();
        } catch (IOException e) {
            throw failed("cannot be started: " + e.getMessage());
        }
    }

    /** What client-go tells a plugin about the request (interactive: false, the cluster when asked). */
    private String execInfo() {
        ObjectNode info = JSON.createObjectNode();
        info.put("kind", "ExecCredential");
        info.put("apiVersion", spec.apiVersion());
        ObjectNode s = info.putObject("spec");
        if (cluster != null) {
            s.set("cluster", cluster);
        }
        s.put("interactive", false);
        return info.toString();
    }

    /** Reads a stream to its end on a virtual thread, keeping at most {@link #OUTPUT_CAP} bytes. */
    /** All of stderr once it closes (it does when the plugin exits), or what is there after 2 s: a child may hold it. */
    private static byte[] endOf(CompletableFuture<byte[]> stderr) throws InterruptedException {
        try {
            return stderr.get(2, TimeUnit.SECONDS);
        } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
            return stderr.getNow(new byte[0]);
        }
    }

    private static CompletableFuture<byte[]> drain(InputStream in) {
        CompletableFuture<byte[]> result = new CompletableFuture<>();
        Thread.ofVirtual().name("exec-plugin-output").start(() -> {
            ByteArrayOutputStream kept = new ByteArrayOutputStream();
            byte[] buf = new byte[8192];
            try (in) {
                for (int n; (n = in.read(buf)) >= 0; ) {
                    kept.write(buf, 0, Math.max(0, Math.min(n, OUTPUT_CAP - kept.size())));
                }
            } catch (IOException ignored) {
                // the process was stopped; what was read is all there is
            }
            result.complete(kept.toByteArray());
        });
        return result;
    }

    /** Stops the plugin and whatever it started (a child still holding its stdout would keep us waiting). */
    private static void stop(Process process) {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
    }

    /** The last non-blank line of stderr, printable characters only, at most 200 of them. */
    static String lastLine(byte[] stderr) {
        String text = new String(stderr, java.nio.charset.StandardCharsets.UTF_8);
        Optional<String> last = text.lines().map(String::strip).filter(l -> !l.isEmpty()).reduce((a, b) -> b);
        String line = last.orElse("").replaceAll("\\p{Cntrl}", "");
        return line.length() > 200 ? line.substring(0, 200) + "…" : line;
    }

    private CredentialsUnavailable failed(String what) {
        return new CredentialsUnavailable(describe() + " " + what);
    }
}
