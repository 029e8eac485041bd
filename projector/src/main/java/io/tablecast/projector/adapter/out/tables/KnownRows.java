package io.tablecast.projector.adapter.out.tables;

import io.tablecast.viewstore.adapter.out.tables.TableRows.Read;
import io.tablecast.viewstore.domain.RowChange;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The rows of a table this projector last read or wrote, each with the ETag the service gave it,
 * so that the next batch of a partition reads only the rows it does not know: a department's
 * summary, written by every batch that hires into it, and the rows of recently hired employees
 * are then read once, not once per batch.
 *
 * <p>A known row may be stale: another writer (a queue worker, a second projector) may have
 * changed or deleted it since. That is safe because of how the fold uses rows: every row it
 * changes is written with {@code If-Match} on the ETag known here, so a stale row makes the EGT
 * roll back (412, or 404 for a row deleted) and the batch is read afresh and folded again; and a
 * row it leaves unchanged was only compared by {@code Version}, which other writers only raise,
 * so an event that is not newer than the known row is not newer than the stored one either.
 *
 * <p>At most {@code capacity} rows are kept, the least recently used leaving first. Shared by the
 * lanes of one projector; every method is synchronized and cheap.
 */
final class KnownRows {

  private record Key(String partitionKey, String rowKey) {}

  private final Map<Key, Read> rows;

  KnownRows(int capacity) {
    this.rows = new LinkedHashMap<>(16, 0.75f, true) {
      @Override
      protected boolean removeEldestEntry(Map.Entry<Key, Read> eldest) {
        return size() > capacity;
      }
    };
  }

  /** The rows of {@code rowKeys} known in the partition; those not known are absent. */
  synchronized Map<String, Read> get(String partitionKey, Collection<String> rowKeys) {
    Map<String, Read> known = new LinkedHashMap<>();
    rowKeys.forEach(rowKey -> {
      Read read = rows.get(new Key(partitionKey, rowKey));
      if (read != null) {
        known.put(rowKey, read);
      }
    });
    return known;
  }

  /** Rows as just read from the store. */
  synchronized void read(String partitionKey, Map<String, Read> read) {
    read.forEach((rowKey, row) -> rows.put(new Key(partitionKey, rowKey), row));
  }

  /**
   * An EGT's changes went through: the rows inserted or replaced are known with their new ETags,
   * the rows deleted are gone; a row whose new ETag the answer did not carry is forgotten.
   */
  synchronized void written(String partitionKey, List<RowChange> changes, Map<String, String> etags) {
    for (RowChange change : changes) {
      Key key = new Key(partitionKey, change.rowKey());
      String etag = etags.get(change.rowKey());
      if (change instanceof RowChange.Delete || etag == null) {
        rows.remove(key);
      } else {
        rows.put(key, new Read(change.row(), etag));
      }
    }
  }

  /** After a lost race: the rows may be stale, and will be read again. */
  synchronized void forget(String partitionKey, Collection<String> rowKeys) {
    rowKeys.forEach(rowKey -> rows.remove(new Key(partitionKey, rowKey)));
  }
}
