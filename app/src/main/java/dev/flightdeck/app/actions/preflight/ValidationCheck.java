package dev.flightdeck.app.actions.preflight;

import java.util.List;

/**
 * What the validation pod runs: an image and, optionally, a command (empty means the image's own
 * entrypoint). Two presets cover the conventions' suggestions (§2): a CUDA sample smoke test and
 * DCGM's quick diagnostic.
 *
 * @param name    how the check is named to people ("CUDA vectorAdd")
 * @param command the container command; empty keeps the image's entrypoint
 */
public record ValidationCheck(String name, String image, List<String> command) {

    /** NVIDIA's CUDA sample image; its entrypoint runs vectorAdd and exits 0 on "Test PASSED". */
    public static final ValidationCheck CUDA_VECTOR_ADD = new ValidationCheck("CUDA vectorAdd",
            "nvcr.io/nvidia/k8s/cuda-sample:vectoradd-cuda12.5.0", List.of());

    /**
     * DCGM's level-1 diagnostic (seconds). dcgmi is only a client: it needs a host engine to talk to,
     * so the pod starts its own ({@code nv-hostengine} daemonizes and returns) rather than depending
     * on the GPU Operator's DaemonSet being reachable from the validation namespace.
     */
    public static final ValidationCheck DCGM_DIAG_QUICK = new ValidationCheck("dcgmi diag -r 1",
            "nvcr.io/nvidia/cloud-native/dcgm:4.2.3-1-ubuntu22.04",
            List.of("/bin/bash", "-c", "nv-hostengine && dcgmi diag -r 1"));

    /** The presets offered to the operator, default first. */
    public static final List<ValidationCheck> PRESETS = List.of(CUDA_VECTOR_ADD, DCGM_DIAG_QUICK);

    public ValidationCheck {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("a validation check needs a name");
        }
        if (image == null || image.isBlank()) {
            throw new IllegalArgumentException("validation check '" + name + "' needs an image");
        }
        command = command == null ? List.of() : List.copyOf(command);
    }

    /** The command as one line for the plan, or a note that the image's entrypoint runs. */
    public String commandLine() {
        return command.isEmpty() ? "(the image's entrypoint)" : String.join(" ", command);
    }
}
