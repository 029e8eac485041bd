package io.tablecast.schemas;

import io.tablecast.events.DomainEvent;
import io.tablecast.schemas.UndecodableEventException.Reason;
import java.nio.charset.StandardCharsets;
import java.util.Objects;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serializer;

/**
 * The Kafka serde of the event topics: values are {@link EventCodec} single-object messages, and
 * the header {@value #EVENT_TYPE_HEADER} names the Avro record (SPEC §2), so that a consumer can
 * route or skip a record without decoding it.
 *
 * <p>A {@code null} value (a tombstone) maps to {@code null} both ways, without a header. The
 * deserializer throws {@link UndecodableEventException} for bytes that are not a valid event, and
 * also ({@link Reason#INVALID_CONTENT}) when an {@value #EVENT_TYPE_HEADER} header is present but
 * names another record than the one decoded. Kafka wraps it in its own exception type; callers that
 * need the reason look for it in the cause chain.
 *
 * <p>Immutable and thread-safe. The no-argument constructors, which Kafka uses when a serde is
 * configured by class name, share one codec over {@link EventSchemas#load()}.
 */
public final class EventSerde implements Serde<DomainEvent> {

  /** The Kafka header that names the record, for example {@code EmployeeHired}. */
  public static final String EVENT_TYPE_HEADER = "event-type";

  private final EventSerializer serializer;
  private final EventDeserializer deserializer;

  /** A serde over the shared default codec. */
  public EventSerde() {
    this(DefaultCodec.INSTANCE);
  }

  /** A serde over the given codec. */
  public EventSerde(EventCodec codec) {
    this.serializer = new EventSerializer(codec);
    this.deserializer = new EventDeserializer(codec);
  }

  @Override
  public Serializer<DomainEvent> serializer() {
    return serializer;
  }

  @Override
  public Deserializer<DomainEvent> deserializer() {
    return deserializer;
  }

  /** Writes an event, and its {@value #EVENT_TYPE_HEADER} header when headers are given. */
  public static final class EventSerializer implements Serializer<DomainEvent> {

    private final EventCodec codec;

    /** A serializer over the shared default codec. */
    public EventSerializer() {
      this(DefaultCodec.INSTANCE);
    }

    /** A serializer over the given codec. */
    public EventSerializer(EventCodec codec) {
      this.codec = Objects.requireNonNull(codec, "'codec' cannot be null.");
    }

    @Override
    public byte[] serialize(String topic, DomainEvent data) {
      return data == null ? null : codec.encode(data);
    }

    /** Also sets the {@value #EVENT_TYPE_HEADER} header, replacing any earlier one. */
    @Override
    public byte[] serialize(String topic, Headers headers, DomainEvent data) {
      if (data == null) {
        return null;
      }
      byte[] bytes = codec.encode(data);
      headers.remove(EVENT_TYPE_HEADER);
      headers.add(EVENT_TYPE_HEADER, data.eventType().getBytes(StandardCharsets.UTF_8));
      return bytes;
    }
  }

  /** Reads an event; see {@link EventSerde} for its errors. */
  public static final class EventDeserializer implements Deserializer<DomainEvent> {

    private final EventCodec codec;

    /** A deserializer over the shared default codec. */
    public EventDeserializer() {
      this(DefaultCodec.INSTANCE);
    }

    /** A deserializer over the given codec. */
    public EventDeserializer(EventCodec codec) {
      this.codec = Objects.requireNonNull(codec, "'codec' cannot be null.");
    }

    @Override
    public DomainEvent deserialize(String topic, byte[] data) {
      return data == null ? null : codec.decode(data);
    }

    @Override
    public DomainEvent deserialize(String topic, Headers headers, byte[] data) {
      Header header = headers == null ? null : headers.lastHeader(EVENT_TYPE_HEADER);
      return deserialize(data, header == null ? null : header.value());
    }

    /**
     * As the Kafka deserializer, without Kafka's types: the value decoded, and checked against the
     * value of its {@value #EVENT_TYPE_HEADER} header when it has one.
     *
     * @param eventTypeHeader the header's value; null when the record has none
     */
    public DomainEvent deserialize(byte[] data, byte[] eventTypeHeader) {
      DomainEvent event = data == null ? null : codec.decode(data);
      if (event != null && eventTypeHeader != null) {
        requireSameType(event, new String(eventTypeHeader, StandardCharsets.UTF_8));
      }
      return event;
    }

    private static void requireSameType(DomainEvent event, String headerType) {
      if (!headerType.equals(event.eventType())) {
        throw new UndecodableEventException(
            Reason.INVALID_CONTENT,
            "The " + EVENT_TYPE_HEADER + " header names another record than the " + event.eventType() + " in the value");
      }
    }
  }

  /** Loaded on first use of a no-argument constructor. */
  private static final class DefaultCodec {
    static final EventCodec INSTANCE = EventCodec.create();
  }
}
