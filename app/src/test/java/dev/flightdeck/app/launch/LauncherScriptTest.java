package dev.flightdeck.app.launch;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The launcher script decides before the JVM starts whether a command needs a display (it says how to get one, or
 * runs the JVM headless): every command the usage lists must be in its list, or `flightdeck logs` on a machine
 * without a display prints "the console window needs a display" instead of the logs (found in a drill responder).
 */
class LauncherScriptTest {

    private static final Path SCRIPT = Path.of(System.getProperty("maven.multiModuleProjectDirectory", ".."))
            .resolve("assets/bin/flightdeck");

    @Test
    void everyCommandOfTheUsageRunsWithoutADisplay() throws IOException, UsageException {
        Set<String> headless = scriptsHeadlessWords();
        for (String command : usageCommands()) {
            assertTrue(headless.contains(command), "assets/bin/flightdeck treats `" + command + "` as needing a display;"
                    + " its headless list is " + headless);
            assertTrue(LaunchOptions.parse(argsFor(command)).command() != LaunchOptions.Command.UI, command);
        }
    }

    @Test
    void theUsageListsTheCommandsItShould() {
        // The test above is only as good as the parse of the usage: it must find the commands added lately too.
        Set<String> found = usageCommands();
        assertTrue(found.containsAll(Set.of("check", "plan", "drain", "get", "logs", "events", "drill", "journal")), found::toString);
    }

    private static String[] argsFor(String command) {
        return switch (command) {
            case "get" -> new String[]{"get", "node/a"};
            case "logs" -> new String[]{"logs", "ns/a"};
            case "plan" -> new String[]{"plan", "drain", "a"};
            case "drain", "cordon", "uncordon", "preflight" -> new String[]{command, "a", "--confirm", "a"};
            case "resume" -> new String[]{"resume", "ns/a", "--confirm", "a"};
            case "drill" -> new String[]{"drill", "list"};
            case "journal" -> new String[]{"journal", "restore", "2026-11-27T03:10:00Z"};
            default -> new String[]{command};
        };
    }

    /** The first word of each usage line that names a command (two spaces in, lower case). */
    private static Set<String> usageCommands() {
        Set<String> out = new LinkedHashSet<>();
        Matcher m = Pattern.compile("(?m)^  ([a-z]+)\\b").matcher(LaunchOptions.USAGE);
        while (m.find()) {
            out.add(m.group(1));
        }
        return out;
    }

    private static Set<String> scriptsHeadlessWords() throws IOException {
        String script = Files.readString(SCRIPT);
        Matcher m = Pattern.compile("(?m)^\\s+(check \\|[^)]*)\\)\\s*$").matcher(script);
        assertTrue(m.find(), "the headless case line in " + SCRIPT);
        Set<String> words = new LinkedHashSet<>();
        Arrays.stream(m.group(1).split("\\|")).map(String::strip).forEach(words::add);
        assertEquals(1, script.lines().filter(l -> l.contains("headless_command=true")).count(), "one headless list");
        return words;
    }
}
