package io.tablecast.projector.adapter.out.tables;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/** A small bounded cache, least recently used out first; thread-safe. */
final class LruCache<K, V> {

  private final Map<K, V> entries;

  LruCache(int capacity) {
    this.entries = new LinkedHashMap<>(16, 0.75f, true) {
      @Override
      protected boolean removeEldestEntry(Map.Entry<K, V> eldest) {
        return size() > capacity;
      }
    };
  }

  synchronized Optional<V> get(K key) {
    return Optional.ofNullable(entries.get(key));
  }

  synchronized void put(K key, V value) {
    entries.put(key, value);
  }

  synchronized void remove(K key) {
    entries.remove(key);
  }
}
