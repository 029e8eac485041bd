package io.tablecast.testkit;

import io.tablecast.events.DomainEvent;
import io.tablecast.schemas.EventCodec;
import io.tablecast.schemas.ReleasedSchema;
import io.tablecast.schemas.ReleasedSchemaFiles;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.HashMap;
import java.util.Map;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.io.DecoderFactory;
import org.apache.avro.message.BinaryMessageEncoder;

/**
 * Encodes events as a command processor of an earlier release wrote them: with the released
 * schema of that version (for a record unchanged in it, its latest earlier file), so tests can
 * build logs that span a schema change. What the older schema cannot carry is lost, exactly as it
 * was for that writer: a version-1 event has no actor.
 */
public final class ReleasedSchemaEncoder {

  private static final String EVENTS_ROOT = "released/";
  private static final int HEADER_LENGTH = 10;

  private final EventCodec codec = EventCodec.create();
  private final int version;
  private final Map<String, Schema> writers = new HashMap<>();

  /** @param version a released version of the event schemas, such as 1 */
  public ReleasedSchemaEncoder(int version) {
    this.version = version;
    // Oldest first, so the latest file at or below the version wins.
    for (ReleasedSchema released : ReleasedSchemaFiles.load(ReleasedSchemaEncoder.class.getClassLoader(), EVENTS_ROOT)) {
      if (released.version() <= version) {
        writers.put(released.recordName(), released.schema());
      }
    }
    if (writers.isEmpty()) {
      throw new IllegalArgumentException("'version' " + version + " has no released event schema");
    }
  }

  /** The single-object message that a writer of this version would have written for the event. */
  public byte[] encode(DomainEvent event) {
    Schema older = writers.get(event.eventType());
    if (older == null) {
      throw new IllegalArgumentException(event.eventType() + " was not released by version " + version);
    }
    byte[] current = codec.encode(event);
    return rewrittenWith(codec.schemas().findByFingerprint(fingerprint(current)), older, current);
  }

  /**
   * A single-object message written with {@code writer}, read through Avro's resolution as {@code
   * older} and written again with it: the fields {@code older} lacks are dropped, as an older
   * writer never had them.
   */
  public static byte[] rewrittenWith(Schema writer, Schema older, byte[] message) {
    try {
      GenericRecord record = new GenericDatumReader<GenericRecord>(writer, older)
          .read(null, DecoderFactory.get().binaryDecoder(message, HEADER_LENGTH, message.length - HEADER_LENGTH, null));
      ByteBuffer encoded = new BinaryMessageEncoder<GenericRecord>(GenericData.get(), older).encode(record);
      byte[] rewritten = new byte[encoded.remaining()];
      encoded.get(rewritten);
      return rewritten;
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot rewrite a " + writer.getName() + " message with an older schema", e);
    }
  }

  /** The writer schema's fingerprint, from the single-object header. */
  public static long fingerprint(byte[] message) {
    return ByteBuffer.wrap(message, 2, 8).order(ByteOrder.LITTLE_ENDIAN).getLong();
  }
}
