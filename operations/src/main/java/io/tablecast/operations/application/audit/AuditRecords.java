package io.tablecast.operations.application.audit;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.tablecast.projection.LogAudit;
import io.tablecast.projection.RowChange;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.Base64;
import java.util.TreeMap;

/**
 * The canonical form in which expected and actual entities are sorted and compared: one line
 * {@code <table>\t<PartitionKey>\t<RowKey>\t<properties as JSON>}. The JSON lists properties by
 * name; every whole number is a long, every time an {@code {"instant": ISO-8601}} object, so an
 * {@code Int32} and an {@code Int64} of the same value are equal, and a time is never equal to
 * a string. Keys hold no control character (Azure forbids them), JSON escapes its own, so a tab
 * separates the fields and lines sort by key first.
 *
 * <p>A packed table ({@link LogAudit.PackedTable}) is keyed one member at a time: {@code
 * <table>\t<PartitionKey>\t<group>\t<member>}, with the packed row's RowKey as value.
 */
final class AuditRecords {

  static final char SEPARATOR = '\t';
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
  /**
   * A line split into its fields.
   *
   * @param table the table's base name
   * @param rowKey the RowKey; for a packed table, the group
   * @param member for a packed table, the member; otherwise empty
   * @param key everything before the value, which orders the lines
   */
  record Line(String table, String partitionKey, String rowKey, String member, String key, String value) {

    static Line parse(String line) {
      int cut = line.lastIndexOf(SEPARATOR);
      String key = line.substring(0, cut);
      String[] fields = key.split(String.valueOf(SEPARATOR), -1);
      return new Line(fields[0], fields[1], fields[2], fields.length > 3 ? fields[3] : "", key, line.substring(cut + 1));
    }
  }

  private AuditRecords() {}

  static String line(RowChange.Put row) {
    ObjectNode json = NODES.objectNode();
    new TreeMap<>(row.properties()).forEach((name, value) -> json.set(name, node(value)));
    return key(row.ref().table().baseName(), row.ref().partitionKey(), row.ref().rowKey()) + SEPARATOR + write(json);
  }

  /** @param packedRowKey the RowKey of the row that lists the member; empty for an expected one */
  static String line(LogAudit.Member member, String packedRowKey) {
    return key(member.table().baseName(), member.partitionKey(), member.group(), member.member())
        + SEPARATOR + write(NODES.textNode(packedRowKey));
  }

  static JsonNode read(String json) {
    try {
      return JSON.readTree(json);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("Not a canonical record: " + json, e);
    }
  }

  /** A value as the report shows it: text quoted, times and numbers bare. */
  static String show(JsonNode value) {
    if (value == null) {
      return "(absent)";
    }
    if (value.isObject() && value.size() == 1) {
      return value.elements().next().asText();
    }
    return value.toString();
  }

  private static String key(String... fields) {
    return String.join(String.valueOf(SEPARATOR), fields);
  }

  private static JsonNode node(Object value) {
    if (value instanceof String s) {
      return NODES.textNode(s);
    } else if (value instanceof Integer || value instanceof Long || value instanceof Short || value instanceof Byte) {
      return NODES.numberNode(((Number) value).longValue());
    } else if (value instanceof Number n) {
      return NODES.numberNode(n.doubleValue());
    } else if (value instanceof Boolean b) {
      return NODES.booleanNode(b);
    } else if (value instanceof Instant t) {
      return NODES.objectNode().put("instant", t.toString());
    } else if (value instanceof OffsetDateTime t) {
      return NODES.objectNode().put("instant", t.toInstant().toString());
    } else if (value instanceof byte[] bytes) {
      return NODES.objectNode().put("binary", Base64.getEncoder().encodeToString(bytes));
    }
    return NODES.objectNode().put(value.getClass().getSimpleName(), value.toString());
  }

  private static String write(JsonNode node) {
    try {
      return JSON.writeValueAsString(node);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("Cannot write a canonical record", e);
    }
  }
}
