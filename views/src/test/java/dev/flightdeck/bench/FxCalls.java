package dev.flightdeck.bench;

import javafx.application.Platform;

import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/** What the benchmarks ask of the FX thread from their own: a call with its answer, a wait for a condition. */
final class FxCalls {

    private FxCalls() {
    }

    /** Runs {@code work} on the FX thread and returns its result (its exception, if it throws). */
    static <T> T fx(Callable<T> work) throws Exception {
        CompletableFuture<T> f = new CompletableFuture<>();
        Platform.runLater(() -> {
            try {
                f.complete(work.call());
            } catch (Throwable e) {
                f.completeExceptionally(e);
            }
        });
        return f.get(60, TimeUnit.SECONDS);
    }

    /** Asks {@code condition} on the FX thread every 100 ms until it holds; gives up after {@code seconds}. */
    static void waitUntil(Callable<Boolean> condition, int seconds) throws Exception {
        long deadline = System.nanoTime() + seconds * 1_000_000_000L;
        while (!fx(condition)) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("gave up waiting after " + seconds + " s");
            }
            Thread.sleep(100);
        }
    }
}
