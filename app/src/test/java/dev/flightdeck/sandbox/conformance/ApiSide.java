package dev.flightdeck.sandbox.conformance;

import com.fasterxml.jackson.databind.JsonNode;
import dev.flightdeck.app.kube.KubeRest;
import dev.flightdeck.app.connect.ConnectionTarget;

import java.io.IOException;
import java.util.Map;

/**
 * One of the two API servers the conformance suite runs every scenario against: the sandbox
 * (what the console shows a newcomer) and a real kube-apiserver v1.32 with its controllers (the
 * truth). A scenario only uses what both offer; what differs is how a test arranges things the
 * API cannot (a node's kubelet, forgetting history).
 */
interface ApiSide extends AutoCloseable {

    /** "sandbox" or "kube-apiserver v1.32", for messages. */
    String name();

    boolean real();

    /** The console's REST calls with full rights, through the console's own connection. */
    KubeRest rest();

    /** The console's connection endpoint with full rights, for the core's own readers (discovery). */
    dev.flightdeck.app.watch.ApiEndpoint endpoint();

    /** What the console connects to, for a session under test. */
    ConnectionTarget target();

    /** A fresh namespace that pods may be created in at once. */
    String namespace(String prefix) throws IOException;

    /** A fresh Ready GPU node (8 GPUs), with {@code labels} added. On the real server a kubelet stand-in keeps it so. */
    String gpuNode(String prefix, Map<String, String> labels) throws IOException;

    /**
     * A fresh node that no kubelet runs: pods bound to it stay exactly as created (Pending), on
     * both servers. For scenarios about what the API server itself does with pods.
     */
    String idleNode(String prefix) throws IOException;

    /**
     * Waits until the pod bound to a {@link #gpuNode} runs, Running and Ready, as its kubelet
     * reports it: on the real server the kubelet stand-in does it; the sandbox, which has none,
     * gets the same status written through pods/status.
     */
    void running(String namespace, String pod) throws IOException, InterruptedException;

    /**
     * Makes every resourceVersion and continue token handed out so far too old, as etcd
     * compaction past a slow client does: a watch resuming from one gets 410, a continue token
     * from before answers 410 Expired.
     */
    void forgetHistory() throws IOException, InterruptedException;

    /** Creates {@code object} at {@code path} and returns it as stored; fails with the server's words. */
    default JsonNode create(String path, Object object) throws IOException {
        KubeRest.Answer a = rest().post(path, object);
        if (!a.ok()) {
            throw new IOException(name() + ": POST " + path + " answered " + a.code() + ": " + a.message());
        }
        return a.json();
    }

    @Override
    void close();
}
