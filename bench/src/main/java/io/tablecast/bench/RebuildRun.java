package io.tablecast.bench;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.tablecast.common.config.Env;
import io.tablecast.common.tables.AzureClients;
import io.tablecast.common.tables.Generation;
import io.tablecast.operations.application.audit.GenerationLoad;
import io.tablecast.operations.rebuild.Rebuild;
import io.tablecast.operations.rebuild.RebuildStatus;
import io.tablecast.projector.ProjectorConfig;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.time.Clock;
import java.time.Duration;

/**
 * The rebuild that {@link RebuildBenchmark} measures, in a JVM of its own with the heap limit the
 * issue sets, as the {@code rebuild} command runs it. Prints what the benchmark reads, one
 * {@code NAME=value} a line, times in epoch milliseconds: {@code STARTED_AT}, the load's progress
 * ({@code LOAD=<step>,<count>,<at>}), {@code LOADED_AT} with the load's report ({@code READ_S},
 * {@code LOAD_S}, {@code ROWS}, {@code TABLE=<name>,<rows>}), {@code CAUGHT_UP_AT}, {@code
 * FLIPPED_AT} and {@code PEAK_HEAP_MIB}, and the peak so far every 10 s as {@code HEAP_MIB}.
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
          private boolean caughtUp;

          @Override
          public void started(Generation pending, Generation live, boolean resumed) {
            System.out.println("STARTED_AT=" + System.currentTimeMillis());
          }

          @Override
          public void loading(String step, long count) {
            System.out.println("LOAD=" + step + "," + count + "," + System.currentTimeMillis());
          }

          @Override
          public void loaded(GenerationLoad.Report report) {
            System.out.println("LOADED_AT=" + System.currentTimeMillis());
            System.out.println("READ_S=" + report.read().toMillis() / 1000.0);
            System.out.println("LOAD_S=" + report.loaded().toMillis() / 1000.0);
            System.out.println("ROWS=" + report.rowsStored());
            report.rowsByTable().forEach((table, rows) -> System.out.println("TABLE=" + table.baseName() + "," + rows));
          }

          @Override
          public void progress(RebuildStatus status) {
            if (status.caughtUp() && !caughtUp) {
              caughtUp = true;
              System.out.println("CAUGHT_UP_AT=" + System.currentTimeMillis());
            }
          }

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
