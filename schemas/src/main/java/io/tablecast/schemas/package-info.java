/**
 * The wire form of the domain events: Avro schemas, the schema store, the single-object codec, the
 * Kafka serde and the schema compatibility check.
 *
 * <p>Public: {@link io.tablecast.schemas.EventCodec}, {@link io.tablecast.schemas.EventSerde},
 * {@link io.tablecast.schemas.EventSchemas}, {@link io.tablecast.schemas.UndecodableEventException}
 * and {@link io.tablecast.schemas.SchemaCompatibilityCheck}. Also public, for other families of
 * versioned Avro records (the command side's internal ones): the released-file loader {@link
 * io.tablecast.schemas.ReleasedSchemaFiles} with {@link io.tablecast.schemas.ReleasedSchema}, and
 * the checks on untrusted single-object bytes, {@link io.tablecast.schemas.SingleObjectFrame}.
 * Everything else, including the mapping between the mutable generated classes of {@code
 * io.tablecast.events.avro} and the domain records of {@code io.tablecast.events}, is
 * package-private.
 */
package io.tablecast.schemas;
