package dev.flightdeck.app.cli;

import dev.flightdeck.app.launch.LaunchOptions;
import dev.flightdeck.app.actions.ActionRefused;
import dev.flightdeck.app.actions.ActionRun;
import dev.flightdeck.app.actions.ActionSession;
import dev.flightdeck.app.actions.resume.JournalRestore;
import dev.flightdeck.app.actions.resume.RestoreOperation;
import dev.flightdeck.app.journal.JournalEntry;

import java.io.IOException;
import java.io.PrintStream;
import java.time.Clock;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Map;
import java.util.Optional;

/**
 * {@code flightdeck journal restore ENTRY [--confirm NAME]}: creates again the workload a resume
 * saved in the journal before deleting it, on the cluster the entry names, when it was never
 * created again. Prints the plan; with {@code --confirm} naming the workload, restores it. Exit 0
 * restored, 2 not confirmed or a bad entry, 3 the cluster or journal cannot be read, 4 refused
 * (it exists, another cluster, read-only, RBAC), 6 the create failed.
 */
public final class JournalCommand {

    private JournalCommand() {
    }

    public static int run(LaunchOptions options, Map<String, String> env, PrintStream out, PrintStream err) {
        LaunchOptions.JournalRequest req = options.journal();
        Instant at;
        try {
            at = Instant.parse(req.entry());
        } catch (DateTimeParseException e) {
            err.println("flightdeck: journal restore needs the entry's time as the journal shows it, e.g. "
                    + "2026-11-24T22:41:03.123Z, not '" + req.entry() + "'");
            return CheckCommand.USAGE;
        }
        try (SyncedSession.Opened o = SyncedSession.openWithTarget(options, env, err)) {
            if (o == null) {
                return CheckCommand.UNREADABLE;
            }
            ActionSession s = ActionSession.standard(o.session(), o.target(), o.settings(), Clock.systemUTC());
            Optional<JournalEntry> entry = JournalRestore.find(s.journal(), at);
            if (entry.isEmpty()) {
                err.println("flightdeck: no journal entry at " + at + " in " + s.journal().directory());
                return CheckCommand.USAGE;
            }
            ActionRun<JournalRestore.Plan, String, RestoreOperation.Outcome> run = RestoreOperation.run(s, entry.get());
            JournalRestore.Plan plan = run.read();
            run.lines(plan).forEach(out::println);
            if (plan.refused()) {
                return ActCommand.REFUSED;
            }
            String why = run.whyNot(plan);
            if (why != null) {
                err.println("flightdeck: refused: " + why);
                return ActCommand.REFUSED;
            }
            if (!plan.name().equals(req.confirm())) {
                err.println("flightdeck: not restored: run it again with --confirm " + plan.name()
                        + (plan.hasRedactedValues() ? " --accept-redacted" : ""));
                return ActCommand.NOT_CONFIRMED;
            }
            if (plan.hasRedactedValues() && !req.acceptRedacted()) {
                err.println("flightdeck: not restored: the saved copy lacks " + plan.redacted().size()
                        + " secret values (above); run it again with --accept-redacted to create it with placeholders");
                return ActCommand.NOT_CONFIRMED;
            }
            run.planned(plan);
            RestoreOperation.Outcome restored = run.execute(plan, "", ignored -> { });
            out.println(restored.summary());
            return restored.restored() ? CheckCommand.OK : ActCommand.FAILED;
        } catch (ActionRefused r) {
            err.println("flightdeck: refused: " + r.getMessage());
            return ActCommand.REFUSED;
        } catch (IOException e) {
            err.println("flightdeck: journal restore " + req.entry() + ": " + e.getMessage());
            return CheckCommand.UNREADABLE;
        }
    }
}
