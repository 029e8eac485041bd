package io.tablecast.bench;

import io.tablecast.testkit.RequestOrigins;
import java.io.IOException;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Where this JVM's CPU goes, by component: every live Java thread's CPU time at an interval's
 * start and end ({@link com.sun.management.ThreadMXBean#getThreadCpuTime(long[])}), grouped by the
 * thread's name. A thread that starts during the interval counts with all its time; one that ends
 * during it loses its time (both are counted). The JIT compiler's, the collectors' and the VM's
 * own threads are no Java threads: their CPU comes from {@code /proc/self/task} (Linux; by their
 * native names), and beside it the compilation time ({@code CompilationMXBean}) and the
 * collection time ({@code GarbageCollectorMXBean}s, wall time of the collections, not CPU).
 */
final class ComponentCpu {

  /** The components, by Java thread name ({@link #component}). */
  enum Component {
    KAFKA_BROKER("Kafka broker"),
    COMMAND_PROCESSOR("command processor (Kafka Streams)"),
    HTTP_SERVERS("HTTP servers (commands, views)"),
    AZURE_SDK_IO("Azure SDK I/O"),
    PROJECTOR("projector"),
    QUEUE_WORKERS("queue workers"),
    BENCHMARK("benchmark: load and readers"),
    OTHER("other");

    final String label;

    Component(String label) {
      this.label = label;
    }
  }

  /** The JVM's own threads, by native name (at most 15 characters: {@code C2 CompilerThre}). */
  enum JvmThreads {
    JIT("JIT compiler threads (CPU)", "C1 CompilerThre", "C2 CompilerThre", "Sweeper thread"),
    GC("GC threads (CPU)", "GC Thread#", "G1 "),
    VM("VM thread (CPU)", "VM Thread", "VM Periodic Tas");

    final String label;
    private final List<String> prefixes;

    JvmThreads(String label, String... prefixes) {
      this.label = label;
      this.prefixes = List.of(prefixes);
    }

    static JvmThreads of(String nativeName) {
      return Stream.of(values()).filter(k -> k.prefixes.stream().anyMatch(nativeName::startsWith)).findFirst().orElse(null);
    }
  }

  /** The broker's thread names start with one of these (Kafka's clients' threads are not the broker's). */
  private static final List<String> BROKER = List.of("data-plane-kafka-", "kafka-", "group-coordinator-", "share-coordinator-",
      "share-group-", "TxnMarkerSenderThread", "AddPartitionsToTxnSenderThread", "transaction-", "quorum-controller", "raft",
      "broker-", "controller-", "ExpirationReaper", "LogDirFailureHandler", "ThrottledChannelReaper", "SensorExpiryThread",
      "executor-", "metrics-meter-tick-thread", "client-metrics-reaper", "PersisterStateManager", "persister-state-manager");
  private static final List<String> KAFKA_CLIENTS = List.of("kafka-producer-network-thread", "kafka-coordinator-heartbeat-thread",
      "kafka-admin-client-thread", "kafka-consumer-background-thread");
  /** Jetty's, under Javalin: the server's pool, and its schedulers. */
  private static final List<String> JETTY = List.of("JettyServerThreadPool", "Connector-Scheduler-", "Session-HouseKeeper-",
      "Scheduler-");
  private static final com.sun.management.ThreadMXBean THREADS =
      (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

  /** One thread's name and CPU time. */
  record ThreadTime(String name, long cpuNanos) {}

  /** One thread's CPU seconds over an interval. */
  private record Delta(String name, double seconds) {}

  /**
   * The CPU times at one moment.
   *
   * @param threads every live Java thread's, by thread id
   * @param jvmThreads the JVM's own threads', by native thread id; null when {@code /proc} cannot tell
   * @param compilationMillis the JIT's compilation time so far; -1 when unknown
   * @param collectionMillis the collectors' collection time so far; -1 when unknown
   */
  record Snapshot(Map<Long, ThreadTime> threads, Map<Long, ThreadTime> jvmThreads, long compilationMillis, long collectionMillis) {}

  /**
   * CPU seconds over an interval.
   *
   * @param byComponent the Java threads' CPU seconds by component
   * @param jvmThreads the JVM's own threads' CPU seconds; empty when unknown
   * @param compilationSeconds the JIT's compilation time; NaN when unknown
   * @param collectionSeconds the collectors' collection time, wall time; NaN when unknown
   * @param started Java threads that started during the interval (counted with all their time)
   * @param ended Java threads that ended during it (their time is lost)
   * @param topOther the largest thread families in {@link Component#OTHER}, CPU seconds each, at most 3
   */
  record Usage(Map<Component, Double> byComponent, Map<JvmThreads, Double> jvmThreads, double compilationSeconds,
      double collectionSeconds, int started, int ended, Map<String, Double> topOther) {

    double threadSeconds() {
      return byComponent.values().stream().mapToDouble(Double::doubleValue).sum();
    }
  }

  private ComponentCpu() {}

  /** Turns the per-thread CPU time on, if it is off; false when this JVM cannot measure it. */
  static boolean enable() {
    if (!THREADS.isThreadCpuTimeSupported()) {
      return false;
    }
    THREADS.setThreadCpuTimeEnabled(true);
    return true;
  }

  static Snapshot sample() {
    long[] ids = THREADS.getAllThreadIds();
    long[] cpu = THREADS.getThreadCpuTime(ids);
    ThreadInfo[] infos = THREADS.getThreadInfo(ids);
    Map<Long, ThreadTime> threads = new HashMap<>();
    for (int i = 0; i < ids.length; i++) {
      if (infos[i] != null && cpu[i] >= 0) {
        threads.put(ids[i], new ThreadTime(infos[i].getThreadName(), cpu[i]));
      }
    }
    return new Snapshot(threads, jvmThreads(), JitWarmup.compilationMillis(), collectionMillis());
  }

  static Usage between(Snapshot start, Snapshot end) {
    Map<Component, Double> byComponent = new EnumMap<>(Component.class);
    Stream.of(Component.values()).forEach(c -> byComponent.put(c, 0.0));
    Map<String, Double> other = new HashMap<>();
    for (Delta d : deltas(start.threads(), end.threads())) {
      Component component = component(d.name());
      byComponent.merge(component, d.seconds(), Double::sum);
      if (component == Component.OTHER) {
        other.merge(RequestOrigins.family(d.name()), d.seconds(), Double::sum);
      }
    }
    Map<JvmThreads, Double> jvm = new EnumMap<>(JvmThreads.class);
    if (start.jvmThreads() != null && end.jvmThreads() != null) {
      Stream.of(JvmThreads.values()).forEach(k -> jvm.put(k, 0.0));
      deltas(start.jvmThreads(), end.jvmThreads()).forEach(d -> jvm.merge(JvmThreads.of(d.name()), d.seconds(), Double::sum));
    }
    Map<String, Double> topOther = new LinkedHashMap<>();
    other.entrySet().stream().sorted(Map.Entry.<String, Double>comparingByValue(Comparator.reverseOrder())).limit(3)
        .forEach(e -> topOther.put(e.getKey(), e.getValue()));
    return new Usage(byComponent, jvm, delta(start.compilationMillis(), end.compilationMillis()),
        delta(start.collectionMillis(), end.collectionMillis()), count(end.threads(), start.threads()),
        count(start.threads(), end.threads()), topOther);
  }

  static Component component(String thread) {
    if (thread.contains("tablecast-command-processor") || thread.startsWith("command-outcomes")) {
      return Component.COMMAND_PROCESSOR;
    }
    if (JETTY.stream().anyMatch(thread::startsWith) || thread.contains("Jetty") || thread.contains("Javalin")) {
      return Component.HTTP_SERVERS;
    }
    if (thread.startsWith("reactor-http-") || thread.startsWith("azure-sdk-global-thread-")) {
      return Component.AZURE_SDK_IO;
    }
    RequestOrigins.Group group = RequestOrigins.group(thread);
    if (group == RequestOrigins.Group.WORKERS) {
      return Component.QUEUE_WORKERS;
    }
    if (group == RequestOrigins.Group.PROJECTOR || thread.contains("tablecast-projector")
        || thread.startsWith("follow-active-generation")) {
      return Component.PROJECTOR;
    }
    if (thread.startsWith("bench-") || thread.startsWith("HttpClient-") || thread.equals("main")) {
      return Component.BENCHMARK;
    }
    if (BROKER.stream().anyMatch(thread::startsWith) && KAFKA_CLIENTS.stream().noneMatch(thread::startsWith)) {
      return Component.KAFKA_BROKER;
    }
    return Component.OTHER;
  }

  /** CPU seconds of each thread of {@code end} since {@code start}: all of its time if it is not in {@code start}. */
  private static List<Delta> deltas(Map<Long, ThreadTime> start, Map<Long, ThreadTime> end) {
    return end.entrySet().stream().map(e -> {
      ThreadTime before = start.get(e.getKey());
      return new Delta(e.getValue().name(), (e.getValue().cpuNanos() - (before == null ? 0 : before.cpuNanos())) / 1e9);
    }).toList();
  }

  /** Threads of {@code these} that are not in {@code others}. */
  private static int count(Map<Long, ThreadTime> these, Map<Long, ThreadTime> others) {
    return (int) these.keySet().stream().filter(id -> !others.containsKey(id)).count();
  }

  /**
   * The JVM's own threads, from {@code /proc/self/task}; null when it cannot be read. A thread
   * with no CPU time yet, or that ended while being read, is left out (if it is there at the end,
   * it counts with all its time).
   */
  private static Map<Long, ThreadTime> jvmThreads() {
    Map<Long, ThreadTime> threads = new HashMap<>();
    try (Stream<Path> tasks = Files.list(Path.of("/proc/self/task"))) {
      tasks.forEach(task -> {
        String name = nativeName(task);
        long tid = Long.parseLong(task.getFileName().toString());
        double seconds = name == null || JvmThreads.of(name) == null ? 0 : ProcessCpu.seconds(task.resolve("stat"));
        if (seconds > 0) {
          threads.put(tid, new ThreadTime(name, Math.round(seconds * 1e9)));
        }
      });
      return threads;
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }

  /** A task's name, null when it has ended meanwhile. */
  private static String nativeName(Path task) {
    try {
      return Files.readString(task.resolve("comm")).strip();
    } catch (IOException e) {
      return null;
    }
  }

  /** The garbage collectors' collection time so far, in ms; -1 when unknown. */
  static long collectionMillis() {
    long total = 0;
    for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
      long millis = gc.getCollectionTime();
      if (millis < 0) {
        return -1;
      }
      total += millis;
    }
    return total;
  }

  private static double delta(long startMillis, long endMillis) {
    return startMillis < 0 || endMillis < 0 ? Double.NaN : (endMillis - startMillis) / 1e3;
  }
}
