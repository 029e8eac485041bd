package io.tablecast.schemas;

import io.tablecast.events.DomainEvent;
import io.tablecast.schemas.UndecodableEventException.Reason;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import org.apache.avro.Schema;
import org.apache.avro.message.BadHeaderException;
import org.apache.avro.message.BinaryMessageDecoder;
import org.apache.avro.message.BinaryMessageEncoder;
import org.apache.avro.message.MissingSchemaException;
import org.apache.avro.specific.SpecificData;
import org.apache.avro.specific.SpecificRecord;

/**
 * Encodes domain events as Avro single-object messages and decodes them back (SPEC §2): the
 * {@code C3 01} marker, the 8-byte little-endian CRC-64-AVRO fingerprint of the writer schema, then
 * the Avro binary body. Built on Avro's {@link BinaryMessageEncoder} and {@link
 * BinaryMessageDecoder}, with {@link EventSchemas} as the store that resolves fingerprints.
 *
 * <p><b>Writing</b> always uses the current schema of the event's record. <b>Reading</b> finds the
 * writer schema by fingerprint, among every released version and the current ones, and reads it
 * into the current schema of the same record: Avro's schema resolution turns an older writer's
 * data into today's shape.
 *
 * <p><b>Errors.</b> {@link #decode(byte[])} treats its input as untrusted. Whatever the bytes, it
 * returns an event or throws {@link UndecodableEventException}, whose {@link
 * UndecodableEventException#reason() reason} says which step failed. Allocation is bounded by the
 * size of the input: a garbage length prefix cannot make it allocate more.
 *
 * <p><b>Thread-safety.</b> Immutable and thread-safe: build one and share it.
 */
public final class EventCodec {

  private final EventSchemas schemas;
  /** By record name; Avro's encoders and decoders are thread-safe. */
  private final Map<String, BinaryMessageEncoder<SpecificRecord>> encoders;
  private final Map<String, BinaryMessageDecoder<SpecificRecord>> decoders;

  /** A codec over the given schemas. */
  public EventCodec(EventSchemas schemas) {
    this.schemas = Objects.requireNonNull(schemas, "'schemas' cannot be null.");
    Map<String, BinaryMessageEncoder<SpecificRecord>> encodersByName = new HashMap<>();
    Map<String, BinaryMessageDecoder<SpecificRecord>> decodersByName = new HashMap<>();
    schemas.current().forEach((name, schema) -> {
      // The generated class's own model, which converts timestamp-millis to Instant.
      SpecificData model = SpecificData.getForSchema(schema);
      encodersByName.put(name, new BinaryMessageEncoder<>(model, schema));
      decodersByName.put(name, new BinaryMessageDecoder<>(model, schema, schemas));
    });
    this.encoders = Map.copyOf(encodersByName);
    this.decoders = Map.copyOf(decodersByName);
  }

  /** A codec over {@link EventSchemas#load()}. */
  public static EventCodec create() {
    return new EventCodec(EventSchemas.load());
  }

  /** The schemas this codec writes with and reads from. */
  public EventSchemas schemas() {
    return schemas;
  }

  /**
   * The single-object encoding of the event, written with the current schema of its record.
   *
   * @throws NullPointerException if {@code event} is null
   */
  public byte[] encode(DomainEvent event) {
    Objects.requireNonNull(event, "'event' cannot be null.");
    SpecificRecord record = AvroEventMapping.toAvro(event);
    ByteArrayOutputStream out = new ByteArrayOutputStream(256);
    try {
      encoders.get(record.getSchema().getName()).encode(record, out);
    } catch (IOException e) {
      // A ByteArrayOutputStream does not fail.
      throw new UncheckedIOException("Cannot encode " + event.eventType(), e);
    }
    return out.toByteArray();
  }

  /**
   * The event in a single-object message written with any known version of its schema.
   *
   * @throws UndecodableEventException for anything else, {@code null} included
   */
  public DomainEvent decode(byte[] message) {
    long fingerprint = SingleObjectFrame.fingerprint(message);
    Schema writer = schemas.findByFingerprint(fingerprint);
    if (writer == null) {
      throw unknownFingerprint(fingerprint, null);
    }
    SingleObjectFrame.requireWellFormedBody(writer, message);
    return AvroEventMapping.toDomain(read(writer, message));
  }

  private SpecificRecord read(Schema writer, byte[] message) {
    BinaryMessageDecoder<SpecificRecord> decoder = decoders.get(writer.getName());
    if (decoder == null) {
      // EventSchemas rejects a released record without a current schema, so this is a defect.
      throw new IllegalStateException("No current schema for record " + writer.getFullName());
    }
    try {
      return decoder.decode(message);
    } catch (BadHeaderException e) {
      throw new UndecodableEventException(Reason.BAD_HEADER, e.getMessage(), e);
    } catch (MissingSchemaException e) {
      throw unknownFingerprint(SingleObjectFrame.fingerprint(message), e);
    } catch (IOException | RuntimeException e) {
      throw SingleObjectFrame.malformed(writer, "it cannot be read (" + e + ")", e);
    }
  }

  private static UndecodableEventException unknownFingerprint(long fingerprint, Throwable cause) {
    return new UndecodableEventException(
        Reason.UNKNOWN_FINGERPRINT,
        String.format("No released or current event schema has the fingerprint 0x%016X", fingerprint),
        cause);
  }
}
