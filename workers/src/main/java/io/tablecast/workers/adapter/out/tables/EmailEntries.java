package io.tablecast.workers.adapter.out.tables;

import static io.tablecast.common.tables.Calls.NO_TIMEOUT;

import com.azure.core.http.rest.Response;
import com.azure.core.util.Context;
import com.azure.data.tables.TableClient;
import com.azure.data.tables.models.TableEntity;
import com.azure.data.tables.models.TableEntityUpdateMode;
import com.azure.data.tables.models.TableServiceException;
import io.tablecast.events.EmployeeId;
import io.tablecast.hr.EmailClaims;
import io.tablecast.hr.tables.IndexLayout;
import io.tablecast.hr.tables.rows.EmailClaim;
import io.tablecast.hr.work.ViewEntity;
import io.tablecast.viewstore.adapter.out.tables.KnownRows;
import io.tablecast.viewstore.adapter.out.tables.OptimisticWrite;
import io.tablecast.viewstore.adapter.out.tables.RowReader;
import io.tablecast.viewstore.adapter.out.tables.TableResponses;
import io.tablecast.viewstore.adapter.out.tables.TableRows;
import io.tablecast.viewstore.adapter.out.tables.TableRows.Read;
import io.tablecast.viewstore.application.work.WorkDeferred;
import java.util.Collection;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The {@code email_} entries of {@code EmployeeIndex}: who holds an address. Each change is a
 * conditional single-entity write; a lost race reads the entry again and decides again by
 * {@link EmailClaims}. An entry likely to be new is inserted without a read: the insert fails
 * if one exists, and the read follows only then.
 *
 * <p>The entries this process last read or wrote are kept with their ETags ({@link KnownRows}):
 * a change that a known entry allows (replacing it, or removing it because it names the
 * employee) is written at once with {@code If-Match} on the known ETag, and a stale entry makes
 * that write fail, after which the entry is read afresh. A change that a known entry would refuse
 * is never refused on its word: the entry is read first, for another process may have written it
 * since.
 */
public final class EmailEntries {

  private static final Set<String> ROW = Set.of(IndexLayout.ROW);

  /** How many entries, with their ETags, a process keeps from its last reads and writes. */
  static final int KNOWN_ENTRIES = 10_000;

  private final TableClient table;
  private final KnownRows known = new KnownRows(KNOWN_ENTRIES);

  public EmailEntries(TableClient table) {
    this.table = table;
  }

  public void remove(EmployeeId employee, Collection<String> emails) {
    for (String email : Set.copyOf(emails)) {
      String partition = partition(email);
      Optional<Read> knownEntry = known(partition).filter(e -> EmailClaims.owns(e.properties(), employee.canonical()));
      if (knownEntry.isPresent() && done(partition, () ->
          table.deleteEntityWithResponse(toTable(partition, knownEntry.get()), true, NO_TIMEOUT, Context.NONE))) {
        known.forget(partition, ROW);
        continue;
      }
      OptimisticWrite.apply(
          conflicts -> read(partition),
          entry -> entry.filter(e -> EmailClaims.owns(e.properties(), employee.canonical())),
          (entry, owned) -> owned.ifPresent(e -> {
            table.deleteEntityWithResponse(toTable(partition, e), true, NO_TIMEOUT, Context.NONE);
            known.forget(partition, ROW);
          }),
          lost -> keptChanging(partition));
    }
  }

  public void put(ViewEntity entry, boolean probablyAbsent) {
    String partition = partition(EmailClaim.from(entry.properties()).email());
    if (probablyAbsent && done(partition, () -> remember(partition, entry,
        table.createEntityWithResponse(EntityWrites.toTable(partition, entry, null), NO_TIMEOUT, Context.NONE)))) {
      return;
    }
    Optional<Read> knownEntry = known(partition).filter(e -> EmailClaims.mayWrite(Optional.of(e.properties()), entry.properties()));
    if (knownEntry.isPresent() && done(partition, () -> write(partition, entry, knownEntry))) {
      return;
    }
    OptimisticWrite.apply(
        conflicts -> read(partition),
        current -> EmailClaims.mayWrite(current.map(read -> read.properties()), entry.properties()),
        (current, mayWrite) -> {
          if (mayWrite) {
            write(partition, entry, current);
          }
        },
        lost -> keptChanging(partition));
  }

  private void write(String partition, ViewEntity entry, Optional<Read> current) {
    if (current.isEmpty()) {
      remember(partition, entry, table.createEntityWithResponse(EntityWrites.toTable(partition, entry, null), NO_TIMEOUT, Context.NONE));
    } else {
      remember(partition, entry, table.updateEntityWithResponse(EntityWrites.toTable(partition, entry, current.get().etag()),
          TableEntityUpdateMode.REPLACE, true, NO_TIMEOUT, Context.NONE));
    }
  }

  /**
   * Makes a write that rests on an assumption (the entry is absent; the known entry is current);
   * false if it lost its race, and the entry must be read and decided on.
   */
  private boolean done(String partition, Runnable write) {
    try {
      write.run();
      return true;
    } catch (TableServiceException e) {
      if (!TableResponses.lostRace(e)) {
        throw e;
      }
      known.forget(partition, ROW);
      return false;
    }
  }

  private void remember(String partition, ViewEntity entry, Response<?> written) {
    String etag = TableResponses.etag(written);
    if (etag == null) {
      known.forget(partition, ROW);
    } else {
      known.read(partition, Map.of(IndexLayout.ROW, new Read(entry.rowKey(), entry.properties(), etag)));
    }
  }

  private Optional<Read> known(String partition) {
    return Optional.ofNullable(known.get(partition, ROW).get(IndexLayout.ROW));
  }

  private Optional<Read> read(String partition) {
    Map<String, Read> read = RowReader.read(table, partition, ROW);
    known.forget(partition, ROW);
    known.read(partition, read);
    return Optional.ofNullable(read.get(IndexLayout.ROW));
  }

  private static String partition(String email) {
    return IndexLayout.emailPartition(email);
  }

  private static WorkDeferred keptChanging(String partition) {
    return new WorkDeferred("email entry '" + partition + "' kept changing");
  }

  private static TableEntity toTable(String partition, Read entry) {
    return TableRows.toTable(partition, entry.rowKey(), entry.properties(), entry.etag());
  }
}
