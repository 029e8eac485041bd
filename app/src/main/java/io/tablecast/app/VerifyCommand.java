package io.tablecast.app;

import io.tablecast.common.config.ConfigException;
import io.tablecast.common.config.Env;
import io.tablecast.common.config.KafkaSettings;
import io.tablecast.common.config.StorageSettings;
import io.tablecast.common.tables.AzureClients;
import io.tablecast.common.tables.Generation;
import io.tablecast.events.DomainEvent;
import io.tablecast.hr.steps.HrProjections;
import io.tablecast.hr.tables.HrViewSet;
import io.tablecast.operations.Verification;
import io.tablecast.operations.application.audit.Difference;
import io.tablecast.operations.application.audit.Verifier;
import io.tablecast.operations.application.audit.VerifyReport;
import io.tablecast.operations.viewsets.ViewSetVerify;
import io.tablecast.projection.ProjectedViewSet;
import io.tablecast.projection.ViewSet;
import java.io.PrintStream;
import java.util.concurrent.Callable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/**
 * {@code tablecast verify} (SPEC §6): audits the active generation's views against the event log
 * and prints every difference, one line each: table, PartitionKey, RowKey, kind
 * ({@code missing}, {@code extra}, {@code different}) and, for {@code different}, each property.
 * Exits 0 with no difference, 1 with any, 2 when it cannot run (usage, configuration, Kafka or
 * storage unreachable). Progress goes to stderr. Read-only; meant for a
 * quiescent pipeline, and says so when the projector moved during the run.
 */
@Command(
    name = "verify",
    mixinStandardHelpOptions = true,
    description = "Recomputes the active views from the event log and reports every entity that differs (exit 1 if any).")
final class VerifyCommand implements Callable<Integer> {

  private static final Logger log = LoggerFactory.getLogger(VerifyCommand.class);
  private static final String MOVED = "WARNING: the projector applied events while verify ran; differences may be work in flight. "
      + "Run it again on a quiescent pipeline.";

  @Option(names = "--max-differences", defaultValue = "100", description = "Differences printed at most (all are counted; default ${DEFAULT-VALUE}).")
  int maxDifferences;

  @Option(names = "--chunk-size", defaultValue = "50000", description = "Lines sorted in memory at a time (default ${DEFAULT-VALUE}).")
  int chunkSize;

  @Mixin
  ViewSetOption viewSet;

  @Override
  public Integer call() {
    PrintStream out = System.out;
    PrintStream err = System.err;
    if (maxDifferences < 0 || chunkSize < 1) {
      err.println("--max-differences must be at least 0 and --chunk-size at least 1.");
      return 2;
    }
    Env env = Env.system();
    StorageSettings storage;
    KafkaSettings kafka;
    try {
      storage = StorageSettings.fromEnv(env);
      kafka = KafkaSettings.fromEnv(env);
      env.namespace();
    } catch (ConfigException e) {
      err.println(e.getMessage());
      return 2;
    }
    try {
      if (!viewSet.isHr()) {
        return verifyOther(new AzureClients(storage), kafka, env, out, err);
      }
      return verify(new AzureClients(storage), kafka, env, out, err);
    } catch (ParameterException e) {
      throw e;
    } catch (RuntimeException e) {
      // Exit 1 means "differences found"; a run that could not finish is an error of its own.
      log.error("verify could not finish", e);
      err.println("verify could not finish: " + e.getMessage());
      return 2;
    }
  }

  private int verify(AzureClients azure, KafkaSettings kafka, Env env, PrintStream out, PrintStream err) {
    Generation generation = Verification.activeGeneration(azure, env.namespace(), HrViewSet.HR);
    Verifier<DomainEvent> verifier = Verification.verifier(kafka, azure, generation, HrProjections.AUDIT,
        Verifier.Settings.defaults().withChunkSize(chunkSize),
        (step, count) -> err.printf("verify: %,d %s%n", count, step));
    long[] printed = {0};
    VerifyReport report = verifier.verify(difference -> {
      if (printed[0]++ < maxDifferences) {
        out.println(line(generation, difference));
      }
    });
    summary(out, generation, report);
    return report.totalDifferences() == 0 ? 0 : 1;
  }

  /** A team's view set ({@code ViewSetProvider}): the log folded in memory up to its checkpoints, against its tables. */
  private int verifyOther(AzureClients azure, KafkaSettings kafka, Env env, PrintStream out, PrintStream err) {
    ProjectedViewSet<?> views = viewSet.projected(env);
    ViewSetVerify.Report report = new ViewSetVerify<>(kafka, azure, env.namespace(), views).run();
    report.differences().stream().limit(maxDifferences).forEach(out::println);
    out.printf("Verified generation %d of view set %s against %,d events: %,d difference(s); %,d rows expected, %,d found.%n",
        report.generation().number(), viewSet.name, report.eventsRead(), report.differences().size(), report.rowsExpected(),
        report.rowsFound());
    if (report.checkpointsMoved()) {
      out.println(MOVED);
    }
    return report.differences().isEmpty() ? 0 : 1;
  }

  static String line(Generation generation, Difference d) {
    String details = d.details().isEmpty() ? "" : "\t" + String.join("; ", d.details());
    return generation.table(d.table()) + "\t" + d.partitionKey() + "\t" + d.rowKey() + "\t" + d.kind().label() + details;
  }

  private void summary(PrintStream out, Generation generation, VerifyReport report) {
    out.printf("Verified generation %d against %,d events: %,d difference(s).%n", generation.number(), report.eventsRead(),
        report.totalDifferences());
    for (ViewSet.Table table : generation.viewSet().tables()) {
      out.printf("  %-28s expected %,10d  found %,10d  different %,d%n", generation.table(table),
          report.expected().getOrDefault(table, 0L), report.found().getOrDefault(table, 0L), report.differences().getOrDefault(table, 0L));
    }
    if (report.totalDifferences() > maxDifferences) {
      out.printf("  (%,d difference(s) not printed; see --max-differences)%n", report.totalDifferences() - maxDifferences);
    }
    if (report.checkpointsMoved()) {
      out.println(MOVED);
    }
  }
}
