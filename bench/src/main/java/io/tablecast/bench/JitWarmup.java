package io.tablecast.bench;

import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.util.function.IntConsumer;

/**
 * Unrecorded load until the JIT compiler has settled. A benchmark's JVM hosts a Kafka broker,
 * Kafka Streams, Jetty and Jackson (and the Azure SDK and Netty for the pipeline), and its compiler
 * threads use a large part of the machine for the first minutes (half a core through the first
 * minute of the commands benchmark); a production service runs for hours, so that is the
 * benchmark's start, not the service. The load runs in {@value #CHECK_SECONDS}-second chunks,
 * through the same load generator as the measured rounds, and stops after the first chunk in which
 * the compiler threads used less than {@value #SETTLED_CORES} cores, or after the maximum.
 */
final class JitWarmup {

  static final int CHECK_SECONDS = 5;
  static final double SETTLED_CORES = 0.05;

  /**
   * What the warm-up did.
   *
   * @param seconds how long it ran
   * @param compilationSeconds compilation time during it
   * @param lastCores the compiler threads' CPU in cores in its last check; NaN when unknown
   * @param settled whether it stopped because the compiler settled, not at the maximum
   * @param totalCompilationSeconds compilation time since the JVM started
   */
  record Result(double seconds, double compilationSeconds, double lastCores, boolean settled, double totalCompilationSeconds) {}

  private JitWarmup() {}

  /** Sends {@code rate} commands per second until the compiler has settled or {@code maxSeconds} have passed. */
  static Result run(OpenLoad load, int rate, int maxSeconds) {
    return run(seconds -> load.run(new FreshnessWindow("JIT warm-up", rate, seconds)), maxSeconds);
  }

  /**
   * Runs {@code load} for {@value #CHECK_SECONDS} seconds at a time until the compiler has settled
   * or {@code maxSeconds} have passed.
   *
   * @param load runs the load for the seconds it is given, then returns
   */
  static Result run(IntConsumer load, int maxSeconds) {
    long start = System.nanoTime();
    long compiledAtStart = compilationMillis();
    double cores = Double.NaN;
    boolean settled = false;
    for (int elapsed = 0; elapsed < maxSeconds && !settled; elapsed += CHECK_SECONDS) {
      ComponentCpu.Snapshot before = ComponentCpu.sample();
      long began = System.nanoTime();
      load.accept(Math.min(CHECK_SECONDS, maxSeconds - elapsed));
      cores = compilerCores(before, ComponentCpu.sample(), (System.nanoTime() - began) / 1e9);
      settled = cores < SETTLED_CORES;
    }
    long compiled = compilationMillis();
    return new Result((System.nanoTime() - start) / 1e9, (compiled - compiledAtStart) / 1e3, cores, settled, compiled / 1e3);
  }

  /**
   * The compiler threads' CPU over an interval, in cores; where {@code /proc} cannot tell, the
   * compilation time over wall time instead (an overestimate on a busy machine: it counts the
   * time a compilation waits for a core); NaN when neither is known.
   */
  private static double compilerCores(ComponentCpu.Snapshot start, ComponentCpu.Snapshot end, double seconds) {
    ComponentCpu.Usage used = ComponentCpu.between(start, end);
    Double compilerSeconds = used.jvmThreads().get(ComponentCpu.JvmThreads.JIT);
    return (compilerSeconds != null ? compilerSeconds : used.compilationSeconds()) / seconds;
  }

  /** The JIT's total compilation time so far, in ms; -1 when this JVM does not measure it. */
  static long compilationMillis() {
    CompilationMXBean jit = ManagementFactory.getCompilationMXBean();
    return jit != null && jit.isCompilationTimeMonitoringSupported() ? jit.getTotalCompilationTime() : -1;
  }
}
