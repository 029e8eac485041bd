package io.tablecast.operations.viewsets;

import io.tablecast.projection.InMemoryViews;
import io.tablecast.projection.RowRef;
import io.tablecast.projection.ViewSet;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.h2.mvstore.MVMap;
import org.h2.mvstore.MVStore;
import org.h2.mvstore.type.StringDataType;

/**
 * The rows of a fold kept in a file rather than on the heap, so that a rebuild or a verify of a
 * view set folds a log whose rows do not fit in memory: an H2 MVStore map in a temporary
 * directory, whose cache of its pages takes an eighth of the heap (4 to 256 MB), in the order of
 * {@link InMemoryViews#ORDER} (by table, PartitionKey and RowKey), so that a bulk load writes each
 * partition's rows together. The directory is deleted on {@link #close}.
 */
public final class DiskRows extends AbstractMap<RowRef, Map<String, Object>> implements AutoCloseable {

  /** Between the table, PartitionKey and RowKey of a key: in none of them (the table service refuses control characters in keys). */
  private static final char SEPARATOR = '\u0000';

  private final Map<String, ViewSet.Table> tables = new HashMap<>();
  private final Path directory;
  private final MVStore store;
  private final MVMap<String, Map<String, Object>> rows;

  public DiskRows(ViewSet viewSet) {
    viewSet.tables().forEach(table -> tables.put(table.baseName(), table));
    try {
      directory = Files.createTempDirectory("tablecast-fold-" + viewSet.name());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    store = new MVStore.Builder().fileName(directory.resolve("rows.mv").toString()).cacheSize(cacheMegabytes()).open();
    rows = store.openMap("rows", new MVMap.Builder<String, Map<String, Object>>().keyType(StringDataType.INSTANCE)
        .valueType(RowProperties.INSTANCE));
  }

  @Override
  public Map<String, Object> get(Object key) {
    return key instanceof RowRef ref ? rows.get(key(ref)) : null;
  }

  @Override
  public boolean containsKey(Object key) {
    return key instanceof RowRef ref && rows.containsKey(key(ref));
  }

  @Override
  public Map<String, Object> put(RowRef ref, Map<String, Object> properties) {
    return rows.put(key(ref), Map.copyOf(properties));
  }

  @Override
  public Map<String, Object> remove(Object key) {
    return key instanceof RowRef ref ? rows.remove(key(ref)) : null;
  }

  @Override
  public int size() {
    return (int) Math.min(Integer.MAX_VALUE, rows.sizeAsLong());
  }

  /** In key order, read from the file as it goes. */
  @Override
  public Set<Entry<RowRef, Map<String, Object>>> entrySet() {
    return new AbstractSet<>() {
      @Override
      public int size() {
        return DiskRows.this.size();
      }

      @Override
      public Iterator<Entry<RowRef, Map<String, Object>>> iterator() {
        Iterator<Entry<String, Map<String, Object>>> stored = rows.entrySet().iterator();
        return new Iterator<>() {
          @Override
          public boolean hasNext() {
            return stored.hasNext();
          }

          @Override
          public Entry<RowRef, Map<String, Object>> next() {
            Entry<String, Map<String, Object>> row = stored.next();
            return Map.entry(ref(row.getKey()), row.getValue());
          }
        };
      }
    };
  }

  /** The directory of the file, deleted on {@link #close}. */
  Path directory() {
    return directory;
  }

  private static int cacheMegabytes() {
    long heapMegabytes = Runtime.getRuntime().maxMemory() / (1024 * 1024);
    return (int) Math.max(4, Math.min(256, heapMegabytes / 8));
  }

  private static String key(RowRef ref) {
    return ref.table().baseName() + SEPARATOR + ref.partitionKey() + SEPARATOR + ref.rowKey();
  }

  private RowRef ref(String key) {
    int first = key.indexOf(SEPARATOR);
    int second = key.indexOf(SEPARATOR, first + 1);
    return new RowRef(tables.get(key.substring(0, first)), key.substring(first + 1, second), key.substring(second + 1));
  }

  @Override
  public void close() {
    store.closeImmediately();
    try (Stream<Path> files = Files.walk(directory)) {
      files.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
