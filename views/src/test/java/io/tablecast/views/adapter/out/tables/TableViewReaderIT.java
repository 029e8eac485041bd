package io.tablecast.views.adapter.out.tables;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablecast.common.config.Namespace;
import io.tablecast.common.config.StorageSettings;
import io.tablecast.common.tables.AzureClients;
import io.tablecast.embedded.EmbeddedRuntime;
import io.tablecast.projection.ViewReader.RowPage;
import io.tablecast.testkit.TablecastRuntimeExtension;
import io.tablecast.testkit.Tally;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** A view set's reads against Azurite before its projector has created its tables: nothing there yet, not a failure. */
@ExtendWith(TablecastRuntimeExtension.class)
class TableViewReaderIT {

  @Test
  void readsOfTablesNotCreatedYetFindNothing_pagesAndPrefixesIncluded(EmbeddedRuntime runtime, Namespace namespace) {
    AzureClients azure = new AzureClients(StorageSettings.ofConnectionString(runtime.storageConnectionString()));

    try (ActiveTables tables = new ActiveTables(azure, namespace, Tally.VIEW_SET); TableViewReader reader = new TableViewReader(tables)) {
      RowPage page = reader.page(Tally.TICKS, "a1", "", 10, Optional.empty(), Set.of());
      RowPage prefix = reader.page(Tally.TICKS, "a1", "00", 10, Optional.empty(), Set.of("Amount"));

      assertThat(page.rows()).isEmpty();
      assertThat(page.cursor()).isEmpty();
      assertThat(prefix.rows()).isEmpty();
      assertThat(reader.row(Tally.total("b1"), Set.of())).isEmpty();
    }
  }
}
