package io.tablecast.bench;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.tablecast.common.config.Env;
import io.tablecast.common.tables.AzureClients;
import io.tablecast.common.tables.Generation;
import io.tablecast.projector.ProjectorConfig;
import io.tablecast.projector.rebuild.Rebuild;
import io.tablecast.projector.rebuild.RebuildStatus;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.time.Clock;
import java.time.Duration;

/**
 * The rebuild that {@link RebuildBenchmark} measures, in a JVM of its own with the heap limit the
 * issue sets, as the {@code rebuild} command runs it. Prints what the benchmark reads:
 * {@code FLIPPED_AT=<epoch ms>} and {@code PEAK_HEAP_MIB=<MiB>}, and the peak so far every 10 s
 * as {@code HEAP_MIB=<MiB>}.
 */
public final class RebuildRun {

  private RebuildRun() {}

  public static void main(String[] args) {
    ProjectorConfig config = ProjectorConfig.fromEnv(Env.system());
    Duration grace = Duration.parse(args[0]);
    Thread heap = new Thread(() -> {
      while (true) {
        System.out.println("HEAP_MIB=" + peakHeapMib());
        try {
          Thread.sleep(10_000);
        } catch (InterruptedException e) {
          return;
        }
      }
    }, "heap-report");
    heap.setDaemon(true);
    heap.start();
    Rebuild.Outcome outcome = new Rebuild(config, new AzureClients(config.storage()), new SimpleMeterRegistry(), Clock.systemUTC())
        .run(new Rebuild.Options(false, grace, Duration.ofSeconds(1)), new Rebuild.Listener() {
          @Override
          public void started(Generation pending, Generation live, boolean resumed) {}

          @Override
          public void progress(RebuildStatus status) {}

          @Override
          public void flipped(Generation from, Generation to, Duration g) {
            System.out.println("FLIPPED_AT=" + System.currentTimeMillis());
          }

          @Override
          public void dropped(Generation old) {}
        });
    System.out.println("OUTCOME=" + outcome);
    System.out.println("PEAK_HEAP_MIB=" + peakHeapMib());
  }

  /** The sum of the heap pools' peaks: an upper bound of the peak heap in use. */
  static long peakHeapMib() {
    long bytes = 0;
    for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
      if (pool.getType() == MemoryType.HEAP) {
        bytes += pool.getPeakUsage().getUsed();
      }
    }
    return bytes >> 20;
  }
}
