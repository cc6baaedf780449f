package dev.flightdeck.app.actions.resume;

import dev.flightdeck.app.checkpoints.Checkpoint;
import dev.flightdeck.app.nodes.Ages;
import dev.flightdeck.app.secrets.Redaction;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/** A resume plan as plain text: for {@code flightdeck plan resume NAMESPACE/GANG}, and the confirm dialog. */
public final class ResumePlanText {

    private ResumePlanText() {
    }

    public static List<String> lines(ResumePlan p) {
        List<String> out = new ArrayList<>();
        Checkpoint cp = p.checkpoint();
        out.add("resume " + p.ref() + " (" + p.kind().kind() + ", " + p.verdict().label()
                + (p.verdictReason().isEmpty() ? "" : ": " + p.verdictReason()) + ")");
        out.add("  checkpoint  " + cp.uri() + (cp.step() == Checkpoint.UNKNOWN_STEP ? "" : "  step " + cp.step())
                + (cp.completedAt() == null ? "  age unknown"
                : "  saved " + Ages.format(nonNegative(Duration.between(cp.completedAt(), p.plannedAt()))) + " ago")
                + "  (" + (p.newest() ? "newest complete" : "picked") + ", from " + source(p) + ")");
        out.add("  env         " + p.envName() + "=" + p.location().value()
                + p.location().step().stream().mapToObj(s -> ", " + ResumeEnv.stepName(p.envName()) + "=" + s)
                .findFirst().orElse("") + " in " + p.containers() + (p.containers() == 1 ? " container" : " containers"));
        out.add("              " + p.location().how());
        out.add("  delete      " + p.describe() + " with propagationPolicy " + ResumePlan.PROPAGATION
                + " (its pods are deleted before it is, so no old rank meets a new one)");
        out.add("              and its " + p.pods().size() + (p.pods().size() == 1 ? " pod" : " pods") + ": "
                + podSummary(p));
        out.add("  create      " + p.describe() + " again, " + p.expectedRanks() + " ranks, with the changes below");
        out.add("  saved first the whole " + p.kind().kind() + " and every pod go to the journal before anything is deleted;"
                + " if creating fails, the original is created again");
        if (p.diff().stream().anyMatch(l -> l.contains(Redaction.PLACEHOLDER))) {
            out.add("  secrets     shown as \"" + Redaction.PLACEHOLDER + "\"; the new object keeps their values");
        }
        if (!p.leftOutOfDiff().isEmpty()) {
            out.add("  not shown   " + String.join(" and ", p.leftOutOfDiff()) + " (left out of the diff; the new object keeps it)");
        }
        out.addAll(p.diff());
        return out;
    }

    private static String source(ResumePlan p) {
        return switch (p.source()) {
            case OBJECT_STORAGE -> "object storage";
            case ANNOTATIONS -> "the workload's annotations";
            case NONE -> "nowhere";
        };
    }

    private static String podSummary(ResumePlan p) {
        List<String> names = p.pods().stream().map(ResumePod::name).toList();
        return names.size() <= 4 ? String.join(", ", names)
                : String.join(", ", names.subList(0, 3)) + " … " + names.getLast();
    }

    private static Duration nonNegative(Duration d) {
        return d.isNegative() ? Duration.ZERO : d;
    }
}
