package io.tablecast.schemas;

import java.util.ArrayList;
import java.util.List;
import org.apache.avro.Schema;

/**
 * Turns the JSON-pointer locations of {@link org.apache.avro.SchemaCompatibility} (such as {@code
 * /fields/6/type}, with field positions) into field names a person can act on ({@code field
 * 'age'}).
 */
final class SchemaLocations {

  private SchemaLocations() {}

  /** For example {@code field 'envelope.occurredAt' (/fields/0/type/fields/4/type)}. */
  static String describe(Schema reader, String location) {
    List<String> names = fieldNames(reader, location);
    return names.isEmpty()
        ? "the record (" + location + ")"
        : "field '" + String.join(".", names) + "' (" + location + ")";
  }

  private static List<String> fieldNames(Schema reader, String location) {
    List<String> names = new ArrayList<>();
    String[] tokens = location.split("/");
    Schema schema = reader;
    for (int i = 0; i < tokens.length - 1; i++) {
      if (tokens[i].equals("fields") && schema.getType() == Schema.Type.RECORD) {
        Schema.Field field = fieldAt(schema, tokens[i + 1]);
        if (field == null) {
          break;
        }
        names.add(field.name());
        schema = field.schema();
        i++;
      }
    }
    return names;
  }

  private static Schema.Field fieldAt(Schema record, String position) {
    try {
      int index = Integer.parseInt(position);
      return index >= 0 && index < record.getFields().size() ? record.getFields().get(index) : null;
    } catch (NumberFormatException e) {
      return null;
    }
  }
}
