package dev.flightdeck.app.cli;

import dev.flightdeck.app.session.ClusterSession;

import java.io.PrintStream;
import java.time.Instant;
import java.util.Map;

/**
 * {@code flightdeck check}: connect, wait for the watches to sync, print the report,
 * exit. 0 when the cluster could be read; 3 with one line on stderr when it could
 * not; 2 for a command line that makes no sense.
 */
public final class CheckCommand {

    public static final int OK = 0;
    public static final int USAGE = 2;
    public static final int UNREADABLE = 3;

    private CheckCommand() {
    }

    public static int run(LaunchOptions options, Map<String, String> env, PrintStream out, PrintStream err) {
        try (ClusterSession session = SyncedSession.open(options, env, err)) {
            if (session == null) {
                return UNREADABLE;
            }
            CheckReport.lines(session.fleet().snapshot()).forEach(out::println);
            out.println();
            GangReport.lines(session.fleet().gangs(), g -> session.checkpoints().read(g.annotations()), Instant.now())
                    .forEach(out::println);
            out.flush();
            return OK;
        }
    }
}
