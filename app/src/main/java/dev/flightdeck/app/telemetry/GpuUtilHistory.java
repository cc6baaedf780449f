package dev.flightdeck.app.telemetry;

import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The last {@value #SLOTS} refreshes of every GPU's utilisation, for the node details' sparklines: one byte a refresh
 * (whole percent; {@link #MISSING} where the GPU was not in the frame), so 60,000 GPUs over an hour at 30 s cost 7 MB.
 * Written by the telemetry thread, read by any.
 */
public final class GpuUtilHistory {

    public static final int SLOTS = 120;
    public static final byte MISSING = -1;

    private final Map<String, byte[]> rings = new ConcurrentHashMap<>();
    /** How many frames were recorded; slot {@code (frames - 1) % SLOTS} holds the newest. */
    private volatile long frames;

    /** Records one frame: each GPU's utilisation now; GPUs absent from it get a gap. */
    public synchronized void record(TelemetryFrame frame) {
        int slot = (int) (frames % SLOTS);
        rings.values().forEach(r -> r[slot] = MISSING);
        for (GpuSignals g : frame.gpus()) {
            double u = g.utilPercent();
            byte[] ring = rings.computeIfAbsent(g.placement().key(), k -> {
                byte[] fresh = new byte[SLOTS];
                Arrays.fill(fresh, MISSING);
                return fresh;
            });
            ring[slot] = Double.isNaN(u) ? MISSING : (byte) Math.max(0, Math.min(100, Math.round(u)));
        }
        rings.values().removeIf(r -> allMissing(r)); // a GPU gone for an hour is forgotten
        frames++;
    }

    /** A refresh that read nothing: a gap in every GPU's line. */
    public void recordGap() {
        record(new TelemetryFrame(java.time.Instant.EPOCH, "", java.time.Duration.ofMinutes(1), java.util.List.of(),
                java.util.List.of(), 0));
    }

    /** The GPU's utilisation, oldest first, {@link #MISSING} for a gap; empty when it was never seen. */
    public byte[] of(String gpuKey) {
        byte[] ring = rings.get(gpuKey);
        if (ring == null) {
            return new byte[0];
        }
        long n = frames;
        int count = (int) Math.min(n, SLOTS);
        byte[] out = new byte[count];
        for (int i = 0; i < count; i++) {
            out[i] = ring[(int) ((n - count + i) % SLOTS)];
        }
        return out;
    }

    private static boolean allMissing(byte[] r) {
        for (byte b : r) {
            if (b != MISSING) {
                return false;
            }
        }
        return true;
    }
}
