package dev.flightdeck.app.threads;

import java.io.IOException;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * Lowers the CPU priority of some of this process's threads, by their names, on Linux: each thread there has its own
 * nice value, and a process may raise its threads' nice values (lower their priority) without privileges.
 * <p>
 * Why: on a two-core machine the console's own background work (the model's folds, JSON parsing, the JIT's
 * compilers) competes with the FX thread and the renderer for the same cores, and under churn the pulses stretched
 * while the FX thread waited for a core, not while it worked (pulses took twice the FX thread's CPU). Background
 * threads at a higher nice value still get every idle cycle; they only yield when the screen needs a core.
 * <p>
 * Elsewhere (macOS, Windows) there is no per-thread nice value to set, and {@link #linux()} is empty.
 */
public final class ThreadNiceness {

    private static final int PRIO_PROCESS = 0; // with a thread id, Linux applies it to that one thread
    private static final Path TASKS = Path.of("/proc/self/task");

    private final MethodHandle setpriority;

    private ThreadNiceness(MethodHandle setpriority) {
        this.setpriority = setpriority;
    }

    /** The mechanism, where the OS has it (Linux with /proc); empty elsewhere or when libc cannot be reached. */
    public static Optional<ThreadNiceness> linux() {
        if (!System.getProperty("os.name", "").toLowerCase(java.util.Locale.ROOT).contains("linux")
                || !Files.isDirectory(TASKS)) {
            return Optional.empty();
        }
        try {
            Linker linker = Linker.nativeLinker();
            return linker.defaultLookup().find("setpriority").map(address -> new ThreadNiceness(linker.downcallHandle(address,
                    FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.JAVA_INT, ValueLayout.JAVA_INT,
                            ValueLayout.JAVA_INT))));
        } catch (RuntimeException | LinkageError e) {
            return Optional.empty(); // native access denied (--illegal-native-access=deny): run without it
        }
    }

    /**
     * Sets {@code nice} on every thread of this process whose name (as the kernel keeps it: the first 15 characters)
     * {@code which} accepts and whose nice value is lower; never raises a thread's priority.
     *
     * @return how many threads were changed
     */
    public int lower(Predicate<String> which, int nice) {
        int changed = 0;
        try (DirectoryStream<Path> tasks = Files.newDirectoryStream(TASKS)) {
            for (Path task : tasks) {
                changed += lowerOne(task, which, nice) ? 1 : 0;
            }
        } catch (IOException e) {
            return changed; // /proc went away under us: nothing to lower
        }
        return changed;
    }

    private boolean lowerOne(Path task, Predicate<String> which, int nice) {
        try {
            if (!which.test(nameOf(task)) || niceOf(task) >= nice) {
                return false;
            }
            int tid = Integer.parseInt(task.getFileName().toString());
            return (int) setpriority.invokeExact(PRIO_PROCESS, tid, nice) == 0;
        } catch (Throwable e) {
            return false; // the thread ended while we looked, or the call failed: it keeps its priority
        }
    }

    /** A thread's name as the kernel keeps it (its first 15 characters). */
    private static String nameOf(Path task) throws IOException {
        return Files.readString(task.resolve("comm"), StandardCharsets.UTF_8).strip();
    }

    /** The nice value of one thread, from {@code /proc/self/task/TID/stat} (field 19, after the name in parentheses). */
    static int niceOf(Path task) throws IOException {
        String stat = Files.readString(task.resolve("stat"), StandardCharsets.US_ASCII);
        String[] after = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        return Integer.parseInt(after[16]); // fields from 3 on: state is [0], so nice (19) is [16]
    }

    /** The nice value of the thread named {@code name}, or empty when no thread has that name. For checks. */
    public static Optional<Integer> niceOf(String name) {
        return niceOf(TASKS, name);
    }

    /**
     * As {@link #niceOf(String)}, in {@code tasks} (a /proc/PID/task directory). A thread that ends while the others
     * are read is passed over: it once cut the whole search short, and a thread that was there read as absent.
     */
    static Optional<Integer> niceOf(Path tasks, String name) {
        try (DirectoryStream<Path> all = Files.newDirectoryStream(tasks)) {
            for (Path task : all) {
                try {
                    if (nameOf(task).equals(name)) {
                        return Optional.of(niceOf(task));
                    }
                } catch (IOException | RuntimeException e) {
                    // that thread ended while we looked (its files are gone): the others are still read
                }
            }
        } catch (IOException e) {
            return Optional.empty();
        }
        return Optional.empty();
    }
}
