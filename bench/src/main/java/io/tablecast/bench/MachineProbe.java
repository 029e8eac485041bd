package io.tablecast.bench;

/**
 * Where the machine's CPU went during a measurement: this JVM (and within it the garbage
 * collector's pauses and the JIT compilers), the other processes, the hypervisor ({@code steal}:
 * time a virtual CPU was ready to run and not given a real one), and idle. A benchmark of a chain of
 * hand-offs, as a command's passes are, slows by much more than its CPU share when the cores are
 * taken by other work, so a figure far below another machine's is read against this line first.
 *
 * <p>From {@code /proc/stat} (Linux) and the JVM's management beans; elsewhere the machine's figures
 * are 0.
 */
final class MachineProbe {

  /** CPU seconds so far, and when they were read. */
  record Snapshot(long nanos, double busy, double steal, double idle, double jvm, double gcPause, double jit) {}

  private MachineProbe() {}

  static Snapshot snapshot() {
    double[] machine = ProcessCpu.machine();
    return new Snapshot(System.nanoTime(), machine[0], machine[1], machine[2], ProcessCpu.jvmSeconds(),
        Math.max(0, ComponentCpu.collectionMillis()) / 1e3, Math.max(0, JitWarmup.compilationMillis()) / 1e3);
  }

  /**
   * One line: the cores used between the two snapshots by this JVM, the other processes, steal and
   * idle, out of the machine's; and this JVM's GC pauses and JIT compilation, in ms per second.
   */
  static String describe(Snapshot before, Snapshot after) {
    double seconds = Math.max(1e-9, (after.nanos() - before.nanos()) / 1e9);
    double jvm = (after.jvm() - before.jvm()) / seconds;
    double busy = (after.busy() - before.busy()) / seconds;
    return String.format("machine: %d cores; this JVM %.2f cores (GC pauses %.0f ms/s, JIT compilers %.0f ms/s), other processes %.2f,"
            + " steal %.2f, idle %.2f", Runtime.getRuntime().availableProcessors(), jvm,
        (after.gcPause() - before.gcPause()) * 1e3 / seconds, (after.jit() - before.jit()) * 1e3 / seconds,
        Math.max(0, busy - jvm), (after.steal() - before.steal()) / seconds, (after.idle() - before.idle()) / seconds);
  }
}
