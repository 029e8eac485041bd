package io.tablecast.bench;

import static io.tablecast.hr.tables.HrViewSet.HR;

import io.tablecast.common.config.Env;
import io.tablecast.common.config.KafkaSettings;
import io.tablecast.common.config.StorageSettings;
import io.tablecast.common.tables.AzureClients;
import io.tablecast.common.tables.Generation;
import io.tablecast.hr.steps.HrProjections;
import io.tablecast.operations.Verification;
import io.tablecast.operations.application.audit.Verifier;
import io.tablecast.operations.application.audit.VerifyProgress;
import io.tablecast.operations.application.audit.VerifyReport;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The {@code verify} that {@link RebuildBenchmark} measures, in a JVM of its own with a 512 MiB
 * heap, as the {@code verify} command runs it. Prints {@code EVENTS=}, {@code DIFFERENCES=},
 * {@code SECONDS=} and {@code PEAK_HEAP_MIB=}. Verifies the active generation, or the one given as
 * the first argument.
 */
public final class VerifyRun {

  private VerifyRun() {}

  public static void main(String[] args) {
    Env env = Env.system();
    AzureClients azure = new AzureClients(StorageSettings.fromEnv(env));
    // The active generation, or the one named: the benchmark verifies a rebuild it stopped midway, for the memory figure.
    Generation active = args.length > 0 ? new Generation(HR, env.namespace(), Integer.parseInt(args[0]))
        : Verification.activeGeneration(azure, env.namespace(), HR);
    AtomicLong differences = new AtomicLong();
    long started = System.nanoTime();
    VerifyReport report = Verification.verifier(KafkaSettings.fromEnv(env), azure, active, HrProjections.AUDIT, Verifier.Settings.defaults(),
        VerifyProgress.NONE)
        .verify(d -> differences.incrementAndGet());
    System.out.println("EVENTS=" + report.eventsRead());
    System.out.println("DIFFERENCES=" + differences.get());
    System.out.printf("SECONDS=%.1f%n", (System.nanoTime() - started) / 1e9);
    System.out.println("PEAK_HEAP_MIB=" + RebuildRun.peakHeapMib());
  }
}
