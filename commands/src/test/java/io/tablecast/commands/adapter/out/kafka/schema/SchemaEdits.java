package io.tablecast.commands.adapter.out.kafka.schema;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;
import org.apache.avro.Schema;
import org.apache.avro.Schema.Field;

/**
 * Copies of a record schema with one change, as a developer might make it: the edits of the
 * events' compatibility tests, plus the ones a union of commands and enums invite.
 */
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

  /** The record with one more branch in the union of field {@code name}. */
  static Schema withUnionBranch(Schema record, String name, Schema branch) {
    List<Schema> branches = new ArrayList<>(record.getField(name).schema().getTypes());
    branches.add(branch);
    return retypingField(record, name, Schema.createUnion(branches));
  }

  /** The record with the named branch of the union of field {@code name} edited. */
  static Schema editingUnionBranch(Schema record, String name, String branchName, UnaryOperator<Schema> change) {
    List<Schema> branches = new ArrayList<>(record.getField(name).schema().getTypes());
    branches.replaceAll(branch -> branch.getName().equals(branchName) ? change.apply(branch) : branch);
    return retypingField(record, name, Schema.createUnion(branches));
  }

  /** A copy of an enum schema with one more symbol. */
  static Schema withSymbol(Schema enumSchema, String symbol) {
    List<String> symbols = new ArrayList<>(enumSchema.getEnumSymbols());
    symbols.add(symbol);
    return Schema.createEnum(enumSchema.getName(), enumSchema.getDoc(), enumSchema.getNamespace(), symbols);
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
