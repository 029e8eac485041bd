package io.tablecast.bench;

import java.lang.management.ManagementFactory;
import java.util.Locale;
import java.util.Set;
import javax.management.MBeanServer;
import javax.management.ObjectName;

/**
 * The command processor's own timing, read from the Kafka Streams and producer MBeans of this JVM
 * (the benchmark runs the commands service in-process): what each hop spends committing, polling
 * and waiting, so that the effect of each timer setting shows beside the HTTP latencies.
 */
final class StreamsProbe {

  private final MBeanServer server = ManagementFactory.getPlatformMBeanServer();

  /** The counters at one moment; their differences describe a run. */
  record Snapshot(double commits, double txnCommitNanos, double processed) {}

  Snapshot snapshot() {
    return new Snapshot(sum("kafka.streams:type=stream-thread-metrics,*", "commit-total"),
        sum("kafka.producer:type=producer-metrics,*", "txn-commit-time-ns-total"),
        sum("kafka.streams:type=stream-thread-metrics,*", "process-total"));
  }

  /** One line: commits per second and their mean time, and the windowed averages Kafka keeps. */
  String describe(Snapshot before, Snapshot after, double seconds) {
    double commits = after.commits() - before.commits();
    double txnMillis = commits == 0 ? Double.NaN : (after.txnCommitNanos() - before.txnCommitNanos()) / commits / 1e6;
    return String.format(Locale.ROOT,
        "streams: %.0f commits/s, %.1f records per commit, transaction commit %.1f ms mean; windowed: commit latency %.1f ms,"
            + " poll latency %.1f ms, record e2e latency at the sinks %.1f ms (avg of nodes), producer record queue time %.1f ms",
        commits / seconds, commits == 0 ? Double.NaN : (after.processed() - before.processed()) / commits, txnMillis,
        mean("kafka.streams:type=stream-thread-metrics,*", "commit-latency-avg"),
        mean("kafka.streams:type=stream-thread-metrics,*", "poll-latency-avg"),
        mean("kafka.streams:type=stream-processor-node-metrics,*", "record-e2e-latency-avg"),
        mean("kafka.producer:type=producer-metrics,*", "record-queue-time-avg"));
  }

  private double sum(String pattern, String attribute) {
    return values(pattern, attribute).sum();
  }

  private double mean(String pattern, String attribute) {
    return values(pattern, attribute).filter(v -> !Double.isNaN(v) && v > 0).average().orElse(Double.NaN);
  }

  private java.util.stream.DoubleStream values(String pattern, String attribute) {
    try {
      Set<ObjectName> names = server.queryNames(new ObjectName(pattern), null);
      return names.stream().mapToDouble(name -> {
        try {
          Object value = server.getAttribute(name, attribute);
          return value instanceof Number n ? n.doubleValue() : Double.NaN;
        } catch (Exception e) {
          return Double.NaN;
        }
      }).filter(v -> !Double.isNaN(v));
    } catch (javax.management.MalformedObjectNameException e) {
      throw new IllegalArgumentException(e);
    }
  }
}
