package io.tablecast.viewstore.adapter.queue;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import io.tablecast.viewstore.adapter.queue.WorkMessages.Failure;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;

/**
 * The queue messages of a view set's steps ({@link io.tablecast.projection.WorkStep}), version 1:
 *
 * <pre>{"format":1,"step":"orders-by-status","items":["c1/o1","c1/o2"]}</pre>
 *
 * The items are the texts the step encodes; one message carries as many as fit in {@link
 * WorkMessages#MAX_MESSAGE_BYTES}, because the queue round trip costs the same for one item as
 * for hundreds. A reader refuses a format it does not know.
 */
public final class StepMessages {

  public static final int FORMAT = 1;

  private static final ObjectMapper JSON = JsonMapper.builder()
      .serializationInclusion(JsonInclude.Include.NON_NULL)
      .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
      .build();

  private StepMessages() {}

  /** @param failure why the last attempt failed, once one has */
  public record Message(int format, String step, List<String> items, Failure failure) {

    public Message {
      items = items == null ? List.of() : List.copyOf(items);
    }

    public Optional<Failure> lastFailure() {
      return Optional.ofNullable(failure);
    }

    public Message failed(Failure failure) {
      return new Message(format, step, items, failure);
    }

    /** A message of its own for each item, each with the same reason. */
    public List<Message> split() {
      return items.stream().map(item -> new Message(format, step, List.of(item), failure)).toList();
    }
  }

  /** The items in as few messages as fit, in their order. */
  public static List<String> pack(String step, Collection<String> items) {
    List<String> texts = new ArrayList<>();
    List<String> current = new ArrayList<>();
    int bytes = 0;
    for (String item : items) {
      int size = requireFits(step, item);
      if (!current.isEmpty() && bytes + size > WorkMessages.MAX_MESSAGE_BYTES - 200) {
        texts.add(write(new Message(FORMAT, step, current, null)));
        current = new ArrayList<>();
        bytes = 0;
      }
      current.add(item);
      bytes += size;
    }
    if (!current.isEmpty()) {
      texts.add(write(new Message(FORMAT, step, current, null)));
    }
    return texts;
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
