package dev.flightdeck.drills.cli;

import dev.flightdeck.app.cli.CommandModule;
import dev.flightdeck.app.launch.LaunchOptions;

import java.io.PrintStream;
import java.util.Map;

/** {@code flightdeck drill …} for the core's {@code Headless}, which finds it through the service loader. */
public final class DrillCommandModule implements CommandModule {

    @Override
    public LaunchOptions.Command command() {
        return LaunchOptions.Command.DRILL;
    }

    @Override
    public int run(LaunchOptions options, Map<String, String> env, PrintStream out, PrintStream err) {
        return DrillCommand.run(options, env, out, err);
    }
}
