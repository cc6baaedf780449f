package dev.flightdeck.sandbox;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Simulated logs of the validation containers: {@code dcgmi diag -r 1}-like (a result table) or
 * CUDA vectorAdd-like. Simulated liberties: the real vectorAdd sample tests device 0 only; here it
 * reports every GPU so that a failure can name the bad one, and the failing line repeats the node's
 * fault (e.g. its Xid) the way an operator would find it in the kernel log next to the test's error.
 */
final class SandboxValidationLogs {

    /** How far the container got. */
    enum Stage { RUNNING, PASSED, FAILED, KILLED }

    private static final Pattern GPU_INDEX = Pattern.compile("GPU (\\d+)");

    private SandboxValidationLogs() {
    }

    /**
     * @param dcgm  the dcgmi diag output rather than vectorAdd's
     * @param fault the node's GPU fault in words (for FAILED), e.g. "Xid 79 on GPU 5 …"
     */
    static List<String> lines(boolean dcgm, int gpus, Stage stage, String fault, String driver) {
        int bad = badGpu(fault, gpus);
        return dcgm ? dcgmi(gpus, stage, fault, bad, driver) : vectorAdd(gpus, stage, fault, bad);
    }

    static int badGpu(String fault, int gpus) {
        Matcher m = fault == null ? null : GPU_INDEX.matcher(fault);
        return m != null && m.find() ? Math.min(Integer.parseInt(m.group(1)), Math.max(0, gpus - 1)) : 0;
    }

    private static List<String> vectorAdd(int gpus, Stage stage, String fault, int bad) {
        List<String> out = new ArrayList<>();
        out.add("[Vector addition of 50000 elements]");
        int upTo = switch (stage) {
            case PASSED -> gpus;
            case FAILED -> bad;
            case RUNNING, KILLED -> Math.min(1, gpus);
        };
        for (int g = 0; g < upTo; g++) {
            out.add("[GPU " + g + "] Copy input data from the host memory to the CUDA device");
            out.add("[GPU " + g + "] CUDA kernel launch with 196 blocks of 256 threads");
            out.add("[GPU " + g + "] Copy output data from the CUDA device to the host memory");
            out.add("[GPU " + g + "] Test PASSED");
        }
        if (stage == Stage.FAILED) {
            out.add("[GPU " + bad + "] Copy input data from the host memory to the CUDA device");
            out.add("[GPU " + bad + "] Failed to launch vectorAdd kernel (error code unspecified launch failure)!");
            out.add("Error: GPU " + bad + " failed: " + fault);
        }
        if (stage == Stage.PASSED) {
            out.add("Done");
        }
        return out;
    }

    private static List<String> dcgmi(int gpus, Stage stage, String fault, int bad, String driver) {
        List<String> out = new ArrayList<>();
        if (stage == Stage.RUNNING || stage == Stage.KILLED) {
            return out; // dcgmi prints its table only when the diagnostic ends
        }
        String ids = String.join(",", java.util.Collections.nCopies(gpus, "2330"));
        out.add("Successfully ran diagnostic for group.");
        out.add("+---------------------------+------------------------------------------------+");
        out.add(row("Diagnostic", "Result"));
        out.add("+===========================+================================================+");
        out.add("|-----  Metadata  ----------+------------------------------------------------|");
        out.add(row("DCGM Version", "4.2.3"));
        out.add(row("Driver Version Detected", driver));
        out.add(row("GPU Device IDs Detected", ids));
        out.add("|-----  Deployment  --------+------------------------------------------------|");
        String failing = fault != null && fault.matches("(?i).*(xid|memory|ecc|row).*") ? "Page Retirement/Row Remap" : "NVML Library";
        for (String test : new String[]{"Denylist", "NVML Library", "CUDA Main Library", "Permissions and OS Blocks",
                "Persistence Mode", "Environment Variables", "Page Retirement/Row Remap", "Graphics Processes", "Inforom"}) {
            boolean fails = stage == Stage.FAILED && test.equals(failing);
            out.add(row(test, fails ? "Fail - GPU: " + bad : "Pass"));
            if (fails) {
                out.add(row("Warning: GPU " + bad, fault.length() > 46 ? fault.substring(0, 46) : fault));
            }
        }
        out.add("+---------------------------+------------------------------------------------+");
        if (stage == Stage.FAILED) {
            out.add("Error: GPU " + bad + " failed the diagnostic: " + fault);
        }
        return out;
    }

    private static String row(String name, String value) {
        return String.format("| %-25s | %-46s |", name, value);
    }
}
