package io.tablecast.viewstore.adapter.out.tables;

import static io.tablecast.common.tables.Calls.NO_TIMEOUT;

import com.azure.core.util.Context;
import com.azure.data.tables.TableClient;
import com.azure.data.tables.models.TableEntityUpdateMode;
import com.azure.data.tables.models.TableServiceException;
import io.tablecast.common.tables.IndexLayout;
import io.tablecast.common.tables.rows.EmailClaim;
import io.tablecast.events.EmployeeId;
import io.tablecast.viewstore.adapter.out.tables.TableRows.Read;
import io.tablecast.viewstore.application.work.WorkDeferred;
import io.tablecast.viewstore.domain.EmailClaims;
import io.tablecast.viewstore.domain.ViewEntity;
import java.util.Collection;
import java.util.Optional;
import java.util.Set;

/**
 * The {@code email_} entries of {@code EmployeeIndex}: who holds an address. Each change is a
 * conditional single-entity write; a lost race reads the entry again and decides again by
 * {@link EmailClaims}. An entry likely to be new is inserted without a read: the insert fails
 * if one exists, and the read follows only then.
 */
public final class EmailEntries {

  private final TableClient table;

  public EmailEntries(TableClient table) {
    this.table = table;
  }

  public void remove(EmployeeId employee, Collection<String> emails) {
    for (String email : Set.copyOf(emails)) {
      String partition = partition(email);
      OptimisticWrite.apply(
          conflicts -> read(partition),
          entry -> entry.filter(e -> EmailClaims.owns(e.row(), employee.canonical())),
          (entry, owned) -> owned.ifPresent(e ->
              table.deleteEntityWithResponse(TableRows.toTable(partition, e.row(), e.etag()), true, NO_TIMEOUT, Context.NONE)),
          lost -> keptChanging(partition));
    }
  }

  public void put(ViewEntity entry, boolean probablyAbsent) {
    String partition = partition(EmailClaim.from(entry.properties()).email());
    if (probablyAbsent && inserted(partition, entry)) {
      return;
    }
    OptimisticWrite.apply(
        conflicts -> read(partition),
        current -> EmailClaims.mayWrite(current.map(Read::row), entry),
        (current, mayWrite) -> {
          if (mayWrite) {
            write(partition, entry, current);
          }
        },
        lost -> keptChanging(partition));
  }

  private void write(String partition, ViewEntity entry, Optional<Read> current) {
    if (current.isEmpty()) {
      table.createEntityWithResponse(TableRows.toTable(partition, entry, null), NO_TIMEOUT, Context.NONE);
    } else {
      table.updateEntityWithResponse(TableRows.toTable(partition, entry, current.get().etag()),
          TableEntityUpdateMode.REPLACE, true, NO_TIMEOUT, Context.NONE);
    }
  }

  /** Inserts the entry where none exists; false if one does, which must then be read and decided on. */
  private boolean inserted(String partition, ViewEntity entry) {
    try {
      table.createEntityWithResponse(TableRows.toTable(partition, entry, null), NO_TIMEOUT, Context.NONE);
      return true;
    } catch (TableServiceException e) {
      if (!TableResponses.lostRace(e)) {
        throw e;
      }
      return false;
    }
  }

  private Optional<Read> read(String partition) {
    return Optional.ofNullable(RowReader.read(table, partition, Set.of(IndexLayout.ROW)).get(IndexLayout.ROW));
  }

  private static String partition(String email) {
    return IndexLayout.emailPartition(email);
  }

  private static WorkDeferred keptChanging(String partition) {
    return new WorkDeferred("email entry '" + partition + "' kept changing");
  }
}
