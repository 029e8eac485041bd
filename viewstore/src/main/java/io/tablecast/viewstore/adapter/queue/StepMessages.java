package io.tablecast.viewstore.adapter.queue;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import io.tablecast.viewstore.adapter.queue.WorkMessages.Failure;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The queue messages of a view set's steps ({@link io.tablecast.projection.WorkStep}), version 1:
 *
 * <pre>{"format":1,"step":"orders-by-status","items":["c1/o1","c1/o2"]}</pre>
 *
 * The items are the texts the step encodes; one message carries as many as fit in {@link
 * WorkMessages#MAX_MESSAGE_BYTES}, because the queue round trip costs the same for one item as
 * for hundreds. With tracing on, {@code traces} lists beside each item the W3C {@code traceparent}
 * of the event that asked for it (or null), so that the worker's span joins that event's trace. A
 * reader refuses a format it does not know.
 */
public final class StepMessages {

  public static final int FORMAT = 1;
  private static final int TRACE_BYTES = 60;

  private static final ObjectMapper JSON = JsonMapper.builder()
      .serializationInclusion(JsonInclude.Include.NON_NULL)
      .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
      .build();

  private StepMessages() {}

  /**
   * @param traces null, or as many as {@code items}: each item's {@code traceparent}, or null
   * @param failure why the last attempt failed, once one has
   */
  public record Message(int format, String step, List<String> items, List<String> traces, Failure failure) {

    public Message {
      items = items == null ? List.of() : List.copyOf(items);
      if (traces != null) {
        if (traces.size() != items.size()) {
          throw new IllegalArgumentException(traces.size() + " traces for " + items.size() + " items");
        }
        traces = Collections.unmodifiableList(new ArrayList<>(traces));
      }
    }

    /** Items without traces. */
    public Message(int format, String step, List<String> items, Failure failure) {
      this(format, step, items, null, failure);
    }

    public Optional<Failure> lastFailure() {
      return Optional.ofNullable(failure);
    }

    /** The {@code traceparent} of item {@code index}; null when it has none. */
    public String trace(int index) {
      return traces == null ? null : traces.get(index);
    }

    public Message failed(Failure failure) {
      return new Message(format, step, items, traces, failure);
    }

    /** The same items, as fresh as when they were first sent. */
    public Message fresh() {
      return new Message(format, step, items, traces, null);
    }

    /** A message of its own for each item, each with the same reason. */
    public List<Message> split() {
      List<Message> parts = new ArrayList<>();
      for (int i = 0; i < items.size(); i++) {
        parts.add(new Message(format, step, List.of(items.get(i)), traces == null ? null : Collections.singletonList(traces.get(i)),
            failure));
      }
      return parts;
    }
  }

  /**
   * The items in as few messages as fit, in their order.
   *
   * @param items each item with the {@code traceparent} of the event that asked for it, or null
   */
  public static List<String> pack(String step, Map<String, String> items) {
    List<String> texts = new ArrayList<>();
    List<String> current = new ArrayList<>();
    List<String> traces = new ArrayList<>();
    int bytes = 0;
    for (Map.Entry<String, String> item : items.entrySet()) {
      int size = requireFits(step, item.getKey()) + (item.getValue() == null ? 5 : TRACE_BYTES);
      if (!current.isEmpty() && bytes + size > WorkMessages.MAX_MESSAGE_BYTES - 200) {
        texts.add(write(message(step, current, traces)));
        current = new ArrayList<>();
        traces = new ArrayList<>();
        bytes = 0;
      }
      current.add(item.getKey());
      traces.add(item.getValue());
      bytes += size;
    }
    if (!current.isEmpty()) {
      texts.add(write(message(step, current, traces)));
    }
    return texts;
  }

  private static Message message(String step, List<String> items, List<String> traces) {
    return new Message(FORMAT, step, items, traces.stream().allMatch(Objects::isNull) ? null : traces, null);
  }

  /**
   * @return the item's size in a message
   * @throws IllegalArgumentException for an item too long to travel: an item names its work, it does not carry it
   */
  public static int requireFits(String step, String item) {
    int size = item.getBytes(StandardCharsets.UTF_8).length + 16; // quotes, comma, escapes of a few characters
    if (size > WorkMessages.MAX_MESSAGE_BYTES / 2) {
      throw new IllegalArgumentException("step '" + step + "' was asked for an item of " + size
          + " bytes; an item names its work in a few");
    }
    return size;
  }

  public static String write(Message message) {
    try {
      return JSON.writeValueAsString(message);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("Cannot write a step message", e);
    }
  }

  /** @throws IllegalArgumentException for a text that is not a step message of a known format */
  public static Message read(String text) {
    Message message;
    try {
      message = JSON.readValue(text, Message.class);
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException("not a step message: " + e.getOriginalMessage(), e);
    }
    if (message.format() != FORMAT || message.step() == null || message.items().isEmpty()) {
      throw new IllegalArgumentException("not a step message of format " + FORMAT + ": " + text);
    }
    return message;
  }
}
