package dev.flightdeck.bench.screen;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/** A real X server with no screen (Debian's xvfb): the console's window is drawn as for a user, into memory. */
final class Xvfb implements AutoCloseable {

    private final Process process;
    private final String display;

    private Xvfb(Process process, String display) {
        this.process = process;
        this.display = display;
    }

    static boolean installed() {
        for (String dir : System.getenv().getOrDefault("PATH", "/usr/bin").split(":")) {
            if (Files.isExecutable(Path.of(dir, "Xvfb"))) {
                return true;
            }
        }
        return false;
    }

    /** Starts one on a free display (it picks it and says which: {@code -displayfd}), 1920x1200, 24 bits. */
    static Xvfb start(Path log) throws IOException, InterruptedException {
        Process p = new ProcessBuilder("Xvfb", "-displayfd", "1", "-screen", "0", "1920x1200x24", "-nolisten", "tcp",
                "-noreset").redirectError(log.toFile()).start();
        CompletableFuture<String> number = CompletableFuture.supplyAsync(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
                return r.readLine();
            } catch (IOException e) {
                return null;
            }
        });
        try {
            String n = number.get(20, TimeUnit.SECONDS);
            if (n == null || n.isBlank()) {
                throw new IOException("Xvfb named no display; its log: " + Files.readString(log).strip());
            }
            return new Xvfb(p, ":" + n.strip());
        } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
            p.destroyForcibly();
            throw new IOException("Xvfb did not start within 20 s: " + Files.readString(log).strip(), e);
        }
    }

    String display() {
        return display;
    }

    @Override
    public void close() {
        Processes.stop(process);
    }
}
