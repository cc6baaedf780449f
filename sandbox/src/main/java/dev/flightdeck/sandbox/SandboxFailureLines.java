package dev.flightdeck.sandbox;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The last words of a training rank in the shapes the real tools print them (taken from public NCCL, PyTorch and
 * driver issue reports): NCCL's WARN line and PyTorch's {@code DistBackendError} traceback for a network failure,
 * {@code torch.OutOfMemoryError} for CUDA OOM, the driver's {@code NVRM: Xid} line (as a health sidecar echoes the
 * kernel log) followed by the CUDA error it causes, an illegal memory access for a crash, and the watchdog's
 * collective timeout that every other rank logs once one is gone.
 */
final class SandboxFailureLines {

    /** How a run ended badly, read from its container's end (reason and termination message) and its node. */
    enum Flavour { NCCL, IB, CUDA_OOM, XID, OOM_KILLED, CRASH }

    private static final Pattern NCCL_WHAT = Pattern.compile("NCCL error: ([^,(]+)");
    private static final Pattern XID_CODE = Pattern.compile("Xid (\\d+)");
    /** glog's header as PyTorch writes it: month unpadded, day padded ({@code E1124}, {@code E626}). */
    private static final DateTimeFormatter GLOG = DateTimeFormatter.ofPattern("M dd HH:mm:ss").withZone(ZoneOffset.UTC);

    private SandboxFailureLines() {
    }

    /**
     * @param nicFlapOnNode the host's InfiniBand NIC flaps: a rank that ended with no word of its own died of an IB
     *                      completion error, which only its log tells
     */
    static Flavour flavour(String reason, String message, boolean xidOnNode, boolean nicFlapOnNode) {
        String m = message == null ? "" : message;
        if ("OOMKilled".equals(reason)) {
            return Flavour.OOM_KILLED;
        }
        if (m.contains("out of memory")) {
            return Flavour.CUDA_OOM;
        }
        if (m.contains("Xid") || xidOnNode) {
            return Flavour.XID;
        }
        if (m.contains("NCCL")) {
            return Flavour.NCCL;
        }
        return m.isBlank() && nicFlapOnNode ? Flavour.IB : Flavour.CRASH;
    }

    /** What a rank prints as its run ends so ({@code peer}: a node it talked to; {@code message}: the container's). */
    static List<String> ending(Flavour f, int rank, String host, String peer, int gpu, long seed, String message) {
        List<String> out = new ArrayList<>();
        String tag = "[rank" + rank + "]: ";
        int pid = 1000 + (int) Math.floorMod(seed, 60_000);
        switch (f) {
            case NCCL -> {
                Matcher m = NCCL_WHAT.matcher(message == null ? "" : message);
                String what = m.find() ? m.group(1).strip() : "unhandled system error";
                if (what.startsWith("unhandled system error")) {
                    out.add(host + ":" + pid + ":" + (pid + 87) + " [" + gpu + "] misc/socket.cc:50 NCCL WARN socketProgress: "
                            + "Connection closed by remote peer " + peer + "<" + (40000 + Math.floorMod(seed, 20000)) + ">");
                    out.add(host + ":" + pid + ":" + (pid + 87) + " [" + gpu + "] NCCL INFO misc/socket.cc:752 -> 6");
                    out.add(host + ":" + pid + ":" + (pid + 87) + " [" + gpu + "] NCCL INFO transport/net_ib.cc:1289 -> 6");
                }
                traceback(out, tag, "loss.backward()", "torch/distributed/c10d_logger.py\", line 81, in wrapper");
                out.add(tag + "torch.distributed.DistBackendError: NCCL error in: /opt/pytorch/pytorch/torch/csrc/distributed/"
                        + "c10d/ProcessGroupNCCL.cpp:3356, " + what + " (run with NCCL_DEBUG=INFO for details), NCCL version 2.21.5");
                if (what.startsWith("unhandled system error")) {
                    out.add(tag + "Last error:");
                    out.add(tag + "socketProgress: Connection closed by remote peer " + peer);
                }
            }
            case IB -> {
                // NCCL's IB transport after the link dropped under a send: the HCA retried and gave up (status 12,
                // IBV_WC_RETRY_EXC_ERR); the proxy thread passes the error up and PyTorch raises it.
                String ib = host + ":" + pid + ":" + (pid + 91) + " [" + gpu + "] ";
                String completion = "NET/IB : Got completion from peer " + address(peer) + "<" + (40000 + Math.floorMod(seed, 20000))
                        + "> with status=12 opcode=0 len=0 vendor err 129 (Send) localGid ::ffff:" + address(host)
                        + " remoteGid ::ffff:" + address(peer) + " hca mlx5_" + Math.floorMod(gpu / 2, 4);
                out.add(ib + "transport/net_ib.cc:1696 NCCL WARN " + completion);
                out.add(ib + "NCCL INFO transport/net.cc:1298 -> 6");
                out.add(ib + "NCCL INFO proxy.cc:694 -> 6");
                out.add(ib + "NCCL INFO proxy.cc:874 -> 6 [Progress Thread]");
                traceback(out, tag, "loss.backward()", "torch/distributed/c10d_logger.py\", line 81, in wrapper");
                out.add(tag + "torch.distributed.DistBackendError: NCCL error in: /opt/pytorch/pytorch/torch/csrc/distributed/"
                        + "c10d/ProcessGroupNCCL.cpp:3356, remote process exited or there was a network error, NCCL version 2.21.5");
                out.add(tag + "ncclRemoteError: A call failed possibly due to a network error or a remote process exiting "
                        + "prematurely.");
                out.add(tag + "Last error:");
                out.add(tag + completion);
            }
            case CUDA_OOM -> {
                traceback(out, tag, "logits = model(input_ids)", "torch/nn/modules/module.py\", line 1736, in _wrapped_call_impl");
                out.add(tag + "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 3.50 GiB. GPU " + gpu
                        + " has a total capacity of 79.11 GiB of which 1.17 GiB is free. Including non-PyTorch memory, this "
                        + "process has 77.92 GiB memory in use. Of the allocated memory 71.32 GiB is allocated by PyTorch, and "
                        + "5.08 GiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try "
                        + "setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.");
            }
            case XID -> {
                Matcher m = XID_CODE.matcher(message == null ? "" : message);
                String code = m.find() ? m.group(1) : "79";
                out.add("[gpu-health] NVRM: Xid (PCI:0000:9b:00): " + code + ", pid=" + pid + ", name=python3, "
                        + (code.equals("79") ? "GPU has fallen off the bus." : "An uncorrectable error was detected."));
                traceback(out, tag, "loss.backward()", "torch/autograd/graph.py\", line 825, in _engine_run_backward");
                out.add(tag + "RuntimeError: CUDA error: unspecified launch failure");
                out.add(tag + "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace "
                        + "below might be incorrect.");
                out.add(tag + "For debugging consider passing CUDA_LAUNCH_BLOCKING=1");
            }
            case CRASH -> {
                traceback(out, tag, "optimizer.step()", "torch/optim/adamw.py\", line 220, in step");
                out.add(tag + "RuntimeError: CUDA error: an illegal memory access was encountered");
                out.add(tag + "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.");
            }
            case OOM_KILLED -> {
                // The kernel's OOM killer sends SIGKILL: the process prints nothing more.
            }
        }
        return out;
    }

