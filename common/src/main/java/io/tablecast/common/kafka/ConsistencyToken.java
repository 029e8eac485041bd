package io.tablecast.common.kafka;

import io.tablecast.projection.AggregateRow;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * What a reader must wait for to see a write (read-your-writes, SPEC §5). The commands API hands
 * it to clients as an opaque string; the views API waits until the projector has caught up with
 * it.
 *
 * <ul>
 *   <li>{@link EventPosition}: where the command's event landed. The projector has applied it
 *       once its checkpoint for that partition passes the offset.
 *   <li>{@link AggregateVersion}: for an answer that wrote no event (a no-op), the version the
 *       aggregate had. The views show it once they reflect that version or a later one.
 * </ul>
 *
 * <p>Wire form: a kind prefix ({@code v1.} or {@code a1.}), then unpadded base64url of the
 * binary fields. Clients must not parse it. Parsing anything that {@link #encode()} did not
 * produce gives an empty result, never an exception.
 */
public sealed interface ConsistencyToken {

  String encode();

  static Optional<ConsistencyToken> parse(String text) {
    if (text == null || text.length() > 512) {
      return Optional.empty();
    }
    try {
      if (text.startsWith(EventPosition.PREFIX)) {
        return EventPosition.decode(bytes(text, EventPosition.PREFIX));
      }
      if (text.startsWith(AggregateVersion.PREFIX)) {
        return AggregateVersion.decode(bytes(text, AggregateVersion.PREFIX));
      }
    } catch (IllegalArgumentException | java.nio.BufferUnderflowException e) {
      return Optional.empty();
    }
    return Optional.empty();
  }

  private static ByteBuffer bytes(String text, String prefix) {
    return ByteBuffer.wrap(Base64.getUrlDecoder().decode(text.substring(prefix.length())));
  }

  private static String encode(String prefix, ByteBuffer buffer) {
    return prefix + Base64.getUrlEncoder().withoutPadding().encodeToString(buffer.array());
  }

  private static String rest(ByteBuffer buffer) {
    byte[] bytes = new byte[buffer.remaining()];
    buffer.get(bytes);
    return new String(bytes, StandardCharsets.UTF_8);
  }

  /** An event's position in its topic. */
  record EventPosition(String topic, int partition, long offset) implements ConsistencyToken {

    static final String PREFIX = "v1.";
    /** Kafka's own rule for topic names. */
    private static final Pattern TOPIC = Pattern.compile("[a-zA-Z0-9._-]{1,249}");

    public EventPosition {
      if (topic == null || !TOPIC.matcher(topic).matches()) {
        throw new IllegalArgumentException("'topic' must be a legal Kafka topic name.");
      }
      if (partition < 0 || offset < 0) {
        throw new IllegalArgumentException("'partition' and 'offset' cannot be negative.");
      }
    }

    @Override
    public String encode() {
      byte[] name = topic.getBytes(StandardCharsets.UTF_8);
      return ConsistencyToken.encode(PREFIX, ByteBuffer.allocate(12 + name.length).putInt(partition).putLong(offset).put(name));
    }

    static Optional<ConsistencyToken> decode(ByteBuffer buffer) {
      int partition = buffer.getInt();
      long offset = buffer.getLong();
      return Optional.of(new EventPosition(rest(buffer), partition, offset));
    }
  }

  /**
   * An aggregate's version: {@code kind} names the kind of aggregate as its view set declares it
   * ({@link AggregateRow#isKind}), {@code aggregateId} the aggregate.
   */
  record AggregateVersion(String kind, String aggregateId, long version) implements ConsistencyToken {

    static final String PREFIX = "a1.";
    private static final Pattern ID = Pattern.compile("[A-Za-z0-9-]{1,64}");

    public AggregateVersion {
      if (!AggregateRow.isKind(kind) || aggregateId == null || !ID.matcher(aggregateId).matches()) {
        throw new IllegalArgumentException("'kind' must be a lower-case name of at most 32 letters, digits and hyphens, and"
            + " 'aggregateId' 1 to 64 letters, digits and hyphens.");
      }
      if (version < 1) {
        throw new IllegalArgumentException("'version' must be at least 1.");
      }
    }

    @Override
    public String encode() {
      byte[] id = (kind + "/" + aggregateId).getBytes(StandardCharsets.UTF_8);
      return ConsistencyToken.encode(PREFIX, ByteBuffer.allocate(8 + id.length).putLong(version).put(id));
    }

    static Optional<ConsistencyToken> decode(ByteBuffer buffer) {
      long version = buffer.getLong();
      String[] parts = rest(buffer).split("/", -1);
      return parts.length == 2 ? Optional.of(new AggregateVersion(parts[0], parts[1], version)) : Optional.empty();
    }
  }
}
