package dev.flightdeck.app.diagnose.logs;

import java.util.regex.Pattern;

/**
 * Whether one log line is an error line, and of which kind ({@link ErrorKind}): a pure function of the line. The
 * shapes are those the tools really print — NCCL's {@code host:pid:tid [gpu] file.cc:line NCCL WARN …}, PyTorch's
 * {@code torch.distributed.DistBackendError: NCCL error in: …} and its watchdog's {@code Watchdog caught collective
 * operation timeout: WorkNCCL(…)}, the driver's {@code NVRM: Xid (PCI:0000:3b:00): 79, …}, {@code CUDA out of memory},
 * {@code CUDA error: …}, glog's E and F lines — checked most specific first, so a line is counted once. The exception
 * line that ends a Python traceback needs the lines before it: {@link LogScanner} finds it.
 */
public final class LineClassifier {

    private static final Pattern XID = Pattern.compile("NVRM: Xid\\b|\\bXid \\(PCI:|\\bXid \\d+\\b");
    private static final Pattern CUDA_OOM = Pattern.compile(
            "CUDA out of memory|CUDA error: out of memory|OutOfMemoryError|cudaErrorMemoryAllocation|CUBLAS_STATUS_ALLOC_FAILED");
    private static final Pattern TIMEOUT = Pattern.compile("Watchdog caught collective operation timeout"
            + "|collective operation timeout|Some NCCL operations have failed or timed out"
            + "|NCCL (?:communicator|operation).*timed? ?out|watchdog.*(?:timeout|timed out)|Timed out waiting \\d+ms for"
            + "|DistStoreError: .*[Tt]imed? ?out|heartbeat monitor.*timed? ?out"
            + "|Exception \\(either an error or timeout\\) detected by watchdog", Pattern.CASE_INSENSITIVE);
    /** The C++ runtime's last words when an exception escapes (often a DistBackendError): an abort, not an NCCL error. */
    private static final Pattern ABORT = Pattern.compile("terminate called after throwing");
    private static final Pattern NCCL = Pattern.compile("NCCL WARN|NCCL ERROR|NCCL error|ncclSystemError|ncclInternalError"
            + "|ncclUnhandledCudaError|ncclInvalidUsage|ncclRemoteError|ncclInvalidArgument|DistBackendError");
    private static final Pattern CUDA = Pattern.compile("CUDA error|CUDA Error|cudaError\\w*|CUBLAS_STATUS_\\w+|CUDNN_STATUS_\\w+"
            + "|device-side assert(?:ion)? triggered|an illegal memory access was encountered|unspecified launch failure"
            + "|uncorrectable ECC error");
    private static final Pattern FATAL = Pattern.compile("\\bFATAL\\b|Fatal Python error|Segmentation fault|core dumped"
            + "|terminate called after throwing|\\bSIGSEGV\\b|\\bSIGABRT\\b|(?i:\\blevel=fatal\\b)");
    /** An exception's own line ({@code RuntimeError: …}, {@code torch.distributed…ChildFailedError:}), or an ERROR word. */
    private static final Pattern ERROR = Pattern.compile("^(?:[\\w.]+\\.)?[A-Z]\\w*(?:Error|Exception):(?:\\s|$)"
            + "|\\b[A-Z]\\w*Error: |\\bERROR\\b|(?i:\\blevel=error\\b)");
    /** Lines that mention an error without being one (PyTorch's advice after a CUDA error, NCCL's INFO trace). */
    private static final Pattern NOT_AN_ERROR = Pattern.compile("^NCCL INFO\\b|\\bNCCL INFO\\b|errors might be asynchronously"
            + "|For debugging consider passing CUDA_LAUNCH_BLOCKING|Compile with `TORCH_USE_CUDA_DSA`");

    private LineClassifier() {
    }

    /** The kind of error the line shows, or null when it shows none. */
    public static ErrorKind classify(String line) {
        if (line == null || line.isBlank()) {
            return null;
        }
        String text = LinePrefixes.strip(line);
        if (NOT_AN_ERROR.matcher(text).find()) {
            return null;
        }
        if (XID.matcher(text).find()) {
            return ErrorKind.XID;
        }
        if (CUDA_OOM.matcher(text).find()) {
            return ErrorKind.CUDA_OOM;
        }
        if (TIMEOUT.matcher(text).find()) {
            return ErrorKind.COLLECTIVE_TIMEOUT;
        }
        if (ABORT.matcher(text).find()) {
            return ErrorKind.FATAL;
        }
        if (NCCL.matcher(text).find()) {
            return ErrorKind.NCCL;
        }
        if (CUDA.matcher(text).find()) {
            return ErrorKind.CUDA;
        }
        char severity = LinePrefixes.glogSeverity(line);
        if (severity == 'F' || FATAL.matcher(text).find()) {
            return ErrorKind.FATAL;
        }
        if (severity == 'E' || ERROR.matcher(text).find()) {
            return ErrorKind.ERROR;
        }
        return null;
    }

    /** The kind of the exception line that ends a traceback: a specific kind when its words say so, else EXCEPTION. */
    static ErrorKind classifyException(String line) {
        ErrorKind k = classify(line);
        return k == null || k == ErrorKind.ERROR ? ErrorKind.EXCEPTION : k;
    }
}
