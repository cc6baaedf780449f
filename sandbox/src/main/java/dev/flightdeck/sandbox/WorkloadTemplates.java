package dev.flightdeck.sandbox;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The pod templates of the seeded gang workloads, shaped like the upstream projects' examples
 * (Kubeflow's container names {@code pytorch}, {@code mpi-launcher}/{@code mpi-worker}; a JobSet's
 * Job template inside each replicated job), so the console can act on them (a resume puts its
 * variable into every container) and the simulated controllers can make pods from them.
 */
final class WorkloadTemplates {

    private static final String IMAGE = "nvcr.io/nvidia/pytorch:25.01-py3";

    private WorkloadTemplates() {
    }

    /** An Indexed Job as the API server stores it: its UID is the one its seeded pods' owner references name. */
    static void indexedJob(ObjectNode job, int gpus) {
        String name = job.path("metadata").path("name").asText();
        job.with("metadata").put("uid", PodTemplates.ownerUid(name));
        ObjectNode template = trainer("trainer", gpus, "torchrun", "--nproc-per-node=8", "/workspace/train.py");
        template.with("metadata").with("labels").put("scheduling.x-k8s.io/pod-group", name);
        ObjectNode spec = (ObjectNode) template.path("spec");
        spec.put("subdomain", name);
        spec.withArray("volumes").addObject().put("name", "dshm").putObject("emptyDir").put("medium", "Memory");
        job.with("spec").set("template", template);
        SandboxJobDefaults.apply(job);
    }

    static void pyTorchJob(ObjectNode job, int gpus) {
        for (String type : new String[]{"Master", "Worker"}) {
            ObjectNode replica = job.with("spec").with("pytorchReplicaSpecs").with(type);
            replica.put("restartPolicy", "OnFailure");
            replica.set("template", trainer("pytorch", gpus, "torchrun", "/workspace/sft.py"));
        }
    }

    static void mpiJob(ObjectNode job, int gpus) {
        ObjectNode specs = job.with("spec").with("mpiReplicaSpecs");
        specs.with("Launcher").set("template", trainer("mpi-launcher", 0, "mpirun", "-np", "16", "python", "/workspace/pretrain_bert.py"));
        specs.with("Worker").set("template", trainer("mpi-worker", gpus, "/usr/sbin/sshd", "-De"));
    }

    static void jobSet(ObjectNode jobSet, int gpus) {
        for (com.fasterxml.jackson.databind.JsonNode rj : jobSet.path("spec").path("replicatedJobs")) {
            ObjectNode jobSpec = ((ObjectNode) rj).with("template").with("spec");
            jobSpec.put("completionMode", "Indexed").put("backoffLimit", 0);
            jobSpec.set("template", trainer("trainer", gpus, "torchrun", "/workspace/vit.py"));
        }
    }

    private static ObjectNode trainer(String container, int gpus, String... command) {
        ObjectNode t = SandboxJson.MAPPER.createObjectNode();
        t.putObject("metadata");
        ObjectNode spec = t.putObject("spec");
        spec.put("restartPolicy", "Never");
        ObjectNode c = spec.putArray("containers").addObject();
        c.put("name", container).put("image", IMAGE);
        for (String part : command) {
            c.withArray("command").add(part);
        }
        c.putArray("env").addObject().put("name", "NODE_NAME").putObject("valueFrom").putObject("fieldRef")
                .put("fieldPath", "spec.nodeName");
        if (gpus > 0) {
            c.putObject("resources").putObject("limits").put("nvidia.com/gpu", Integer.toString(gpus));
        }
        return t;
    }
}
