package io.tablecast.hr.work;

import io.tablecast.projection.RowChange;
import io.tablecast.projection.RowRef;
import io.tablecast.projection.ViewSet;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * One row of an HR view table as HR's queue workers and audits hold it: a RowKey and typed
 * properties (String, Integer, Long, Instant). The PartitionKey is implied by the partition being
 * folded. Immutable; transition methods return a new value. The engine reads and writes rows as
 * their properties alone; this holder goes once HR's steps run as the projection API's steps, on
 * HR's typed rows ({@code hr.tables.rows}).
 */
public record ViewEntity(String rowKey, Map<String, Object> properties) {

  /** The columns every view entity has (SPEC §3). */
  public static final String ENTITY_TYPE = "EntityType";
  public static final String VERSION = "Version";
  public static final String EVENT_ID = "EventId";

  public ViewEntity {
    Objects.requireNonNull(rowKey, "'rowKey' cannot be null.");
    properties = Map.copyOf(properties);
  }

  public static ViewEntity of(String rowKey, String entityType) {
    return new ViewEntity(rowKey, Map.of(ENTITY_TYPE, entityType));
  }

  /** The aggregate version last applied; 0 for a row that no event has stamped yet. */
  public long version() {
    Object v = properties.get(VERSION);
    return v == null ? 0 : ((Number) v).longValue();
  }

  public String string(String name) {
    return (String) properties.get(name);
  }

  public Optional<String> optionalString(String name) {
    return Optional.ofNullable((String) properties.get(name));
  }

  public int integer(String name) {
    Object v = properties.get(name);
    return v == null ? 0 : ((Number) v).intValue();
  }

  public Instant instant(String name) {
    return (Instant) properties.get(name);
  }

  public ViewEntity with(String name, Object value) {
    Map<String, Object> copy = new LinkedHashMap<>(properties);
    copy.put(name, Objects.requireNonNull(value, name));
    return new ViewEntity(rowKey, copy);
  }

  /** Stamps the row with the event that last changed it (SPEC §3: every view entity). */
  public ViewEntity stamped(long version, String eventId) {
    return with(VERSION, version).with(EVENT_ID, eventId);
  }

  /** This row in {@code partitionKey} of {@code table}, as a projection puts it. */
  public RowChange.Put at(ViewSet.Table table, String partitionKey) {
    return new RowChange.Put(new RowRef(table, partitionKey, rowKey), properties);
  }
}
