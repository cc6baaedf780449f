package dev.flightdeck.app.notify;

import dev.flightdeck.app.secrets.KnownSecrets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * notify-send found on the PATH or not; run with arguments, never a shell (a name that is shell syntax stays a
 * name); its text redacted; a missing or failing tool neither throws nor blocks the caller.
 */
class DesktopNotifierTest {

    @TempDir
    Path dir;

    private static final Notification HALTED = new Notification("prod", Notification.Kind.GANG_HALTED, "training/rlhf",
            "Gang halted on prod", "training/$(touch pwned): rank 5 failed", Instant.EPOCH, 1);

    private Path fakeNotifySend(String body) throws Exception {
        Path bin = Files.createDirectories(dir.resolve("bin"));
        Path tool = bin.resolve("notify-send");
        Files.writeString(tool, "#!/bin/sh\n" + body + "\n");
        Files.setPosixFilePermissions(tool, PosixFilePermissions.fromString("rwxr-xr-x"));
        return bin;
    }

    @Test
    void foundOnThePathAndRunWithItsArgumentsNotThroughAShell() throws Exception {
        Path args = dir.resolve("args");
        Path bin = fakeNotifySend("for a in \"$@\"; do printf '%s\\n' \"$a\" >> '" + args + "'; done");
        DesktopNotifier n = DesktopNotifier.find("Linux", Map.of("PATH", "/nonexistent:" + bin));
        assertTrue(n.available());
        assertNull(n.whyNone("Linux"));
        assertTrue(n.run(HALTED));
        assertEquals(List.of("--app-name=Flightdeck", "--urgency=critical", "--icon=dialog-warning", "Gang halted on prod",
                "training/$(touch pwned): rank 5 failed"), Files.readAllLines(args));
        assertFalse(Files.exists(Path.of("pwned")) || Files.exists(dir.resolve("pwned")), "no shell ran the name");
    }

    @Test
    void itsTextGoesThroughTheRedactionBoundary() throws Exception {
        String token = dev.flightdeck.testkit.TestSecrets.remember("fd-notify-" + "s3cr3tT0kenValue9876543210");
        KnownSecrets.register(token);
        Path bin = fakeNotifySend("true");
        DesktopNotifier n = DesktopNotifier.find("Linux", Map.of("PATH", bin.toString()));
        List<String> cmd = n.command(new Notification("prod", Notification.Kind.GANG_HALTED, "a/b", "Gang halted on prod",
                "a/b: failed with --token=" + token, Instant.EPOCH, 1));
        assertFalse(String.join(" ", cmd).contains(token), "the token reached notify-send's arguments");
        assertTrue(cmd.getLast().contains("<redacted by flightdeck>"), cmd.getLast());
    }

    @Test
    void noToolIsSaidOnceAndSendingIsANoOp() {
        DesktopNotifier none = DesktopNotifier.find("Linux", Map.of("PATH", dir.toString()));
        assertFalse(none.available());
        assertTrue(none.whyNone("Linux").contains("notify-send (libnotify-bin), which is not on the PATH"));
        none.send(HALTED); // nothing, and no exception
        DesktopNotifier mac = DesktopNotifier.find("Mac OS X", Map.of("PATH", dir.toString()));
        assertFalse(mac.available());
        assertEquals("Desktop notifications are not offered on Mac OS X yet: notifications show in the window only",
                mac.whyNone("Mac OS X"));
    }

    @Test
    void aToolThatFailsIsFalseNotAnException() throws Exception {
        Path bin = fakeNotifySend("exit 3");
        assertFalse(DesktopNotifier.find("Linux", Map.of("PATH", bin.toString())).run(HALTED));
    }
}
