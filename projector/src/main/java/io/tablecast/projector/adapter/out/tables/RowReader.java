package io.tablecast.projector.adapter.out.tables;

import com.azure.data.tables.TableClient;
import com.azure.data.tables.models.ListEntitiesOptions;
import io.tablecast.projector.adapter.out.tables.TableRows.Read;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Reads a known set of rows of one partition in as few requests as the service allows: point
 * filters OR-ed together, at most {@value #COMPARISONS_PER_QUERY} comparisons per query (the
 * service's limit is 15, counting the PartitionKey one). Rows that do not exist are absent.
 */
final class RowReader {

  static final int COMPARISONS_PER_QUERY = 14;
  private static final Duration TIMEOUT = Duration.ofSeconds(30);

  private RowReader() {}

  static Map<String, Read> read(TableClient table, String partitionKey, Collection<String> rowKeys) {
    Map<String, Read> rows = new LinkedHashMap<>();
    List<String> keys = new ArrayList<>(rowKeys);
    for (int from = 0; from < keys.size(); from += COMPARISONS_PER_QUERY) {
      List<String> chunk = keys.subList(from, Math.min(keys.size(), from + COMPARISONS_PER_QUERY));
      String filter =
          "PartitionKey eq " + quote(partitionKey) + " and ("
              + chunk.stream().map(k -> "RowKey eq " + quote(k)).collect(Collectors.joining(" or ")) + ")";
      table.listEntities(new ListEntitiesOptions().setFilter(filter), TIMEOUT, null)
          .forEach(entity -> rows.put(entity.getRowKey(), TableRows.fromTable(entity)));
    }
    return rows;
  }

  /** An OData string literal: single quotes doubled. */
  static String quote(String value) {
    return "'" + value.replace("'", "''") + "'";
  }
}
