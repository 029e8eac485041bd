package io.tablecast.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Another process's CPU from {@code /proc} (Linux): the whole process's, and each thread's by
 * thread id, in CPU seconds, and how often each thread was switched in (its context switches: an
 * idle thread's wake-ups); and the Java names of a JVM's threads, from {@code jcmd Thread.print}
 * (the kernel keeps only their first 15 characters). Read from outside, so the process measured
 * does nothing for it.
 */
final class ThreadTicks {

  /** {@code "name" #12 daemon prio=5 os_prio=0 cpu=1.2ms elapsed=3.4s tid=0x… nid=0x1a2b …}: a thread dump's thread line. */
  private static final Pattern SWITCHES = Pattern.compile("ctxt_switches:\\s+(\\d+)");
  private static final Pattern DUMP_LINE = Pattern.compile("^\"(.+)\".*? nid=(0x[0-9a-f]+|\\d+)", Pattern.MULTILINE);

  /**
   * One moment of a process.
   *
   * @param process the process's CPU seconds, its ended threads' included
   * @param threads each live thread's CPU seconds, by thread id
   * @param switches each live thread's context switches, voluntary and not, by thread id
   * @param names each live thread's kernel name (at most 15 characters), by thread id
   */
  record Snapshot(double process, Map<Long, Double> threads, Map<Long, Long> switches, Map<Long, String> names) {

    long allSwitches() {
      return switches.values().stream().mapToLong(Long::longValue).sum();
    }
  }

  private ThreadTicks() {}

  static Snapshot of(long pid) {
    Map<Long, Double> threads = new HashMap<>();
    Map<Long, Long> switches = new HashMap<>();
    Map<Long, String> names = new HashMap<>();
    Path tasks = Path.of("/proc/" + pid + "/task");
    try (Stream<Path> list = Files.list(tasks)) {
      list.forEach(task -> {
        long tid = Long.parseLong(task.getFileName().toString());
        try {
          names.put(tid, Files.readString(task.resolve("comm")).strip());
          threads.put(tid, ProcessCpu.seconds(task.resolve("stat")));
          switches.put(tid, switches(Files.readString(task.resolve("status"))));
        } catch (IOException e) {
          // the thread ended meanwhile
        }
      });
    } catch (IOException e) {
      // the process ended: nothing to report
    }
    return new Snapshot(ProcessCpu.seconds(Path.of("/proc/" + pid + "/stat")), threads, switches, names);
  }

  /** {@code voluntary_ctxt_switches} plus {@code nonvoluntary_ctxt_switches} of a task's {@code status}. */
  private static long switches(String status) {
    Matcher field = SWITCHES.matcher(status);
    long total = 0;
    while (field.find()) {
      total += Long.parseLong(field.group(1));
    }
    return total;
  }

  /** One thread's CPU seconds and context switches over an interval. */
  record Used(double seconds, long switches) {

    Used plus(Used other) {
      return new Used(seconds + other.seconds, switches + other.switches);
    }
  }

  /** Each thread's use between two snapshots; a thread that started meanwhile counts with all of its own. */
  static Map<Long, Used> between(Snapshot start, Snapshot end) {
    Map<Long, Used> used = new HashMap<>();
    end.threads().forEach((tid, seconds) -> used.put(tid, new Used(seconds - start.threads().getOrDefault(tid, 0.0),
        end.switches().getOrDefault(tid, 0L) - start.switches().getOrDefault(tid, 0L))));
    return used;
  }

  /**
   * Each thread's use between two snapshots of JVM {@code pid}, by its Java name (its kernel name
   * for the JVM's own threads), threads of one name together. Call it after the interval: the
   * thread dump it takes costs the JVM CPU.
   */
  static Map<String, Used> byJavaName(long pid, Snapshot start, Snapshot end) {
    Map<Long, String> javaNames = javaNames(pid);
    Map<String, Used> byName = new HashMap<>();
    between(start, end).forEach((tid, used) -> byName.merge(javaNames.getOrDefault(tid, end.names().get(tid)), used, Used::plus));
    return byName;
  }

  /**
   * The Java names of a JVM's threads by thread id, from {@code jcmd <pid> Thread.print} with the
   * {@code jcmd} beside this JVM's {@code java}; empty when it cannot tell. The JVM's own threads
   * (compilers, collectors) are not in the dump: their kernel names serve.
   */
  static Map<Long, String> javaNames(long pid) {
    Path jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd");
    Map<Long, String> names = new HashMap<>();
    try {
      Process dump = new ProcessBuilder(jcmd.toString(), String.valueOf(pid), "Thread.print").redirectErrorStream(true).start();
      String text = new String(dump.getInputStream().readAllBytes());
      dump.waitFor(30, TimeUnit.SECONDS);
      Matcher line = DUMP_LINE.matcher(text);
      while (line.find()) {
        String nid = line.group(2);
        names.put(nid.startsWith("0x") ? Long.parseLong(nid.substring(2), 16) : Long.parseLong(nid), line.group(1));
      }
    } catch (IOException e) {
      return Map.of();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    return names;
  }

  /**
   * A thread's family: its name without ids (a UUID, a trailing number), so that {@code
   * data-plane-kafka-request-handler-3} and {@code -4} count together.
   */
  static String family(String name) {
    return name.replaceAll("[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}", "…").replaceAll("[-_ #]?\\d+$", "");
  }
}