    private static void traceback(List<String> out, String tag, String call, String frame) {
        out.add(tag + "Traceback (most recent call last):");
        out.add(tag + "  File \"/workspace/train.py\", line 412, in <module>");
        out.add(tag + "    main()");
        out.add(tag + "  File \"/workspace/train.py\", line 388, in main");
        out.add(tag + "    " + call);
        out.add(tag + "  File \"/usr/local/lib/python3.12/dist-packages/" + frame);
        out.add(tag + "    return func(*args, **kwargs)");
    }

    /**
     * The two lines PyTorch's NCCL watchdog logs on a rank whose collective never completed within {@code timeoutMs}
     * (the job's {@code init_process_group} timeout; PyTorch's default is 10 minutes).
     */
    static List<String> watchdog(int rank, Instant at, long seed, long seq, long timeoutMs) {
        String head = glogHead(rank, at, seed);
        long ran = timeoutMs + Math.floorMod(seed, 90);
        return List.of(head + "616] [Rank " + rank + "] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=" + seq
                        + ", OpType=ALLREDUCE, NumelIn=466119168, NumelOut=466119168, Timeout(ms)=" + timeoutMs + ") ran for "
                        + ran + " milliseconds before timing out.",
                head + "1785] [PG ID 0 PG GUID 0(default_pg) Rank " + rank + "] Exception (either an error or timeout) detected by "
                        + "watchdog at work: " + seq + ", last enqueued NCCL work: " + (seq + 2) + ", last completed NCCL work: "
                        + (seq - 1) + ".");
    }

    /** What the watchdog logs as it takes the process down after a timeout (asynchronous error handling, the default). */
    static List<String> watchdogTeardown(int rank, Instant at, long seed) {
        String head = glogHead(rank, at, seed);
        return List.of(head + "630] [Rank " + rank + "] Some NCCL operations have failed or timed out. Due to the asynchronous "
                        + "nature of CUDA kernels, subsequent GPU operations might run on corrupted/incomplete data.",
                head + "636] [Rank " + rank + "] To avoid data inconsistency, we are taking the entire process down.",
                "terminate called after throwing an instance of 'c10::DistBackendError'");
    }

    private static String glogHead(int rank, Instant at, long seed) {
        int pid = 1000 + (int) Math.floorMod(seed, 60_000);
        return "[rank" + rank + "]:[E" + GLOG.format(at).replaceFirst(" ", "") + "." + String.format("%09d", at.getNano())
                + " " + pid + " ProcessGroupNCCL.cpp:";
    }

    /** A host's address on the IB fabric, as NCCL prints it: stable per host name, in 10.0.0.0/16. */
    private static String address(String host) {
        int h = Math.floorMod(host.hashCode(), 65_024);
        return "10.0." + (h / 254) + "." + (1 + h % 254);
    }
}
