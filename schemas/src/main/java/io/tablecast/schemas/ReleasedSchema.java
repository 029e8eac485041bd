package io.tablecast.schemas;

import org.apache.avro.Schema;

/**
 * One frozen released schema file, as {@link ReleasedSchemaFiles} loads it.
 *
 * @param path the file's path below its root ({@code released/} for the events), for example {@code
 *     v1/EmployeeHired.avsc}
 * @param version the release it belongs to, for example 1 for {@code v1/}
 * @param schema the parsed schema
 */
public record ReleasedSchema(String path, int version, Schema schema) {

  /** The simple name of the record, for example {@code EmployeeHired}. */
  public String recordName() {
    return schema.getName();
  }
}
