package io.tablecast.bench;

import java.io.IOException;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;

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

  /** {@code getconf CLK_TCK}: 100 on every Linux the benchmark runs on. */
  private static final double TICKS_PER_SECOND = 100.0;

  /** CPU seconds so far, and when they were read. */
  record Snapshot(long nanos, double busy, double steal, double idle, double jvm, double gcPause, double jit) {}

  private MachineProbe() {}

  static Snapshot snapshot() {
    double[] machine = machine();
    double gc = 0;
    for (GarbageCollectorMXBean collector : ManagementFactory.getGarbageCollectorMXBeans()) {
      gc += Math.max(0, collector.getCollectionTime()) / 1e3;
    }
    var compiler = ManagementFactory.getCompilationMXBean();
    double jit = compiler != null && compiler.isCompilationTimeMonitoringSupported() ? compiler.getTotalCompilationTime() / 1e3 : 0;
    return new Snapshot(System.nanoTime(), machine[0], machine[1], machine[2], ProcessCpu.jvmSeconds(), gc, jit);
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

  /** Busy (steal excluded), steal and idle (iowait included) CPU seconds of the whole machine; zeros when unknown. */
  private static double[] machine() {
    try {
      String[] f = Files.readAllLines(Path.of("/proc/stat")).get(0).trim().split("\\s+");
      // cpu user nice system idle iowait irq softirq steal ...
      long busy = 0;
      for (int i : new int[] {1, 2, 3, 6, 7}) {
        busy += Long.parseLong(f[i]);
      }
      long idle = Long.parseLong(f[4]) + Long.parseLong(f[5]);
      long steal = f.length > 8 ? Long.parseLong(f[8]) : 0;
      return new double[] {busy / TICKS_PER_SECOND, steal / TICKS_PER_SECOND, idle / TICKS_PER_SECOND};
    } catch (IOException | RuntimeException e) {
      return new double[3];
    }
  }
}
