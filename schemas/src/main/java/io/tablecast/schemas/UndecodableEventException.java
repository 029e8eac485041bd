package io.tablecast.schemas;

import java.util.Objects;

/**
 * Bytes that are not a decodable event. {@link EventCodec#decode(byte[])} and the Kafka
 * deserializer of {@link EventSerde} throw only this for bad input, whatever the bytes are: never
 * a {@code NullPointerException}, an {@code AvroRuntimeException} or an {@code OutOfMemoryError}.
 *
 * <p>The {@link #reason()} says which step failed, so that a caller (the projector's dead-letter
 * policy) can record it without parsing the message text.
 */
public class UndecodableEventException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  /** Which step of decoding failed. */
  public enum Reason {
    /** No bytes, fewer than the 10 header bytes, or not the single-object marker {@code C3 01}. */
    BAD_HEADER,
    /** The header names a fingerprint that no released or current event schema has. */
    UNKNOWN_FINGERPRINT,
    /** The body does not match its writer schema: truncated, garbage, or trailing bytes. */
    MALFORMED_BODY,
    /** The body decoded, but its values break a domain rule (for example a bad department id). */
    INVALID_CONTENT
  }

  private final Reason reason;

  public UndecodableEventException(Reason reason, String message) {
    this(reason, message, null);
  }

  public UndecodableEventException(Reason reason, String message, Throwable cause) {
    super(Objects.requireNonNull(reason, "'reason' cannot be null.") + ": " + message, cause);
    this.reason = reason;
  }

  /** Which step of decoding failed. */
  public Reason reason() {
    return reason;
  }
}
