package io.tablecast.schemas;

import io.tablecast.schemas.UndecodableEventException.Reason;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.avro.io.BinaryDecoder;
import org.apache.avro.io.DecoderFactory;

/**
 * The checks that run on untrusted bytes before Avro's {@code BinaryMessageDecoder} sees them.
 * {@link EventCodec} runs them on events; the command side's codec of its internal records runs
 * them too, and reports their {@link UndecodableEventException} as its own failure.
 *
 * <p>The header check gives precise reasons. The body check exists because Avro allocates a
 * string's buffer from its length prefix before reading it: a garbage prefix of 2 GB would
 * allocate 2 GB. Skipping the body with the writer schema first reads every length prefix without
 * allocating, and fails when one points past the end of the message. Once the skip succeeded, no
 * length in the body exceeds the message's own size, so decoding allocates at most that much.
 */
public final class SingleObjectFrame {

  /** The {@code C3 01} marker and the 8-byte little-endian CRC-64-AVRO fingerprint. */
  public static final int HEADER_LENGTH = 10;

  private static final byte MARKER_0 = (byte) 0xC3;
  private static final byte MARKER_1 = (byte) 0x01;

  private SingleObjectFrame() {}

  /**
   * The writer schema's fingerprint from a single-object header.
   *
   * @throws UndecodableEventException with reason {@code BAD_HEADER} when there is no such header
   */
  public static long fingerprint(byte[] message) {
    if (message == null) {
      throw badHeader("there are no bytes (null)");
    }
    if (message.length < HEADER_LENGTH) {
      throw badHeader(String.format(
          "%d bytes are fewer than the %d-byte single-object header", message.length, HEADER_LENGTH));
    }
    if (message[0] != MARKER_0 || message[1] != MARKER_1) {
      throw badHeader(String.format(
          "the marker is 0x%02X 0x%02X, not the single-object marker 0xC3 0x01", message[0], message[1]));
    }
    return ByteBuffer.wrap(message, 2, 8).order(ByteOrder.LITTLE_ENDIAN).getLong();
  }

  /**
   * Fails unless the body after the header is exactly one datum of the writer schema: not
   * truncated, no length or union index out of range, no trailing bytes.
   *
   * @throws UndecodableEventException with reason {@code MALFORMED_BODY} otherwise
   */
  public static void requireWellFormedBody(Schema writer, byte[] message) {
    BinaryDecoder body = DecoderFactory.get()
        .binaryDecoder(message, HEADER_LENGTH, message.length - HEADER_LENGTH, null);
    boolean trailingBytes;
    try {
      GenericDatumReader.skip(writer, body);
      trailingBytes = !body.isEnd();
    } catch (IOException | RuntimeException e) {
      throw malformed(writer, "it does not match its writer schema (" + e + ")", e);
    }
    if (trailingBytes) {
      throw malformed(writer, "there are bytes after the end of the record", null);
    }
  }

  static UndecodableEventException malformed(Schema writer, String problem, Throwable cause) {
    return new UndecodableEventException(
        Reason.MALFORMED_BODY, "The body of a " + writer.getName() + " message is malformed: " + problem, cause);
  }

  private static UndecodableEventException badHeader(String problem) {
    return new UndecodableEventException(Reason.BAD_HEADER, "Not a single-object encoded Avro message: " + problem);
  }
}
