package dev.flightdeck.app.cli;

import dev.flightdeck.app.launch.LaunchOptions;
import dev.flightdeck.app.launch.ActionRequest;
import dev.flightdeck.app.launch.TargetResolver;
import dev.flightdeck.app.kube.KubeRest;
import dev.flightdeck.app.actions.drain.CircuitBreaker;
import dev.flightdeck.app.actions.drain.DrainOptions;
import dev.flightdeck.app.actions.drain.DrainPlanReader;
import dev.flightdeck.app.actions.drain.DrainPlanText;
import dev.flightdeck.app.actions.preflight.PreflightPlanReader;
import dev.flightdeck.app.actions.preflight.PreflightPlanText;
import dev.flightdeck.app.actions.preflight.PreflightSettings;
import dev.flightdeck.app.actions.resume.ResumePlanReader;
import dev.flightdeck.app.actions.resume.ResumePlanText;
import dev.flightdeck.app.actions.resume.ResumeRefusal;
import dev.flightdeck.app.session.ClusterSession;
import dev.flightdeck.app.settings.SettingsFile;

import java.io.IOException;
import java.io.PrintStream;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

/**
 * {@code flightdeck plan drain NODE}, {@code plan preflight NODE} and {@code plan resume NS/GANG}:
 * the plan the console would show before the action, as text, changing nothing ({@link ActCommand}
 * executes it when confirmed). Exit 0 when the plan was made (also when it says the action would
 * be refused); 3 when the cluster or the object cannot be read.
 */
public final class PlanCommand {

    private PlanCommand() {
    }

    /** The context's drain circuit breaker from the settings (the defaults on the sandbox). */
    private static CircuitBreaker breaker(LaunchOptions options, Map<String, String> env) {
        try {
            if (TargetResolver.resolve(options, env).target() instanceof dev.flightdeck.app.connect.ConnectionTarget.Context c) {
                return CircuitBreaker.of(SettingsFile.standard().load().forContext(c.name()).drainBreaker());
            }
        } catch (dev.flightdeck.app.connect.ConnectionProblem e) {
            // already connected once: cannot happen; fall back to the defaults
        }
        return CircuitBreaker.DEFAULTS;
    }

    public static int run(LaunchOptions options, Map<String, String> env, PrintStream out, PrintStream err) {
        ActionRequest req = options.request();
        try (ClusterSession session = SyncedSession.open(options, env, err)) {
            if (session == null) {
                return CheckCommand.UNREADABLE;
            }
            KubeRest rest = new KubeRest(session.connection().api());
            if ("resume".equals(req.action())) {
                StalledGangs.judgeBeforeResume(session, req.target(), err);
            }
            List<String> lines = switch (req.action()) {
                case "preflight" -> PreflightPlanText.lines(new PreflightPlanReader(rest).read(req.target(),
                        PreflightSettings.DEFAULTS.withCheck(req.validationCheck())));
                case "resume" -> ResumePlanText.lines(new ResumePlanReader(rest, session.checkpoints()::read).read(
                        req.target(), session.model().gangs(),
                        req.step() < 0 ? OptionalLong.empty() : OptionalLong.of(req.step()), Instant.now()));
                default -> DrainPlanText.lines(new DrainPlanReader(rest, session.checkpoints()::read).read(req.target(),
                        session.model().gangs(), session.model().snapshot().nodes(), breaker(options, env),
                        DrainOptions.DEFAULTS.withConsent(req.deleteEmptyDirData(), req.force()), Instant.now()));
            };
            lines.forEach(out::println);
            out.flush();
            return CheckCommand.OK;
        } catch (ResumeRefusal r) {
            // Not a failure to read the cluster: the plan's answer is "no", and why.
            out.println(r.getMessage());
            out.flush();
            return CheckCommand.OK;
        } catch (IOException e) {
            err.println("flightdeck: plan " + req.action() + " " + req.target() + ": " + e.getMessage());
            return CheckCommand.UNREADABLE;
        }
    }
}
