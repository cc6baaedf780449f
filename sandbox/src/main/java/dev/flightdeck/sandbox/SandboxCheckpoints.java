package dev.flightdeck.sandbox;

import com.fasterxml.jackson.databind.node.ObjectNode;

import java.time.Duration;
import java.time.Instant;

/**
 * Writes checkpoint folders into the sandbox's object storage as real trainers lay them out
 * (conventions §4), and points the workload at them with {@code flightdeck.dev/checkpoint-prefix}.
 * Each run saves every {@code spacing}; the newest save can be left in progress (its completion
 * marker not yet written), which the console must not count.
 */
final class SandboxCheckpoints {

    private final SandboxBuckets buckets;

    SandboxCheckpoints(SandboxBuckets buckets) {
        this.buckets = buckets;
    }

    /** PyTorch DCP / torchtitan: {@code step-N/} with shards and {@code .metadata} written last. */
    void dcp(ObjectNode workload, Instant newestComplete, long newestStep, long stepsApart, Duration spacing,
             boolean saveInProgress) {
        String prefix = prefix(workload);
        for (int i = 0; i < 4; i++) {
            long step = newestStep - i * stepsApart;
            Instant at = newestComplete.minus(spacing.multipliedBy(i));
            String folder = prefix + "step-" + step + "/";
            buckets.put(SandboxS3Server.BUCKET, folder + "__0_0.distcp", "shard", at.minusSeconds(40));
            buckets.put(SandboxS3Server.BUCKET, folder + ".metadata", "dcp-metadata step " + step, at);
        }
        if (saveInProgress) {
            String folder = prefix + "step-" + (newestStep + stepsApart) + "/";
            buckets.put(SandboxS3Server.BUCKET, folder + "__0_0.distcp", "shard", newestComplete.plus(spacing));
        }
    }

    /** Megatron-LM: {@code iter_NNNNNNN/} folders and the tracker naming the newest complete one. */
    void megatron(ObjectNode workload, Instant newestComplete, long newestIteration, long iterationsApart,
                  Duration spacing) {
        String prefix = prefix(workload);
        for (int i = 0; i < 3; i++) {
            long iteration = newestIteration - i * iterationsApart;
            Instant at = newestComplete.minus(spacing.multipliedBy(i));
            String folder = prefix + String.format("iter_%07d/", iteration);
            buckets.put(SandboxS3Server.BUCKET, folder + "__0_0.distcp", "shard", at.minusSeconds(60));
            buckets.put(SandboxS3Server.BUCKET, folder + ".metadata", "torch_dist metadata", at);
        }
        buckets.put(SandboxS3Server.BUCKET, prefix + "latest_checkpointed_iteration.txt",
                Long.toString(newestIteration), newestComplete.plusSeconds(1));
    }

    /** Hugging Face Trainer: {@code checkpoint-N/} with {@code trainer_state.json} saved last. */
    void huggingFace(ObjectNode workload, Instant newestComplete, long newestStep, long stepsApart, Duration spacing) {
        String prefix = prefix(workload);
        for (int i = 0; i < 3; i++) {
            long step = newestStep - i * stepsApart;
            Instant at = newestComplete.minus(spacing.multipliedBy(i));
            String folder = prefix + "checkpoint-" + step + "/";
            buckets.put(SandboxS3Server.BUCKET, folder + "model.safetensors", "weights", at.minusSeconds(30));
            buckets.put(SandboxS3Server.BUCKET, folder + "trainer_state.json", "{\"global_step\":" + step + "}", at);
        }
    }

    /** Annotates the workload with its own folder in the sandbox bucket and returns the key prefix. */
    private static String prefix(ObjectNode workload) {
        String ns = workload.path("metadata").path("namespace").asText();
        String name = workload.path("metadata").path("name").asText();
        String key = ns + "/" + name + "/";
        workload.with("metadata").with("annotations").put("flightdeck.dev/checkpoint-prefix",
                "s3://" + SandboxS3Server.BUCKET + "/" + key);
        return key;
    }
}
