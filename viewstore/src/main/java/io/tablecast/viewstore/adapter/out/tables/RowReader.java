package io.tablecast.viewstore.adapter.out.tables;

import static io.tablecast.common.tables.Calls.NO_TIMEOUT;

import com.azure.core.util.Context;
import com.azure.data.tables.TableClient;
import com.azure.data.tables.models.TableServiceException;
import io.tablecast.viewstore.adapter.out.tables.TableRows.Read;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Reads a known set of rows of one partition with point queries, the guide's cheapest query type:
 * one request per row, each served from the service's index whatever the table's size. (A filter
 * of OR-ed row keys would save requests, but it is a scan of the whole table in Azurite, and
 * slows down as tables grow.) Rows that do not exist are absent from the result.
 */
public final class RowReader {

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
}
