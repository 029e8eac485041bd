package io.tablecast.viewstore.adapter.out.tables;

import com.azure.data.tables.models.TableEntity;
import io.tablecast.common.tables.SystemProperties;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * Maps between a row's own properties, as folds see them, and the SDK's {@link TableEntity}:
 * {@code Instant} ⇄ {@code Edm.DateTime}; system properties (Timestamp, ETag, odata annotations)
 * stay out of the fold and the ETag is carried separately for {@code If-Match}.
 */
public final class TableRows {

  static final String ETAG = "odata.etag";

  private TableRows() {}

  /** A row as read: its RowKey, its own properties, and the ETag to send back in {@code If-Match}. */
  public record Read(String rowKey, Map<String, Object> properties, String etag) {
    public Read {
      Objects.requireNonNull(rowKey, "'rowKey' cannot be null.");
      properties = Map.copyOf(properties);
    }
  }

  public static Read fromTable(TableEntity entity) {
    return new Read(entity.getRowKey(), properties(entity), entity.getETag());
  }

  /** A row's own properties, without the service's ({@code PartitionKey}, {@code Timestamp}, ...); times as {@link Instant}. */
  public static Map<String, Object> properties(TableEntity entity) {
    Map<String, Object> properties = new LinkedHashMap<>();
    entity.getProperties().forEach((name, value) -> {
      if (!SystemProperties.isSystem(name)) {
        properties.put(name, value instanceof OffsetDateTime t ? t.toInstant() : value);
      }
    });
    return properties;
  }

  /** A time a row holds ({@code Edm.DateTime}); null if it holds none. */
  public static Instant instant(TableEntity row, String property) {
    return row.getProperty(property) instanceof OffsetDateTime t ? t.toInstant() : null;
  }

  public static TableEntity toTable(String partitionKey, String rowKey, Map<String, Object> properties, String etag) {
    TableEntity entity = new TableEntity(partitionKey, rowKey);
    properties.forEach((name, value) ->
        entity.addProperty(name, value instanceof Instant t ? OffsetDateTime.ofInstant(t, ZoneOffset.UTC) : value));
    if (etag != null) {
      entity.addProperty(ETAG, etag);
    }
    return entity;
  }
}
