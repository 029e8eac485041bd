package io.tablecast.testkit;

import com.azure.core.util.Context;
import com.azure.data.tables.TableClient;
import com.azure.data.tables.TableServiceClient;
import com.azure.data.tables.TableServiceClientBuilder;
import com.azure.data.tables.models.TableEntity;
import com.azure.data.tables.models.TableEntityUpdateMode;
import java.time.Duration;

/** Azure Table calls for the tests, every one with a timeout (RUNTIME-NOTES). */
final class TableTestClients {

  static final Duration TIMEOUT = Duration.ofSeconds(15);

  private TableTestClients() {}

  static TableServiceClient service(String connectionString) {
    return new TableServiceClientBuilder().connectionString(connectionString).buildClient();
  }

  static TableClient createTable(TableServiceClient service, String name) {
    service.createTableWithResponse(name, TIMEOUT, Context.NONE);
    return service.getTableClient(name);
  }

  static void upsert(TableClient table, TableEntity entity) {
    table.upsertEntityWithResponse(entity, TableEntityUpdateMode.REPLACE, TIMEOUT, Context.NONE);
  }

  static TableEntity get(TableClient table, String partitionKey, String rowKey) {
    return table.getEntityWithResponse(partitionKey, rowKey, null, TIMEOUT, Context.NONE).getValue();
  }

  static void delete(TableClient table) {
    table.deleteTableWithResponse(TIMEOUT, Context.NONE);
  }
}
