package dev.flightdeck.drills;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * What one injected fault is about, fixed when it strikes: the node it struck (if any) and the
 * gangs it touches ({@code namespace/name}: the gang it names, or the gangs with a rank on the
 * struck node), or the whole cluster. Goals and mistakes are judged against these.
 */
public record Subjects(String node, List<String> gangs, FaultKind kind) {

    public Subjects {
        gangs = List.copyOf(gangs);
    }

    /** The refs whose opening or handling counts as detecting the fault ({@link OperatorStep#ref()}). */
    public Set<String> refs() {
        Set<String> out = new LinkedHashSet<>();
        if (node != null) {
            out.add(OperatorStep.node(node));
        }
        gangs.forEach(g -> out.add(OperatorStep.gang(g)));
        if (kind == FaultKind.APF_STORM) {
            out.add(OperatorStep.PRESSURE);
        }
        if (kind == FaultKind.CHECKPOINT_STORE_UNREACHABLE) {
            out.add(OperatorStep.GANGS_SCREEN);
            out.add(OperatorStep.CHECKPOINT_STORE);
        }
        return out;
    }

    /** Whether {@code ref} is about this fault (a gang's rank opened counts as the gang). */
    public boolean concerns(String ref) {
        if (ref == null) {
            return false;
        }
        if (refs().contains(ref)) {
            return true;
        }
        // Every gang's checkpoint is read from the store: opening any gang shows the store failing.
        return kind == FaultKind.CHECKPOINT_STORE_UNREACHABLE && ref.startsWith("gang/");
    }

    public String describe() {
        List<String> parts = new ArrayList<>();
        if (node != null) {
            parts.add("node " + node);
        }
        gangs.forEach(g -> parts.add("gang " + g));
        return parts.isEmpty() ? "the cluster" : String.join(", ", parts);
    }
}
