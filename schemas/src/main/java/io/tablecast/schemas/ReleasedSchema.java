package io.tablecast.schemas;

import org.apache.avro.Schema;

/**
 * One frozen released schema file.
 *
 * @param path the file's path below {@code released/}, for example {@code v1/EmployeeHired.avsc}
 * @param version the release it belongs to, for example 1 for {@code v1/}
 * @param schema the parsed schema
 */
record ReleasedSchema(String path, int version, Schema schema) {

  String recordName() {
    return schema.getName();
  }
}
