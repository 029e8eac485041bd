package io.tablecast.common.kafka;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Optional;

/**
 * Where an event landed: its topic, partition and offset. The commands API hands it to clients
 * as an opaque string; the views API waits until the projector has applied that offset
 * (read-your-writes, SPEC §5).
 *
 * <p>Wire form: {@code v1.} followed by unpadded base64url of {@code partition (int32), offset
 * (int64), topic (UTF-8)}. Clients must not parse it.
 */
public record ConsistencyToken(String topic, int partition, long offset) {

  private static final String PREFIX = "v1.";
  /** Kafka's own rule for topic names. */
  private static final java.util.regex.Pattern TOPIC = java.util.regex.Pattern.compile("[a-zA-Z0-9._-]{1,249}");
  /** The longest token {@link #encode()} can produce: 12 bytes and a 249-byte name. */
  private static final int MAX_ENCODED_LENGTH = PREFIX.length() + (4 * (12 + 249) + 2) / 3;

  public ConsistencyToken {
    if (topic == null || !TOPIC.matcher(topic).matches()) {
      throw new IllegalArgumentException("'topic' must be a legal Kafka topic name.");
    }
    if (partition < 0 || offset < 0) {
      throw new IllegalArgumentException("'partition' and 'offset' cannot be negative.");
    }
  }

  public String encode() {
    byte[] name = topic.getBytes(StandardCharsets.UTF_8);
    ByteBuffer buffer = ByteBuffer.allocate(12 + name.length).putInt(partition).putLong(offset).put(name);
    return PREFIX + Base64.getUrlEncoder().withoutPadding().encodeToString(buffer.array());
  }

  /** Parses a token from a client; empty when it is not one that {@link #encode()} produced. */
  public static Optional<ConsistencyToken> parse(String text) {
    if (text == null || !text.startsWith(PREFIX) || text.length() > MAX_ENCODED_LENGTH) {
      return Optional.empty();
    }
    try {
      ByteBuffer buffer = ByteBuffer.wrap(Base64.getUrlDecoder().decode(text.substring(PREFIX.length())));
      if (buffer.remaining() <= 12) {
        return Optional.empty();
      }
      int partition = buffer.getInt();
      long offset = buffer.getLong();
      byte[] name = new byte[buffer.remaining()];
      buffer.get(name);
      return Optional.of(new ConsistencyToken(new String(name, StandardCharsets.UTF_8), partition, offset));
    } catch (IllegalArgumentException e) {
      return Optional.empty();
    }
  }
}
