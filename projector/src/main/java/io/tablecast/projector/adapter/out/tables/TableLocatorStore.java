package io.tablecast.projector.adapter.out.tables;

import static io.tablecast.common.tables.Calls.NO_TIMEOUT;

import com.azure.core.http.rest.Response;
import com.azure.core.util.Context;
import com.azure.data.tables.TableClient;
import com.azure.data.tables.models.TableEntityUpdateMode;
import com.azure.data.tables.models.TableServiceException;
import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.tablecast.common.tables.IndexLayout;
import io.tablecast.events.EmployeeEvent;
import io.tablecast.events.EmployeeHired;
import io.tablecast.events.EmployeeId;
import io.tablecast.projector.application.LocatorStore;
import io.tablecast.viewstore.domain.EmployeeLocator;
import io.tablecast.viewstore.adapter.out.tables.OptimisticWrite;
import io.tablecast.viewstore.adapter.out.tables.TableResponses;
import io.tablecast.viewstore.adapter.out.tables.TableRows;
import io.tablecast.viewstore.adapter.out.tables.TableRows.Read;
import io.tablecast.viewstore.domain.ViewEntity;
import java.util.List;
import java.util.Optional;

/**
 * The employee locators in {@code EmployeeIndex}: one entity per employee, in its own partition,
 * so they cannot be batched.
 *
 * <p>The projector is their only writer. It keeps the last locators it wrote, with their ETags,
 * so a change is one conditional write and a hire one insert, with no read. A write that finds
 * the row changed anyway (another projector instance wrote it before a rebalance) gets 409 or
 * 412, reads the row and folds again.
 */
public final class TableLocatorStore implements LocatorStore {

  private static final int CACHE_SIZE = 50_000;

  private final TableClient table;
  private final Cache<EmployeeId, Read> cache = Caffeine.newBuilder().maximumSize(CACHE_SIZE).build();
  private final Counter writes;

  public TableLocatorStore(TableClient table, MeterRegistry metrics) {
    this.table = table;
    this.writes = Counter.builder("tablecast.projector.writes").tag("table", "EmployeeIndex")
        .description("Entities written, one request each").register(metrics);
  }

  @Override
  public void apply(EmployeeId employee, List<EmployeeEvent> events) {
    OptimisticWrite.apply(
        lostRaces -> lostRaces == 0 ? before(employee, events) : reread(employee),
        before -> EmployeeLocator.fold(before.map(Read::row), events).filter(after -> !after.equals(before.map(Read::row).orElse(null))),
        (before, after) -> after.ifPresent(row -> {
          cache.put(employee, write(employee, row, before));
          writes.increment();
        }),
        lost -> lost);
  }

  /** The locator as this projector knows it; a hire that nothing here knows of is new: insert without reading, and learn otherwise from a 409. */
  private Optional<Read> before(EmployeeId employee, List<EmployeeEvent> events) {
    return cached(employee).or(() -> events.get(0) instanceof EmployeeHired ? Optional.empty() : read(employee));
  }

  private Optional<Read> reread(EmployeeId employee) {
    cache.invalidate(employee);
    return read(employee);
  }

  @Override
  public long version(EmployeeId employee) {
    return cached(employee).or(() -> read(employee)).map(r -> r.row().version()).orElse(0L);
  }

  private Optional<Read> cached(EmployeeId employee) {
    return Optional.ofNullable(cache.getIfPresent(employee));
  }

  private Read write(EmployeeId employee, ViewEntity row, Optional<Read> before) {
    String partition = IndexLayout.locatorPartition(employee);
    Response<Void> response = before.isEmpty()
        ? table.createEntityWithResponse(TableRows.toTable(partition, row, null), NO_TIMEOUT, Context.NONE)
        : table.updateEntityWithResponse(TableRows.toTable(partition, row, before.get().etag()),
            TableEntityUpdateMode.REPLACE, true, NO_TIMEOUT, Context.NONE);
    return new Read(row, TableResponses.etag(response));
  }

  private Optional<Read> read(EmployeeId employee) {
    try {
      Read read = TableRows.fromTable(table.getEntityWithResponse(
          IndexLayout.locatorPartition(employee), IndexLayout.ROW, null, NO_TIMEOUT, Context.NONE).getValue());
      cache.put(employee, read);
      return Optional.of(read);
    } catch (TableServiceException e) {
      if (e.getResponse().getStatusCode() == 404) {
        return Optional.empty();
      }
      throw e;
    }
  }
}
