package dev.flightdeck.bench;

import java.lang.management.ManagementFactory;

/**
 * The heap a process keeps: the least of three reads, each after a full GC. One read after one GC
 * still counts garbage a concurrent thread made meanwhile; the least of three does not.
 */
public final class HeapAfterGc {

    private HeapAfterGc() {
    }

    public static long bytes() throws InterruptedException {
        long least = Long.MAX_VALUE;
        for (int i = 0; i < 3; i++) {
            System.gc();
            Thread.sleep(300);
            least = Math.min(least, ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed());
        }
        return least;
    }
}
