package dev.flightdeck.bench;

import dev.flightdeck.views.rows.TableRows;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Random;

/**
 * What filling and emptying a screen's table of N rows costs on the FX thread, rows placed one by one by JavaFX's
 * sorted list against {@link TableRows#change} (order lifted, one sort). Prints figures; asserts nothing.
 * <pre>java -cp … dev.flightdeck.bench.TableFillBenchmark [rows=7500] [rounds=5]</pre>
 */
public final class TableFillBenchmark {

    public static void main(String[] args) {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 7_500;
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 5;
        List<String> names = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            names.add("gpu-node-%05d".formatted(i));
        }
        Collections.shuffle(names, new Random(27));
        for (int round = 1; round <= rounds; round++) {
            System.out.printf("round %d (%s): %,d rows  placed one by one: fill %6.1f ms, clear %6.1f ms   "
                            + "one sort: fill %6.1f ms, clear %6.1f ms%n", round, round == 1 ? "cold" : "warm", n,
                    fill(names, false)[0], fill(names, false)[1], fill(names, true)[0], fill(names, true)[1]);
        }
    }

    /** Milliseconds to fill an empty table with {@code names} and to clear it again. */
    private static double[] fill(List<String> names, boolean oneSort) {
        ObservableList<String> rows = FXCollections.observableArrayList();
        TableRows<String> table = new TableRows<>(rows, Comparator.naturalOrder());
        long t0 = System.nanoTime();
        if (oneSort) {
            table.change(names.size(), () -> rows.addAll(names));
        } else {
            rows.addAll(names);
        }
        long t1 = System.nanoTime();
        if (oneSort) {
            table.change(rows.size(), rows::clear);
        } else {
            rows.clear();
        }
        long t2 = System.nanoTime();
        if (!table.visible().isEmpty()) {
            throw new IllegalStateException("not cleared");
        }
        return new double[]{(t1 - t0) / 1e6, (t2 - t1) / 1e6};
    }
}
