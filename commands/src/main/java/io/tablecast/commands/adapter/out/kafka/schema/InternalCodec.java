package io.tablecast.commands.adapter.out.kafka.schema;

import io.tablecast.schemas.SingleObjectFrame;
import io.tablecast.schemas.UndecodableEventException;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.Objects;
import java.util.function.Function;
import org.apache.avro.AvroRuntimeException;
import org.apache.avro.Schema;
import org.apache.avro.message.BinaryMessageDecoder;
import org.apache.avro.message.BinaryMessageEncoder;
import org.apache.avro.specific.SpecificData;
import org.apache.avro.specific.SpecificRecord;
import org.apache.kafka.common.errors.SerializationException;

/**
 * One internal record in Avro single-object encoding, as the events are encoded (SPEC §2): the
 * {@code C3 01} marker, the writer schema's CRC-64-AVRO fingerprint, then the binary body.
 *
 * <p><b>Writing</b> uses the record's current schema. <b>Reading</b> finds the writer schema by
 * fingerprint among every released version and the current one ({@link InternalSchemas}), and
 * resolves it into the current schema, so an instance reads what an older or newer one wrote
 * while a rolling deploy runs, and a store restored from its changelog reads old values.
 *
 * <p><b>Errors.</b> Every failure is a {@link SerializationException} that names the record and
 * the step: no single-object header, an unknown fingerprint, another record's schema, a malformed
 * body (checked without allocating more than the message first, as for events), or a value the
 * domain refuses. Immutable and thread-safe.
 *
 * @param <T> the domain or application record
 * @param <A> the generated Avro record
 */
final class InternalCodec<T, A extends SpecificRecord> {

  private final InternalSchemas schemas;
  private final Schema schema;
  private final Function<T, A> toAvro;
  private final Function<A, T> fromAvro;
  private final BinaryMessageEncoder<A> encoder;
  private final BinaryMessageDecoder<A> decoder;

  InternalCodec(InternalSchemas schemas, Schema schema, Function<T, A> toAvro, Function<A, T> fromAvro) {
    this.schemas = Objects.requireNonNull(schemas, "'schemas' cannot be null.");
    this.schema = Objects.requireNonNull(schema, "'schema' cannot be null.");
    this.toAvro = Objects.requireNonNull(toAvro, "'toAvro' cannot be null.");
    this.fromAvro = Objects.requireNonNull(fromAvro, "'fromAvro' cannot be null.");
    // The generated class's own model, which converts timestamp-millis to Instant.
    SpecificData model = SpecificData.getForSchema(schema);
    this.encoder = new BinaryMessageEncoder<>(model, schema);
    this.decoder = new BinaryMessageDecoder<>(model, schema, schemas);
  }

  /** The single-object encoding of {@code value}, written with the current schema. */
  byte[] encode(T value) {
    Objects.requireNonNull(value, "'value' cannot be null.");
    A record;
    try {
      record = toAvro.apply(value);
    } catch (AvroRuntimeException | NullPointerException e) {
      // A builder refuses a null where the schema has none: a defect of the caller's value.
      throw new SerializationException("Cannot encode " + schema.getName() + ": " + e.getMessage(), e);
    }
    ByteArrayOutputStream out = new ByteArrayOutputStream(256);
    try {
      encoder.encode(record, out);
    } catch (IOException e) {
      throw new SerializationException("Cannot encode " + schema.getName(), e);
    }
    return out.toByteArray();
  }

  /** The value in a single-object message written with any known version of the record's schema. */
  T decode(byte[] message) {
    Schema writer = writerOf(message);
    A record;
    try {
      record = decoder.decode(message);
    } catch (IOException | RuntimeException e) {
      throw undecodable("it cannot be read with its writer schema (" + e + ")", e);
    }
    try {
      return fromAvro.apply(record);
    } catch (IllegalArgumentException e) {
      throw undecodable("a value breaks a domain rule: " + e.getMessage(), e);
    }
  }

  /** The schema the message was written with, once the frame around the body is sound. */
  private Schema writerOf(byte[] message) {
    try {
      long fingerprint = SingleObjectFrame.fingerprint(message);
      Schema writer = schemas.findByFingerprint(fingerprint);
      if (writer == null) {
        throw undecodable(String.format("no released or current schema has the fingerprint 0x%016X", fingerprint), null);
      }
      if (!writer.getFullName().equals(schema.getFullName())) {
        throw undecodable("it was written as another record, " + writer.getFullName(), null);
      }
      SingleObjectFrame.requireWellFormedBody(writer, message);
      return writer;
    } catch (UndecodableEventException e) {
      throw undecodable(e.getMessage(), e);
    }
  }

  private SerializationException undecodable(String problem, Throwable cause) {
    return new SerializationException("Cannot decode " + schema.getName() + ": " + problem, cause);
  }
}
