package io.tablecast.viewstore.adapter.queue;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import io.tablecast.viewstore.adapter.queue.StepMessages.Failure;
import io.tablecast.viewstore.domain.work.WorkItem;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The queue message format of work items, version 1 (docs/work-items.md):
 *
 * <pre>{"format":1,"generation":1,"items":[{"type":"archive-employee",...},...]}</pre>
 *
 * One message carries as many items as fit in {@link #MAX_MESSAGE_BYTES}: the queue round trip
 * is the slowest operation of the stack, so items travel together. A reader refuses a message
 * whose format it does not know, rather than guessing.
 */
public final class WorkMessages {

  public static final int FORMAT = 1;
  /**
   * Under the service's 64 KiB limit, with room for base64 (4/3) and the XML envelope: the text
   * is at most 45 KiB of UTF-8 before encoding.
   */
  public static final int MAX_MESSAGE_BYTES = StepMessages.MAX_MESSAGE_BYTES;

  private static final ObjectMapper JSON = JsonMapper.builder()
      .addMixIn(WorkItem.class, ItemTypes.class)
      .addModule(new JavaTimeModule())
      .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS) // ISO-8601 text, as docs/work-items.md shows
      .serializationInclusion(JsonInclude.Include.NON_NULL) // an item's source is absent when unknown
      .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
      .build();

  private WorkMessages() {}

  /**
   * The message body: a versioned envelope of the generation's items.
   *
   * @param failure why the last attempt failed, once one has; absent on a fresh message
   */
  public record Message(int format, int generation, List<WorkItem> items, @JsonInclude(JsonInclude.Include.NON_NULL) Failure failure) {

    public Message(int generation, List<WorkItem> items) {
      this(FORMAT, generation, items, null);
    }

    public Optional<Failure> lastFailure() {
      return Optional.ofNullable(failure);
    }

    /** The same items, with the reason of the attempt that just failed. */
    public Message failed(Failure failure) {
      return new Message(format, generation, items, failure);
    }

    /** The message with only these of its items, as what is left of it after the others were done. */
    public Message leaving(List<WorkItem> left) {
      return new Message(format, generation, left, failure);
    }

    /** A message of its own for each item, each with the same reason. */
    public List<Message> split() {
      return items.stream().map(item -> new Message(format, generation, List.of(item), failure)).toList();
    }
  }

  
  @JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "type")
  @JsonSubTypes({
    @JsonSubTypes.Type(value = WorkItem.ArchiveEmployee.class, name = "archive-employee"),
    @JsonSubTypes.Type(value = WorkItem.TransferEmployee.class, name = "transfer-employee"),
    @JsonSubTypes.Type(value = WorkItem.ReindexEmployee.class, name = "reindex-employee"),
    @JsonSubTypes.Type(value = WorkItem.ManagerAssigned.class, name = "manager-assigned")
  })
  private interface ItemTypes {}

  /** Packs items into as few messages as the size limit allows, in order. */
  public static List<String> pack(int generation, List<WorkItem> items) {
    List<String> messages = new ArrayList<>();
    List<WorkItem> current = new ArrayList<>();
    int size = envelopeBytes(generation);
    for (WorkItem item : items) {
      int itemBytes = bytes(write(item)) + 1;
      if (!current.isEmpty() && size + itemBytes > MAX_MESSAGE_BYTES) {
        messages.add(write(new Message(generation, current)));
        current = new ArrayList<>();
        size = envelopeBytes(generation);
      }
      current.add(item);
      size += itemBytes;
    }
    if (!current.isEmpty()) {
      messages.add(write(new Message(generation, current)));
    }
    return messages;
  }

  /**
   * @throws IllegalArgumentException when the text is not a message of a known format
   */
  public static Message read(String text) {
    try {
      Message message = JSON.readValue(text, Message.class);
      if (message.format() != FORMAT || message.items() == null) {
        throw new IllegalArgumentException("Unknown work message format " + message.format());
      }
      return message;
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException("Not a work message: " + e.getOriginalMessage(), e);
    }
  }

  public static String write(Object value) {
    try {
      return JSON.writeValueAsString(value);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("Cannot write a work message", e);
    }
  }

  private static int envelopeBytes(int generation) {
    return bytes(write(new Message(generation, List.of())));
  }

  private static int bytes(String text) {
    return text.getBytes(StandardCharsets.UTF_8).length;
  }
}
