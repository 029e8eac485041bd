package io.tablecast.operations;

import io.tablecast.common.config.KafkaSettings;
import io.tablecast.common.kafka.TopicNames;
import io.tablecast.common.tables.AzureClients;
import io.tablecast.common.tables.Generation;
import io.tablecast.operations.adapter.in.kafka.KafkaEventLog;
import io.tablecast.operations.adapter.out.tables.TableRowWriter;
import io.tablecast.operations.application.audit.GenerationLoad;
import io.tablecast.operations.application.audit.Verifier;
import io.tablecast.operations.application.audit.VerifyProgress;
import io.tablecast.projector.application.FailurePolicy;

/**
 * Wires the bulk load of a generation from the log: the event topics of its namespace, folded
 * as {@code verify} folds them ({@link GenerationLoad}), into its tables, which must exist and
 * should be empty.
 */
public final class GenerationLoading {

  private GenerationLoading() {}

  public static GenerationLoad.Report load(KafkaSettings kafka, AzureClients azure, Generation generation,
      Verifier.Settings settings, VerifyProgress progress) {
    try (TableRowWriter writer = new TableRowWriter(azure, generation)) {
      return GenerationLoad.load(new KafkaEventLog(kafka, TopicNames.of(generation.namespace())), writer, settings,
          FailurePolicy.DEAD_LETTER, progress);
    }
  }
}
