package io.tablecast.projector.adapter.out.tables;

import com.azure.data.tables.TableClient;
import io.tablecast.events.EmployeeId;
import io.tablecast.hr.tables.IndexLayout;
import io.tablecast.hr.work.ViewEntity;
import io.tablecast.projector.application.LocatorVersions;
import io.tablecast.viewstore.adapter.out.tables.RowReader;
import java.util.List;

/** The locators' versions, read one point read each: asked only for the hires of a batch a previous owner may have applied. */
public final class TableLocatorVersions implements LocatorVersions {

  private final TableClient table;

  public TableLocatorVersions(TableClient table) {
    this.table = table;
  }

  @Override
  public long version(EmployeeId employee) {
    return RowReader.read(table, IndexLayout.locatorPartition(employee), List.of(IndexLayout.ROW)).values().stream()
        .mapToLong(read -> new ViewEntity(read.rowKey(), read.properties()).version()).findFirst().orElse(0L);
  }
}
