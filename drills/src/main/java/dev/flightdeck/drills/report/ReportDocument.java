package dev.flightdeck.drills.report;

import dev.flightdeck.drills.DrillClock;
import dev.flightdeck.drills.DrillReport;
import dev.flightdeck.drills.DrillReport.FaultResult;
import dev.flightdeck.drills.MistakeMade;
import dev.flightdeck.drills.TimelineEvent;
import dev.flightdeck.drills.report.ReportBlock.Bullets;
import dev.flightdeck.drills.report.ReportBlock.Heading;
import dev.flightdeck.drills.report.ReportBlock.Para;
import dev.flightdeck.drills.report.ReportBlock.Table;

import java.time.Duration;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A drill report as blocks, in the order a team reads it after the drill: the outcome, the brief,
 * per fault the times to detect, mitigate and recover, what it cost in GPU-hours, the mistakes, the
 * reference response beside what was done, the chart, and the whole timeline.
 */
public final class ReportDocument {

    private static final DateTimeFormatter UTC = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss 'UTC'")
            .withZone(ZoneOffset.UTC);

    private ReportDocument() {
    }

    public static List<ReportBlock> of(DrillReport r) {
        List<ReportBlock> out = new ArrayList<>();
        out.add(new Heading(1, "Drill report: " + r.title()));
        out.add(new Para("Scenario `" + r.scenarioId() + "` (" + level(r) + "), started " + UTC.format(r.started())
                + ", lasted " + DrillClock.offset(r.duration()) + " of its " + r.limit().toMinutes() + " min limit. **"
                + outcome(r) + "**: " + r.endedHow() + "."));
        if (r.pace() != 1) {
            out.add(new Para(String.format(Locale.ROOT, "The schedule ran %.0f× faster than real time (faults struck "
                    + "sooner); every time below is real time.", r.pace())));
        }
        out.add(new Para("Played on " + (r.cluster() == null ? "its own sandbox" : r.cluster()) + ". Responder: "
                + (r.responder() == null ? "a person at the console." : "`" + r.responder() + "`.")));
        if (!r.leftovers().isEmpty()) {
            out.add(new Para("**LEFT BEHIND**: the drill could not remove " + String.join("; ", r.leftovers())
                    + ". `flightdeck drill cleanup --context C` lists the runs left there; `--run ID` removes one "
                    + "(the id is the objects' label flightdeck.dev/drill)."));
        }
        out.add(new ReportBlock.Quote(r.brief().strip()));
        out.add(new Heading(2, "Faults"));
        List<List<String>> rows = new ArrayList<>();
        for (FaultResult f : r.faults()) {
            rows.add(List.of(f.id(), f.struck() ? DrillClock.offset(f.struckAt()) : "—",
                    time(f.toDetect(), f.setsDetect()), time(f.toMitigate(), f.setsMitigate()), time(f.toRecover(), f.setsRecover()),
                    f.goalsMissed().isEmpty() ? "" : String.join(", ", f.goalsMissed())));
        }
        out.add(new Table(List.of("fault", "struck", "to detect", "to mitigate", "to recover", "goals missed"), rows));
        out.add(new Bullets(r.faults().stream().map(f -> f.id() + " (" + f.kind().word() + ", " + f.where() + "): "
                + f.what()).toList(), false));
        out.add(new Heading(2, "GPU-hours lost"));
        List<String> cost = new ArrayList<>();
        cost.add(String.format(Locale.ROOT, "%.1f GPU-hours in all", r.gpuHoursLost()));
        cost.add(String.format(Locale.ROOT, "%.1f GPU-hours idle: the GPUs of gangs that were not running, for as long "
                + "as they were not", r.idleGpuHours()));
        cost.add(String.format(Locale.ROOT, "%.1f GPU-hours of work lost since the newest complete checkpoint of each "
                + "gang that halted", r.lostWorkGpuHours()));
        for (DrillReport.HaltCost h : r.halts()) {
            cost.add(String.format(Locale.ROOT, "%s halted at %s, its checkpoint %s old: %d GPUs × that = %.1f GPU-hours",
                    h.gang(), DrillClock.offset(h.at()), h.checkpointAge() == null ? "(none)" : age(h.checkpointAge()),
                    h.gpus(), h.lostGpuHours()));
        }
        out.add(new Bullets(cost, false));
        out.add(new Heading(2, "Mistakes"));
        out.add(r.mistakes().isEmpty() ? new Para("None of the mistakes this scenario watches for was made.")
                : new Bullets(r.mistakes().stream().map(m -> DrillClock.offset(Duration.between(r.started(), m.at()))
                + " " + word(m) + ": " + m.what()).toList(), false));
        out.add(new Heading(2, "Reference response"));
        out.add(new Bullets(r.reference(), true));
        out.add(new Heading(2, "What was done"));
        out.add(r.done().isEmpty() ? new Para("No action was taken.") : new Bullets(r.done(), false));
        out.add(new Heading(2, "GPUs in service and gangs running"));
        out.add(new ReportBlock.Chart("GPUs in service and gangs running over the drill; dashed lines mark the faults"));
        if (!r.problems().isEmpty()) {
            out.add(new Heading(2, "What got in the way of measuring"));
            out.add(new Bullets(r.problems(), false));
        }
        out.add(new Heading(2, "Timeline"));
        out.add(new Table(List.of("time", "kind", "what"), r.timeline().stream().map(e -> List.of(
                DrillClock.offset(e.at()), kind(e.kind()), e.text())).toList()));
        out.add(new Para("Measured by " + r.version() + "."));
        return out;
    }

    static String outcome(DrillReport r) {
        return switch (r.outcome()) {
            case RECOVERED -> "RECOVERED";
            case NOT_RECOVERED -> "NOT RECOVERED";
            case ABORTED -> "ABORTED";
        };
    }

    private static String level(DrillReport r) {
        return r.level().name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    private static String word(MistakeMade m) {
        return m.mistake().name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    private static String kind(TimelineEvent.Kind k) {
        return k.name().toLowerCase(Locale.ROOT);
    }

    /** A time to a stage: mm:ss, "—" when the scenario sets none, "missed" when it was not reached. */
    private static String time(Duration d, boolean set) {
        return !set ? "—" : d == null ? "missed" : DrillClock.offset(d);
    }

    private static String age(Duration d) {
        long m = d.toMinutes();
        return m >= 60 ? m / 60 + "h" + m % 60 + "m" : m + "m" + d.toSecondsPart() + "s";
    }
}
