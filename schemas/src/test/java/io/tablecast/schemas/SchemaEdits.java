package io.tablecast.schemas;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.apache.avro.Schema;
import org.apache.avro.Schema.Field;

/** Copies of a record schema with one change, as a developer might make it. */
final class SchemaEdits {

  private SchemaEdits() {}

  static Schema withField(Schema record, String name, Schema type) {
    return edit(record, fields -> fields.add(new Field(name, type, "added")));
  }

  static Schema withField(Schema record, String name, Schema type, Object defaultValue) {
    return edit(record, fields -> fields.add(new Field(name, type, "added", defaultValue)));
  }

  static Schema withoutField(Schema record, String name) {
    return edit(record, fields -> fields.removeIf(field -> field.name().equals(name)));
  }

  static Schema renamingField(Schema record, String from, String to) {
    return edit(record, fields -> fields.replaceAll(field -> field.name().equals(from)
        ? new Field(to, field.schema(), field.doc())
        : field));
  }

  static Schema retypingField(Schema record, String name, Schema.Type type) {
    return retypingField(record, name, Schema.create(type));
  }

  static Schema retypingField(Schema record, String name, Schema type) {
    return edit(record, fields -> fields.replaceAll(field -> field.name().equals(name)
        ? new Field(name, type, field.doc())
        : field));
  }

  static Schema withoutDefault(Schema record, String name) {
    return edit(record, fields -> fields.replaceAll(field -> field.name().equals(name)
        ? new Field(name, field.schema(), field.doc())
        : field));
  }

  /** The same record with an edited copy of its fields (a Field belongs to one schema only). */
  private static Schema edit(Schema record, Consumer<List<Field>> change) {
    List<Field> fields = new ArrayList<>();
    record.getFields().forEach(field -> fields.add(new Field(field, field.schema())));
    change.accept(fields);
    Schema copy = Schema.createRecord(record.getName(), record.getDoc(), record.getNamespace(), false, fields);
    record.getObjectProps().forEach(copy::addProp);
    return copy;
  }
}
