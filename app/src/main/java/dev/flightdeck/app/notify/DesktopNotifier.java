package dev.flightdeck.app.notify;

import dev.flightdeck.app.secrets.Redaction;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The desktop's own notifications, where the OS offers them: on Linux, libnotify's {@code notify-send} when it is on
 * the PATH. Run with arguments (never through a shell, so a gang named {@code $(rm -rf ~)} is only a name), on a
 * thread of its own, its text through the redaction boundary like every other text that leaves the process. A missing
 * tool, one that fails or hangs, is never the caller's problem: {@link #send} neither blocks nor throws.
 */
public final class DesktopNotifier {

    /** How long {@code notify-send} may take before it is given up on (a D-Bus without a notification daemon hangs). */
    static final long GIVE_UP_SECONDS = 10;

    private final Path tool;

    private DesktopNotifier(Path tool) {
        this.tool = tool;
    }

    /** The desktop's notifier for this OS, or one that says why there is none ({@link #available()} false). */
    public static DesktopNotifier find(String osName, Map<String, String> env) {
        if (!osName.toLowerCase(java.util.Locale.ROOT).startsWith("linux")) {
            return new DesktopNotifier(null);
        }
        String path = env.getOrDefault("PATH", "");
        for (String dir : path.split(File.pathSeparator)) {
            if (dir.isBlank()) {
                continue;
            }
            Path p = Path.of(dir, "notify-send");
            if (Files.isRegularFile(p) && Files.isExecutable(p)) {
                return new DesktopNotifier(p);
            }
        }
        return new DesktopNotifier(null);
    }

    public static DesktopNotifier standard() {
        return find(System.getProperty("os.name", ""), System.getenv());
    }

    public boolean available() {
        return tool != null;
    }

    /** Why the desktop shows none, in one line (said once, in the window); null when it does. */
    public String whyNone(String osName) {
        if (tool != null) {
            return null;
        }
        return osName.toLowerCase(java.util.Locale.ROOT).startsWith("linux")
                ? "Desktop notifications need notify-send (libnotify-bin), which is not on the PATH: notifications show in the window only"
                : "Desktop notifications are not offered on " + osName + " yet: notifications show in the window only";
    }

    /** The command run for {@code n}: the tool, then its arguments, the text redacted. */
    List<String> command(Notification n) {
        return List.of(tool.toString(), "--app-name=Flightdeck", "--urgency=critical", "--icon=dialog-warning",
                Redaction.text(n.title()), Redaction.text(n.text()));
    }

    /** Shows {@code n} on the desktop, on a thread of its own; nothing when there is no tool. */
    public void send(Notification n) {
        if (tool != null) {
            Thread.ofVirtual().name("desktop-notification").start(() -> run(n));
        }
    }

    /** Runs the tool and waits for it (at most {@link #GIVE_UP_SECONDS}); false when it failed. Never throws. */
    boolean run(Notification n) {
        try {
            Process p = new ProcessBuilder(command(n)).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            if (!p.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return false;
            }
            return p.exitValue() == 0;
        } catch (java.io.IOException | RuntimeException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
