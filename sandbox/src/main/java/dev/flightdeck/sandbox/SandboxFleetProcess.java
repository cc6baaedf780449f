package dev.flightdeck.sandbox;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Starts a {@link SandboxFleetServer} as a child JVM (the same class path) and talks to it: its
 * clusters' URLs, a kubeconfig naming them {@code sandbox-1} … {@code sandbox-N}, churn on demand.
 */
public final class SandboxFleetProcess implements AutoCloseable {

    private final Process process;
    private final PrintWriter commands;
    private final BufferedReader answers;
    private final List<String> urls = new ArrayList<>();

    private SandboxFleetProcess(Process process) {
        this.process = process;
        this.commands = new PrintWriter(new java.io.OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8), true);
        this.answers = process.inputReader(StandardCharsets.UTF_8);
    }

    /** Starts {@code count} sandboxes of {@code nodes} GPU nodes; returns once every one is serving. */
    public static SandboxFleetProcess start(int count, int nodes, String maxHeap, Path log) throws IOException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        ProcessBuilder pb = new ProcessBuilder(java, "-Xmx" + maxHeap, "-cp", System.getProperty("java.class.path"),
                SandboxFleetServer.class.getName(), Integer.toString(count), Integer.toString(nodes));
        pb.redirectError(ProcessBuilder.Redirect.appendTo(log.toFile()));
        SandboxFleetProcess p = new SandboxFleetProcess(pb.start());
        for (String line; (line = p.answers.readLine()) != null; ) {
            if (line.equals("ready")) {
                return p;
            }
            if (line.startsWith("sandbox ")) {
                p.urls.add(line.split(" ")[2]);
            }
        }
        throw new IOException("the sandbox fleet exited before it was ready; see " + log);
    }

    public List<String> urls() {
        return List.copyOf(urls);
    }

    /** A kubeconfig with one context per sandbox, {@code sandbox-1} … (no credentials: the sandbox takes none). */
    public Path writeKubeconfig(Path file) throws IOException {
        StringBuilder y = new StringBuilder("apiVersion: v1\nkind: Config\nusers: [{name: anon, user: {}}]\nclusters:\n");
        for (int i = 0; i < urls.size(); i++) {
            y.append("- {name: sandbox-").append(i + 1).append(", cluster: {server: \"").append(urls.get(i)).append("\"}}\n");
        }
        y.append("contexts:\n");
        for (int i = 0; i < urls.size(); i++) {
            y.append("- {name: sandbox-").append(i + 1).append(", context: {cluster: sandbox-").append(i + 1)
                    .append(", user: anon}}\n");
        }
        y.append("current-context: sandbox-1\n");
        Files.writeString(file, y);
        return file;
    }

    /** {@code rate} events a second on each of the first {@code clusters} sandboxes, none on the rest. */
    public void churn(double rate, int clusters) throws IOException {
        commands.println("churn " + rate + " " + clusters);
        String answer = answers.readLine();
        if (answer == null || !answer.startsWith("churning")) {
            throw new IOException("the sandbox fleet did not start churning: " + answer);
        }
    }

    @Override
    public void close() {
        commands.println("quit");
        try {
            if (!process.waitFor(30, TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }
}
