package io.tablecast.viewstore.adapter.out.tables;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.tablecast.viewstore.adapter.out.tables.TableRows.Read;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The rows of a table this process last read or wrote, each with the ETag the service gave it,
 * so that the next change reads only the rows it does not know: the summaries and rows the
 * projector wrote last, the index entries the workers wrote.
 *
 * <p>A known row may be stale: another writer may have changed or deleted it since. A writer
 * that uses one writes with {@code If-Match} on the ETag known here, so a stale row makes the
 * write fail (412, or 404 for a row deleted), and the writer reads afresh ({@link #forget}) and
 * decides again. Whatever the writer decides without writing must hold for the stored row too
 * (each user says why it does).
 *
 * <p>At most {@code capacity} rows are kept (Caffeine evicts the ones least likely to be used
 * again). Thread-safe: the threads of one writer share it.
 */
public final class KnownRows {

  private record Key(String partitionKey, String rowKey) {}

  private final Cache<Key, Read> rows;

  public KnownRows(int capacity) {
    this.rows = Caffeine.newBuilder().maximumSize(capacity).build();
  }

  /** The rows of {@code rowKeys} known in the partition; those not known are absent. */
  public Map<String, Read> get(String partitionKey, Collection<String> rowKeys) {
    Map<String, Read> known = new LinkedHashMap<>();
    rowKeys.forEach(rowKey -> {
      Read read = rows.getIfPresent(new Key(partitionKey, rowKey));
      if (read != null) {
        known.put(rowKey, read);
      }
    });
    return known;
  }

  /** Rows as just read from the store, or written with the ETags given. */
  public void read(String partitionKey, Map<String, Read> read) {
    read.forEach((rowKey, row) -> rows.put(new Key(partitionKey, rowKey), row));
  }

  /** The rows may be stale, and will be read again. */
  public void forget(String partitionKey, Collection<String> rowKeys) {
    rowKeys.forEach(rowKey -> rows.invalidate(new Key(partitionKey, rowKey)));
  }

  /** How many rows are kept, once pending evictions are done. */
  long size() {
    rows.cleanUp();
    return rows.estimatedSize();
  }
}
