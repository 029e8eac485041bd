package io.tablecast.viewstore.adapter.out.tables;

import com.azure.data.tables.models.TableEntity;
import io.tablecast.common.tables.SystemProperties;
import io.tablecast.viewstore.domain.ViewEntity;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Maps between the folds' {@link ViewEntity} and the SDK's {@link TableEntity}: {@code Instant}
 * ⇄ {@code Edm.DateTime}; system properties (Timestamp, ETag, odata annotations) stay out of the
 * fold and the ETag is carried separately for {@code If-Match}.
 */
public final class TableRows {

  static final String ETAG = "odata.etag";

  private TableRows() {}

  /** A row as read, with the ETag to send back in {@code If-Match}. */
  public record Read(ViewEntity row, String etag) {}

  public static Read fromTable(TableEntity entity) {
    return new Read(new ViewEntity(entity.getRowKey(), properties(entity)), entity.getETag());
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

  public static TableEntity toTable(String partitionKey, ViewEntity row, String etag) {
    TableEntity entity = new TableEntity(partitionKey, row.rowKey());
    row.properties().forEach((name, value) ->
        entity.addProperty(name, value instanceof Instant t ? OffsetDateTime.ofInstant(t, ZoneOffset.UTC) : value));
    if (etag != null) {
      entity.addProperty(ETAG, etag);
    }
    return entity;
  }
}
