package io.tablecast.operations;

import io.tablecast.common.config.KafkaSettings;
import io.tablecast.common.config.Namespace;
import io.tablecast.common.tables.AzureClients;
import io.tablecast.common.tables.CatalogTables;
import io.tablecast.common.tables.Generation;
import io.tablecast.common.tables.ViewCatalog;
import io.tablecast.projection.ViewSet;
import io.tablecast.operations.adapter.in.kafka.KafkaEventLog;
import io.tablecast.operations.adapter.out.tables.TableCheckpointPositions;
import io.tablecast.operations.adapter.out.tables.TableViewRows;
import io.tablecast.operations.application.audit.Verifier;
import io.tablecast.operations.application.audit.VerifyProgress;
import io.tablecast.projection.LogAudit;

/**
 * Wires {@code verify} (SPEC §6): the {@link Verifier} over the event topics of a namespace and
 * the tables and checkpoints of its active generation, as {@code ViewCatalog} names it.
 */
public final class Verification {

  private Verification() {}

  public static Generation activeGeneration(AzureClients azure, Namespace namespace, ViewSet viewSet) {
    ViewCatalog catalog = new ViewCatalog(azure.tableService(), namespace, viewSet);
    return catalog.generation(catalog.read().activeGeneration());
  }

  /** The audit of {@code generation}, whose view set {@code audit} folds the log of. */
  public static <E> Verifier<E> verifier(KafkaSettings kafka, AzureClients azure, Generation generation, LogAudit<E> audit,
      Verifier.Settings settings, VerifyProgress progress) {
    Namespace namespace = generation.namespace();
    return new Verifier<>(
        audit,
        new KafkaEventLog<>(kafka, namespace, audit.views()),
        new TableViewRows(azure, generation),
        new TableCheckpointPositions(azure.table(new CatalogTables(namespace).projectorCheckpoints()), generation),
        settings,
        progress);
  }
}
