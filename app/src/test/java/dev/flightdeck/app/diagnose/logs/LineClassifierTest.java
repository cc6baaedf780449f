package dev.flightdeck.app.diagnose.logs;

import org.junit.jupiter.api.Test;

import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/**
 * Error lines in the shapes NCCL, PyTorch, the NVIDIA driver and the kernel really print them (from public issue
 * reports: NVIDIA/nccl, pytorch/pytorch, Megatron-LM, NVSentinel), classified and normalised so the same error on
 * different ranks, hosts and times reads the same.
 */
class LineClassifierTest {

    private static String norm(String line) {
        return MessageNormaliser.normalise(LineClassifier.classify(line), line, Set.of("gpu-node-021", "llm-5-x2k9p"));
    }

    @Test
    void ncclWarnAndErrorLines() {
        String warn = "gpu-node-021:13571:13602 [3] misc/socket.cc:50 NCCL WARN socketProgress: Connection closed by remote peer gpu-node-022<42830>";
        assertEquals(ErrorKind.NCCL, LineClassifier.classify(warn));
        assertEquals("NCCL WARN socketProgress: Connection closed by remote peer <peer>", norm(warn));
        String other = "gpu-node-007:9911:9940 [5] misc/socket.cc:50 NCCL WARN socketProgress: Connection closed by remote peer gpu-node-009<51002>";
        assertEquals(norm(warn), norm(other), "the same warning on another host, pid, GPU and peer");
        String exc = "[rank5]: torch.distributed.DistBackendError: NCCL error in: ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:1970, "
                + "unhandled system error (run with NCCL_DEBUG=INFO for details), NCCL version 2.21.5";
        assertEquals(ErrorKind.NCCL, LineClassifier.classify(exc));
        assertEquals("NCCL error: unhandled system error", norm(exc));
        assertNull(LineClassifier.classify("gpu-node-021:13571:13571 [0] NCCL INFO Channel 00/0 : 0[0] -> 1[0] [send] via NET/IB/0"),
                "NCCL's INFO trace is not an error");
    }

    @Test
    void watchdogTimeoutsOfEveryRankAreOneMessage() {
        String r1 = "[rank1]:[E626 06:24:44.903881913 ProcessGroupNCCL.cpp:616] [Rank 1] Watchdog caught collective operation timeout: "
                + "WorkNCCL(SeqNum=808, OpType=ALLREDUCE, NumelIn=9801523, NumelOut=9801523, Timeout(ms)=600000) ran for 600020 milliseconds before timing out.";
        String r7 = "[rank7]:[E626 06:24:45.184373931 ProcessGroupNCCL.cpp:616] [Rank 7] Watchdog caught collective operation timeout: "
                + "WorkNCCL(SeqNum=809, OpType=BROADCAST, NumelIn=5056, NumelOut=5056, Timeout(ms)=600000) ran for 600061 milliseconds before timing out.";
        assertEquals(ErrorKind.COLLECTIVE_TIMEOUT, LineClassifier.classify(r1), "a timeout, though it names NCCL");
        assertEquals("Watchdog caught collective operation timeout", norm(r1));
        assertEquals(norm(r1), norm(r7));
        String old = "[E ProcessGroupNCCL.cpp:737] [Rank 3] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=469508, "
                + "OpType=ALLREDUCE, Timeout(ms)=1800000) ran for 1802212 milliseconds before timing out.";
        assertEquals(norm(r1), norm(old), "PyTorch 1.x's shorter header");
        String detected = "[rank1]:[E626 06:24:44.906457629 ProcessGroupNCCL.cpp:1785] [PG ID 0 PG GUID 0(default_pg) Rank 1] Exception "
                + "(either an error or timeout) detected by watchdog at work: 808, last enqueued NCCL work: 811, last completed NCCL work: 807.";
        String detected3 = "[rank3]:[E626 06:24:44.906457629 ProcessGroupNCCL.cpp:1785] [PG ID 0 PG GUID 0(default_pg) Rank 3] Exception "
                + "(either an error or timeout) detected by watchdog at work: 812, last enqueued NCCL work: 815, last completed NCCL work: 811.";
        assertEquals(ErrorKind.COLLECTIVE_TIMEOUT, LineClassifier.classify(detected));
        assertEquals(norm(detected), norm(detected3));
    }

