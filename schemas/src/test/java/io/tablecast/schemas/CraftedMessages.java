package io.tablecast.schemas;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.function.Consumer;
import org.apache.avro.Schema;
import org.apache.avro.SchemaNormalization;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.io.BinaryEncoder;
import org.apache.avro.io.EncoderFactory;
import org.apache.avro.message.BinaryMessageEncoder;

/** Hand-made single-object messages, for tests that need bytes the codec would never write. */
final class CraftedMessages {

  private CraftedMessages() {}

  /** The 10-byte header: C3 01 and the little-endian fingerprint. */
  static byte[] header(long fingerprint) {
    return ByteBuffer.allocate(10)
        .order(ByteOrder.LITTLE_ENDIAN)
        .put((byte) 0xC3)
        .put((byte) 0x01)
        .putLong(fingerprint)
        .array();
  }

  static byte[] header(Schema writer) {
    return header(SchemaNormalization.parsingFingerprint64(writer));
  }

  /** A header for the writer schema, then a body written field by field with Avro's encoder. */
  static byte[] message(Schema writer, Consumer<BinaryEncoder> body) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.writeBytes(header(writer));
    BinaryEncoder encoder = EncoderFactory.get().directBinaryEncoder(out, null);
    body.accept(encoder);
    return out.toByteArray();
  }

  /** What a writer using Avro's generic API with this schema puts on the wire. */
  static byte[] encodeGeneric(Schema writer, GenericRecord record) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try {
      new BinaryMessageEncoder<GenericRecord>(GenericData.get(), writer).encode(record, out);
      return out.toByteArray();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static byte[] concat(byte[] first, byte... second) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.writeBytes(first);
    out.writeBytes(second);
    return out.toByteArray();
  }

  /** Writes to an Avro encoder without checked exceptions, for use in {@link #message}. */
  interface Writes {
    void to(BinaryEncoder encoder) throws IOException;
  }

  static Consumer<BinaryEncoder> writes(Writes writes) {
    return encoder -> {
      try {
        writes.to(encoder);
        encoder.flush();
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    };
  }
}
