package dev.flightdeck.app.launch;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** {@code flightdeck get} on the command line: kubectl's spellings of the object, -n and -o, and one line for a bad one. */
class GetRequestTest {

    private static GetRequest get(String... args) throws UsageException {
        LaunchOptions o = LaunchOptions.parse(args);
        assertEquals(LaunchOptions.Command.GET, o.command());
        return o.get();
    }

    private static String refused(String... args) {
        return assertThrows(UsageException.class, () -> LaunchOptions.parse(args)).getMessage();
    }

    @Test
    void kindSlashNameOrKindThenName() throws Exception {
        assertEquals(new GetRequest("node", "gpu-node-007", null, GetRequest.Format.YAML), get("get", "node/gpu-node-007"));
        assertEquals(new GetRequest("jobs.batch", "llm", "training", GetRequest.Format.YAML),
                get("get", "jobs.batch", "llm", "-n", "training"));
        assertEquals(new GetRequest("PyTorchJob", "llm", "training", GetRequest.Format.JSON),
                get("get", "-n", "training", "-o", "json", "PyTorchJob/llm"), "flags before the object, as kubectl takes them");
        assertEquals("po/llm-0", get("get", "po/llm-0").object());
    }

    @Test
    void kubectlsWaysOfWritingTheFlags() throws Exception {
        assertEquals(GetRequest.Format.JSON, get("get", "po/x", "-ojson").format());
        assertEquals(GetRequest.Format.JSON, get("get", "po/x", "-o=json").format());
        assertEquals(GetRequest.Format.JSON, get("get", "po/x", "--output=json").format());
        assertEquals(GetRequest.Format.YAML, get("get", "po/x", "--output", "YAML").format());
        assertEquals("training", get("get", "po/x", "-ntraining").namespace());
        assertEquals("training", get("get", "po/x", "-n=training").namespace());
        assertEquals("training", get("get", "po/x", "--namespace=training").namespace());
        assertNull(get("get", "po/x").namespace(), "none given: the context's namespace, decided when connected");
        LaunchOptions o = LaunchOptions.parse("get", "po/x", "--context", "prod", "--kubeconfig", "/tmp/k");
        assertEquals("prod", o.context());
    }

    @Test
    void badInputIsOneClearLine() {
        assertEquals("get needs one object: KIND/NAME or KIND NAME, e.g. get node/gpu-node-007 or get po/llm-pretrain-0 "
                + "-n training", refused("get"));
        assertEquals(refused("get"), refused("get", "pods"), "a kind alone is a list, which get does not print");
        assertEquals("get needs KIND/NAME with one slash, e.g. jobs.batch/llm-pretrain, not 'pods/'", refused("get", "pods/"));
        assertEquals("get needs KIND/NAME with one slash, e.g. jobs.batch/llm-pretrain, not '/x'", refused("get", "/x"));
        assertEquals("get needs KIND/NAME with one slash, e.g. jobs.batch/llm-pretrain, not 'a/b/c'", refused("get", "a/b/c"));
        assertEquals("get shows one object: 'y' is one word too many (get KIND/NAME)", refused("get", "po/x", "y"));
        assertEquals("get shows one object: 'z' is one word too many (get KIND/NAME)", refused("get", "po", "x", "z"));
        assertEquals("-o takes yaml or json, not 'wide'", refused("get", "po/x", "-o", "wide"));
        assertEquals("-n and -o belong to get KIND/NAME", refused("check", "-n", "training"));
        assertEquals("one command at a time, not 'get' with another", refused("check", "get", "po/x"));
        assertEquals("one command at a time, not get with execute", refused("get", "po/x", "drain", "n1"));
        assertEquals("several contexts are for check and the console; an action or a drill takes one --context",
                refused("get", "po/x", "--context", "a,b"));
        assertEquals("-n needs a value", refused("get", "po/x", "-n"));
    }
}
