package dev.flightdeck.app.cli;

import dev.flightdeck.app.launch.LaunchOptions;

import java.io.PrintStream;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceLoader;

/**
 * Headless commands a module built on top of the core adds (the drills module adds {@code drill}). The core parses
 * their command lines with the rest, so {@code --help} and the usage errors stay in one place, and finds who runs
 * them through the service loader ({@code META-INF/services/dev.flightdeck.app.cli.CommandModule}): the core never
 * depends on the modules above it.
 */
public interface CommandModule {

    /** The command this module runs. */
    LaunchOptions.Command command();

    /** Runs it; the exit code, as the core's commands return theirs ({@link CheckCommand#OK}, {@link CheckCommand#USAGE}). */
    int run(LaunchOptions options, Map<String, String> env, PrintStream out, PrintStream err);

    /** The module on the class path that runs {@code command}, if any. */
    static Optional<CommandModule> forCommand(LaunchOptions.Command command) {
        for (CommandModule module : ServiceLoader.load(CommandModule.class, CommandModule.class.getClassLoader())) {
            if (module.command() == command) {
                return Optional.of(module);
            }
        }
        return Optional.empty();
    }
}
