package dev.flightdeck.app.diagnose.logs;

import dev.flightdeck.app.gangs.RankSlot;
import dev.flightdeck.app.kube.PodLogOptions;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Reads one rank's logs for a summary, as its {@link RankPlan} says (its current run, the run that crashed, or
 * both), with timestamps so errors can be put in time order across ranks, and keeps what {@link RankLog} keeps
 * within the view's bytes: the whole asked-for tail for a troubled rank, a compact one for the others, shorter
 * tails (then none) once the view's cap is spent.
 */
final class RankReader {

    private final LogRequests requests;
    private final GangLogOptions options;
    private final Set<String> hosts;
    private final ViewBytes viewBytes;
    private final LogCounters counters;

    RankReader(LogRequests requests, GangLogOptions options, Set<String> hosts, ViewBytes viewBytes, LogCounters counters) {
        this.requests = requests;
        this.options = options;
        this.hosts = hosts;
        this.viewBytes = viewBytes;
        this.counters = counters;
    }

    RankLog read(RankPlan plan) throws InterruptedException {
        RankSlot s = plan.slot();
        if (plan.noLog() != null) {
            return RankLog.unread(s.rank(), s.role(), s.pod(), s.node(), s.state(), s.restarts(), plan.termination(),
                    plan.noLog());
        }
        boolean troubled = plan.termination() != null || s.state().haltsGang();
        // Only a troubled rank's whole tail is printed: for the others the scanner keeps a compact one as it reads.
        int keep = troubled ? options.tailLines() : options.compactTail();
        LogScanner current = new LogScanner(hosts, keep);
        LogScanner crashed = new LogScanner(hosts, options.tailLines());
        long bytes = 0;
        boolean cut = false;
        List<String> problems = new ArrayList<>();
        if (plan.readCurrent()) {
            LogRead r = readRun(plan, false, current);
            bytes += r.bytes();
            cut |= r.cut();
            if (!r.ok()) {
                problems.add(r.problem());
            }
        }
        if (plan.readPrevious()) {
            LogRead r = readRun(plan, true, crashed);
            bytes += r.bytes();
            cut |= r.cut();
            if (!r.ok()) {
                problems.add("the run before the restart: " + r.problem());
            }
        }
        // --previous reads only the run before the restart: then it is the rank's "current" tail.
        LogScanner main = plan.readCurrent() ? current : crashed;
        List<ErrorLine> errors = new ArrayList<>();
        for (ErrorLine e : main.errors()) {
            addOnce(errors, e.withMessage(viewBytes.message(e.message())));
        }
        if (plan.readCurrent() && plan.readPrevious()) {
            for (ErrorLine e : crashed.errors()) {
                addOnce(errors, e.withMessage(viewBytes.message(e.message())));
            }
        }
        if (plan.termination() != null) {
            ErrorLine end = plan.termination().asError();
            addOnce(errors, end.withMessage(viewBytes.message(end.message())));
        }
        List<LogLine> tail = main.tail();
        List<LogLine> crashedTail = plan.readCurrent() && plan.readPrevious() ? crashed.tail() : List.of();
        boolean tailCut = false;
        if (!viewBytes.take(weight(errors) + weight(tail) + weight(crashedTail))) {
            // Past the view's cap: compact tails for a troubled rank, none for the others.
            tailCut = true;
            tail = troubled ? TailBuffer.last(tail, options.compactTail()) : List.of();
            crashedTail = TailBuffer.last(crashedTail, options.compactTail());
            if (!viewBytes.take(weight(errors) + weight(tail) + weight(crashedTail))) {
                // Spent: no lines at all, and the errors without the lines they were written in. The errors are what
                // the summary is made of, so they stay, at ~64 bytes each (their messages are shared across ranks).
                tail = List.of();
                crashedTail = List.of();
                errors.replaceAll(ErrorLine::withoutLine);
                viewBytes.charge(weight(errors));
            }
        }
        int uncounted = current.uncounted() + crashed.uncounted();
        return new RankLog(s.rank(), s.role(), s.pod(), s.node(), s.state(), s.restarts(), plan.container(),
                plan.termination(), errors, uncounted, tail, crashedTail, tailCut, bytes, cut,
                problems.isEmpty() ? null : String.join("; ", problems));
    }

    private LogRead readRun(RankPlan plan, boolean previous, LogScanner scanner) throws InterruptedException {
        PodLogOptions o = new PodLogOptions(plan.container(), options.tailLines(), options.limitBytes(), previous, true,
                options.sinceSeconds(), false);
        try {
            return requests.read(plan.pod().namespace(), plan.pod().name(), o, scanner::accept, counters);
        } catch (IOException e) {
            return LogRead.failed(e.getMessage());
        }
    }

    private static void addOnce(List<ErrorLine> errors, ErrorLine e) {
        for (int i = 0; i < errors.size(); i++) {
            ErrorLine had = errors.get(i);
            if (had.kind() == e.kind() && had.message().equals(e.message())) {
                return;
            }
        }
        errors.add(e);
    }

    private static long weight(List<? extends Weighed> items) {
        long w = 0;
        for (Weighed o : items) {
            w += o.weight();
        }
        return w;
    }
}