    @Test
    void xidLinesKeepTheirCodeAndLoseTheirDevice() {
        String a = "NVRM: Xid (PCI:0000:9b:00): 79, pid=2314, name=python, GPU has fallen off the bus.";
        String b = "[ 1843.308145] NVRM: Xid (PCI:0000:44:00): 79, pid='<unknown>', name=<unknown>, GPU has fallen off the bus.";
        assertEquals(ErrorKind.XID, LineClassifier.classify(a));
        assertEquals("NVRM: Xid 79: GPU has fallen off the bus", norm(a));
        assertEquals(norm(a), norm(b));
        String dbe = "NVRM: Xid (PCI:0000:3b:00): 48, pid=1234, An uncorrectable double bit error (DBE) has been detected on GPU.";
        assertEquals("NVRM: Xid 48: An uncorrectable double bit error (DBE) has been detected on GPU", norm(dbe),
                "another Xid is another message");
    }

    @Test
    void cudaOutOfMemoryAndOtherCudaErrors() {
        String oom = "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB. GPU 3 has a total capacity of 79.11 GiB "
                + "of which 1.23 GiB is free. Including non-PyTorch memory, this process has 77.87 GiB memory in use.";
        String oom2 = "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 4.50 GiB. GPU 0 has a total capacity of 79.11 GiB "
                + "of which 212.00 MiB is free.";
        assertEquals(ErrorKind.CUDA_OOM, LineClassifier.classify(oom));
        assertEquals("torch.OutOfMemoryError: CUDA out of memory", norm(oom));
        assertEquals(norm(oom), norm(oom2));
        assertEquals(ErrorKind.CUDA_OOM, LineClassifier.classify("RuntimeError: CUDA error: out of memory"));
        assertEquals(ErrorKind.CUDA, LineClassifier.classify("RuntimeError: CUDA error: an illegal memory access was encountered"));
        assertNull(LineClassifier.classify("CUDA kernel errors might be asynchronously reported at some other API call, so the "
                + "stacktrace below might be incorrect."), "PyTorch's advice after a CUDA error is not one more error");
    }

    @Test
    void fatalAndErrorLinesAndNotErrors() {
        assertEquals(ErrorKind.FATAL, LineClassifier.classify("Fatal Python error: Segmentation fault"));
        assertEquals(ErrorKind.FATAL, LineClassifier.classify("[rank2]:[F1124 14:02:11.123456 123 ProcessGroupNCCL.cpp:1290] "
                + "[PG 0 Rank 2] Some message from glog at fatal level"));
        assertEquals(ErrorKind.FATAL, LineClassifier.classify("terminate called after throwing an instance of 'c10::DistBackendError'"));
        assertEquals(ErrorKind.ERROR, LineClassifier.classify("RuntimeError: Expected all tensors to be on the same device"));
        assertEquals(ErrorKind.ERROR, LineClassifier.classify("2026-11-24 14:02:11,123 ERROR trainer: checkpoint upload failed"));
        assertNull(LineClassifier.classify("step 4210 | loss 2.1432 | lr 3.0e-04 | step time 1.41 s | 412.3 TFLOPS"));
        assertNull(LineClassifier.classify("[W1124 14:02:11.123 123 ProcessGroupNCCL.cpp:1000] a warning"));
        assertNull(LineClassifier.classify("  File \"/workspace/train.py\", line 412, in <module>"));
        assertNull(LineClassifier.classify("error_count=0 and all is well"));
    }

    @Test
    void prefixesTimestampsPidsAndAddressesGoFromMessages() {
        assertEquals(norm("2026-11-24T14:02:11.123Z ERROR connection to 10.0.3.4:29500 failed (pid 4411)"),
                norm("[rank9]: 2026-11-24T14:09:59.001Z ERROR connection to 10.0.7.19:29500 failed (pid 8123)"));
        assertEquals("RuntimeError: store at <host> refused", norm("RuntimeError: store at gpu-node-021 refused"),
                "a node's name is a host");
    }
}
