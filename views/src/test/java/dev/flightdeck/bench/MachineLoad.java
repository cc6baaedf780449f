package dev.flightdeck.bench;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;

/**
 * What else the machine was doing while pulses were measured: the whole machine's CPU (all
 * processes, sampled twice a second) and this JVM's GC time. A pulse is wall time on the FX thread:
 * with both cores busy or the heap being collected, it is long whatever the FX thread itself does.
 */
record MachineLoad(double machineCpu, double consoleCpu, long gcMillis, long gcCount, double seconds) {

    /** Sleeps {@code millis}, sampling the load meanwhile. */
    static MachineLoad during(long millis) throws InterruptedException {
        var os = (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        long gc0 = totalGcMillis();
        long n0 = totalGcCount();
        long cpu0 = os.getProcessCpuTime();
        long start = System.nanoTime();
        double sum = 0;
        int samples = 0;
        long end = start + millis * 1_000_000L;
        while (System.nanoTime() < end) {
            Thread.sleep(500);
            double load = os.getCpuLoad();
            if (load >= 0) {
                sum += load;
                samples++;
            }
        }
        double wall = (System.nanoTime() - start) / 1e9;
        return new MachineLoad(samples == 0 ? -1 : sum / samples, (os.getProcessCpuTime() - cpu0) / 1e9 / wall
                / os.getAvailableProcessors(), totalGcMillis() - gc0, totalGcCount() - n0, wall);
    }

    private static long totalGcMillis() {
        return ManagementFactory.getGarbageCollectorMXBeans().stream().mapToLong(GarbageCollectorMXBean::getCollectionTime).sum();
    }

    private static long totalGcCount() {
        return ManagementFactory.getGarbageCollectorMXBeans().stream().mapToLong(GarbageCollectorMXBean::getCollectionCount).sum();
    }

    @Override
    public String toString() {
        return String.format("machine CPU %.0f%% of %d cores, the console's %.0f%%, console GC %d ms in %d collections over %.0f s",
                machineCpu * 100, Runtime.getRuntime().availableProcessors(), consoleCpu * 100, gcMillis, gcCount, seconds);
    }
}
