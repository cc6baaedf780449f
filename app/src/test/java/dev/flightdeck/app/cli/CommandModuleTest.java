package dev.flightdeck.app.cli;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The core alone (no drills module on this class path): {@code drill} is parsed, then refused in one line. */
class CommandModuleTest {

    @Test
    void aCommandWhoseModuleIsMissingIsRefusedInOneLine() {
        var out = new ByteArrayOutputStream();
        var err = new ByteArrayOutputStream();
        int code = Headless.run(new String[]{"drill", "list"}, Map.of(), new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        assertEquals(CheckCommand.USAGE, code);
        assertEquals("", out.toString(StandardCharsets.UTF_8));
        assertEquals("flightdeck: drill is not part of this build (its module is not on the class path)\n",
                err.toString(StandardCharsets.UTF_8));
    }
}
