package io.tablecast.operations.viewsets;

import com.azure.data.tables.TableClient;
import io.tablecast.common.config.KafkaSettings;
import io.tablecast.common.config.Namespace;
import io.tablecast.common.tables.AzureClients;
import io.tablecast.common.tables.CatalogTables;
import io.tablecast.common.tables.CheckpointLayout;
import io.tablecast.common.tables.CheckpointRows;
import io.tablecast.common.tables.Generation;
import io.tablecast.common.tables.ViewCatalog;
import io.tablecast.projection.InMemoryViews;
import io.tablecast.projection.ProjectedViewSet;
import io.tablecast.projection.RowDifference;
import io.tablecast.viewstore.adapter.out.tables.GenerationRows;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.kafka.common.TopicPartition;

/**
 * Audits the active generation of any view set against its log (SPEC §6's {@code verify}): folds
 * the log up to what each partition's checkpoint says is applied, into a file as a rebuild does
 * ({@link DiskRows}), and compares every row of the view set's tables with the fold as the listing
 * pages come: neither side needs to fit in memory.
 *
 * @param <E> the view set's events
 */
public final class ViewSetVerify<E> {

  /**
   * @param differences one line per row that differs: table, PartitionKey, RowKey and what differs
   * @param checkpointsMoved the projector applied events while verify ran: differences may be work in flight
   */
  public record Report(Generation generation, long eventsRead, long rowsExpected, long rowsFound, List<String> differences,
      boolean checkpointsMoved) {}

  private final KafkaSettings kafka;
  private final AzureClients azure;
  private final Namespace namespace;
  private final ProjectedViewSet<E> views;

  public ViewSetVerify(KafkaSettings kafka, AzureClients azure, Namespace namespace, ProjectedViewSet<E> views) {
    this.kafka = kafka;
    this.azure = azure;
    this.namespace = namespace;
    this.views = views;
  }

  public Report run() {
    ViewCatalog catalog = new ViewCatalog(azure.tableService(), namespace, views.viewSet());
    Generation generation = catalog.generation(catalog.read().activeGeneration());
    TableClient checkpoints = azure.table(new CatalogTables(namespace).projectorCheckpoints());
    Map<String, Long> applied = CheckpointRows.applied(checkpoints, generation);
    ViewSetLog<E> log = new ViewSetLog<>(kafka, namespace, views);
    Map<TopicPartition, Long> end = new HashMap<>();
    log.endOffsets().keySet().forEach(partition ->
        end.put(partition, applied.getOrDefault(CheckpointLayout.rowKey(partition.topic(), partition.partition()), -1L) + 1));
    try (DiskRows expected = new DiskRows(views.viewSet())) {
      InMemoryViews<E> folded = new InMemoryViews<>(views.projections(), expected);
      long[] events = {0};
      log.read(end, batch -> {
        folded.apply(batch);
        events[0] += batch.size();
      });
      folded.settle();
      long rowsExpected = expected.size();
      List<RowDifference> differences = new ArrayList<>();
      long[] found = {0};
      GenerationRows.forEach(azure, generation, (ref, row) -> {
        found[0]++;
        RowDifference.of(ref, expected.remove(ref), row).ifPresent(differences::add);
      });
      expected.forEach((ref, row) -> differences.add(new RowDifference(ref, row, null))); // none of the rows found
      differences.sort(Comparator.comparing(RowDifference::ref, InMemoryViews.ORDER));
      boolean moved = !CheckpointRows.applied(checkpoints, generation).equals(applied);
      return new Report(generation, events[0], rowsExpected, found[0], lines(differences), moved);
    }
  }

  private static List<String> lines(List<RowDifference> differences) {
    return differences.stream().map(d -> {
      String line = d.ref().table().baseName() + "\t" + d.ref().partitionKey() + "\t" + d.ref().rowKey() + "\t" + d.kind();
      return d.kind().equals("different") ? line + "\texpected " + new TreeMap<>(d.expected()) + ", found " + new TreeMap<>(d.actual()) : line;
    }).toList();
  }
}
