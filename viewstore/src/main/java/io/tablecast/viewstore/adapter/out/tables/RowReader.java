package io.tablecast.viewstore.adapter.out.tables;

import static io.tablecast.common.tables.Calls.NO_TIMEOUT;

import com.azure.core.util.Context;
import com.azure.data.tables.TableClient;
import com.azure.data.tables.models.ListEntitiesOptions;
import com.azure.data.tables.models.TableServiceException;
import io.tablecast.viewstore.adapter.out.tables.TableRows.Read;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;

/**
 * Reads rows of one partition in as few requests as they allow. A known set of rows: point
 * queries, the guide's cheapest query type, one request per row, each served from the service's
 * index whatever the table's size. Rows whose keys are not known but fall in RowKey ranges of
 * one partition (the shards of an index entity, several per key): one query of the ranges, one
 * request for all.
 *
 * <p>Azurite runs every filter as a scan of the whole table (docs/decisions.md), so a query
 * costs more there as the table grows than on the real service, where a partition query is served
 * from the index like a point query: queries are kept to small tables. Rows that do not exist are
 * absent from the result.
 */
public final class RowReader {

  /** The most discrete comparisons the service accepts in one filter. */
  static final int MAX_COMPARISONS = 15;

  private RowReader() {}

  public static Map<String, Read> read(TableClient table, String partitionKey, Collection<String> rowKeys) {
    Map<String, Read> rows = new LinkedHashMap<>();
    for (String rowKey : rowKeys) {
      try {
        rows.put(rowKey, TableRows.fromTable(
            table.getEntityWithResponse(partitionKey, rowKey, null, NO_TIMEOUT, Context.NONE).getValue()));
      } catch (TableServiceException e) {
        if (e.getResponse() == null || e.getResponse().getStatusCode() != 404) {
          throw e;
        }
      }
    }
    return rows;
  }

  /**
   * The rows of a partition whose RowKey lies within one of the inclusive ranges: one request per
   * {@value #MAX_COMPARISONS} comparisons' worth of ranges (seven ranges).
   *
   * @param ranges inclusive bounds, lowest first
   */
  public static Map<String, Read> ranges(TableClient table, String partitionKey, List<Map.Entry<String, String>> ranges) {
    Map<String, Read> rows = new LinkedHashMap<>();
    int perQuery = (MAX_COMPARISONS - 1) / 2;
    for (int from = 0; from < ranges.size(); from += perQuery) {
      StringJoiner any = new StringJoiner(" or ", "(", ")");
      ranges.subList(from, Math.min(ranges.size(), from + perQuery)).forEach(range ->
          any.add("(RowKey ge " + literal(range.getKey()) + " and RowKey le " + literal(range.getValue()) + ")"));
      rows.putAll(query(table, "PartitionKey eq " + literal(partitionKey) + " and " + any));
    }
    return rows;
  }

  private static Map<String, Read> query(TableClient table, String filter) {
    Map<String, Read> rows = new LinkedHashMap<>();
    table.listEntities(new ListEntitiesOptions().setFilter(filter), NO_TIMEOUT, Context.NONE)
        .forEach(entity -> rows.put(entity.getRowKey(), TableRows.fromTable(entity)));
    return rows;
  }

  /** An OData string literal: quoted, with its quotes doubled. */
  private static String literal(String value) {
    return "'" + value.replace("'", "''") + "'";
  }
}
