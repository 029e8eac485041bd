package io.tablecast.bench;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * CPU time and resident memory of a process, from {@code /proc} (Linux): to see how busy Azurite
 * is during each interval, and to wait until it is idle (its database save every 5 s included)
 * before the next measurement starts. On other systems every figure is 0.
 */
final class ProcessCpu {

  /** {@code getconf CLK_TCK}: 100 on every Linux the benchmark runs on. */
  private static final double TICKS_PER_SECOND = 100.0;

  private final long pid;

  ProcessCpu(long pid) {
    this.pid = pid;
  }

  /** User + system CPU seconds used so far; 0 when unknown. */
  double seconds() {
    return seconds(Path.of("/proc/" + pid + "/stat"));
  }

  /**
   * User + system CPU seconds in a {@code stat} file of {@code /proc}: a process's, or one
   * thread's ({@code /proc/<pid>/task/<tid>/stat}); 0 when unknown.
   */
  static double seconds(Path statFile) {
    try {
      String stat = Files.readString(statFile);
      String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
      // fields[0] is field 3 (state); utime and stime are fields 14 and 15
      return (Long.parseLong(fields[11]) + Long.parseLong(fields[12])) / TICKS_PER_SECOND;
    } catch (IOException | RuntimeException e) {
      return 0;
    }
  }

  /** Resident memory in MiB; 0 when unknown. */
  long rssMiB() {
    try {
      for (String line : Files.readAllLines(Path.of("/proc/" + pid + "/status"))) {
        if (line.startsWith("VmRSS:")) {
          return Long.parseLong(line.replaceAll("[^0-9]", "")) / 1024;
        }
      }
    } catch (IOException | RuntimeException e) {
      // unknown
    }
    return 0;
  }

  /** CPU seconds used by the whole machine so far (all cores, every process), from {@code /proc/stat}; 0 when unknown. */
  static double machineSeconds() {
    double[] machine = machine();
    return machine[0] + machine[1];
  }

  /**
   * The whole machine's CPU seconds so far, from the {@code cpu} line of {@code /proc/stat}: busy
   * (user, nice, system, irq, softirq), steal (a virtual CPU ready to run and not given a real
   * one), and idle (iowait included); zeros when unknown.
   */
  static double[] machine() {
    try {
      String[] f = Files.readAllLines(Path.of("/proc/stat")).get(0).trim().split("\\s+");
      long busy = 0;
      for (int i : new int[] {1, 2, 3, 6, 7}) {
        busy += Long.parseLong(f[i]);
      }
      long steal = f.length > 8 ? Long.parseLong(f[8]) : 0;
      long idle = Long.parseLong(f[4]) + Long.parseLong(f[5]);
      return new double[] {busy / TICKS_PER_SECOND, steal / TICKS_PER_SECOND, idle / TICKS_PER_SECOND};
    } catch (IOException | RuntimeException e) {
      return new double[3];
    }
  }

  /** CPU seconds of this JVM (Kafka broker, projector and loaders); 0 when unknown. */
  static double jvmSeconds() {
    if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
      return os.getProcessCpuTime() / 1e9;
    }
    return 0;
  }

  /**
   * Waits until every process has used less than 5 % of a core over a whole second, or {@code
   * maxSeconds} have passed; returns the seconds waited.
   */
  static double awaitIdle(double maxSeconds, ProcessCpu... processes) {
    long start = System.nanoTime();
    while ((System.nanoTime() - start) / 1e9 < maxSeconds) {
      double[] before = new double[processes.length];
      for (int i = 0; i < processes.length; i++) {
        before[i] = processes[i].seconds();
      }
      sleep(1000);
      boolean idle = true;
      for (int i = 0; i < processes.length; i++) {
        idle &= processes[i].seconds() - before[i] < 0.05;
      }
      if (idle) {
        break;
      }
    }
    return (System.nanoTime() - start) / 1e9;
  }

  static void sleep(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }
}
