package io.tablecast.viewstore.adapter.queue;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import io.tablecast.common.tables.CheckpointLayout;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.IntStream;

/**
 * The queue messages of a view set's steps ({@link io.tablecast.projection.WorkStep}), version 1:
 *
 * <pre>{"format":1,"step":"orders-by-status","items":["c1/o1","c1/o2"]}</pre>
 *
 * The items are the texts the step encodes; one message carries as many as fit in {@link
 * #MAX_MESSAGE_BYTES}, because the queue round trip costs the same for one item as
 * for hundreds. With tracing on, {@code traces} lists beside each item the W3C {@code traceparent}
 * of the event that asked for it (or null), so that the worker's span joins that event's trace;
 * {@code sources} lists where that event is in the log, {@code <topic>-<partition>@<offset>} (or
 * null), so that a worker can tell whether the projector has passed it ({@link
 * io.tablecast.projection.WorkStep#notYet}); {@code occurred}, when that event's record was written
 * (epoch milliseconds, or null), which the worker's freshness of the item counts from. A reader
 * refuses a format it does not know, and accepts a message without any of the three.
 */
public final class StepMessages {

  public static final int FORMAT = 1;
  /**
   * Under the service's 64 KiB limit, with room for base64 (4/3) and the XML envelope: the text
   * is at most 45 KiB of UTF-8 before encoding.
   */
  public static final int MAX_MESSAGE_BYTES = 45 * 1024;
  private static final int TRACE_BYTES = 60;
  private static final int SOURCE_BYTES = 8;
  private static final int OCCURRED_BYTES = 15;

  private static final ObjectMapper JSON = JsonMapper.builder()
      .serializationInclusion(JsonInclude.Include.NON_NULL)
      .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
      .build();

  private StepMessages() {}

  /**
   * Why a message's last attempt failed.
   *
   * @param permanent whether retrying cannot help (the item is parked in the poison queue after
   *     its retries) or might (it is retried as long as it takes)
   */
  public record Failure(String reason, boolean permanent) {}

  /**
   * Where the event that asked for an item is in the log, its trace, and when it occurred; any may be null.
   *
   * @param source {@code <topic>-<partition>@<offset>}: the event's checkpoint row and offset
   * @param occurred the event's record timestamp, in epoch milliseconds: what a step item's freshness counts from
   */
  public record Origin(String source, String trace, Long occurred) {

    public static final Origin NONE = new Origin(null, null, null);

    public Origin(String source, String trace) {
      this(source, trace, null);
    }

    public static Origin of(String topic, int partition, long offset, String trace) {
      return new Origin(CheckpointLayout.position(topic, partition, offset), trace, null);
    }

    /** As above, for an event whose record was written at {@code occurred} (epoch milliseconds). */
    public static Origin of(String topic, int partition, long offset, String trace, long occurred) {
      return new Origin(CheckpointLayout.position(topic, partition, offset), trace, occurred);
    }

    /** This item asked for again by a later event: its place and time, with the trace of the first. */
    public Origin askedAgain(Origin later) {
      return new Origin(later.source, trace, later.occurred);
    }

    /** Whether the projector has passed the event ({@code applied}: each checkpoint row's applied offset); an unknown one has. */
    public boolean passed(Map<String, Long> applied) {
      if (source == null) {
        return true;
      }
      int at = source.lastIndexOf('@');
      try {
        return applied.getOrDefault(source.substring(0, at), -1L) >= Long.parseLong(source.substring(at + 1));
      } catch (RuntimeException e) {
        return true;
      }
    }
  }

  /**
   * @param traces null, or as many as {@code items}: each item's {@code traceparent}, or null
   * @param sources null, or as many as {@code items}: each item's {@link Origin#source}, or null
   * @param occurred null, or as many as {@code items}: each item's {@link Origin#occurred}, or null
   * @param failure why the last attempt failed, once one has
   */
  public record Message(int format, String step, List<String> items, List<String> traces, List<String> sources, List<Long> occurred,
      Failure failure) {

    public Message {
      items = items == null ? List.of() : List.copyOf(items);
      traces = alongside(traces, items, "traces");
      sources = alongside(sources, items, "sources");
      occurred = alongside(occurred, items, "occurred");
    }

    /** Items without traces or sources. */
    public Message(int format, String step, List<String> items, Failure failure) {
      this(format, step, items, null, null, null, failure);
    }

    private static <T> List<T> alongside(List<T> values, List<String> items, String name) {
      if (values == null) {
        return null;
      }
      if (values.size() != items.size()) {
        throw new IllegalArgumentException(values.size() + " " + name + " for " + items.size() + " items");
      }
      return Collections.unmodifiableList(new ArrayList<>(values));
    }

    public Optional<Failure> lastFailure() {
      return Optional.ofNullable(failure);
    }

    /** The {@code traceparent} of item {@code index}; null when it has none. */
    public String trace(int index) {
      return traces == null ? null : traces.get(index);
    }

    /** Where the event that asked for item {@code index} is in the log, and its trace. */
    public Origin origin(int index) {
      return new Origin(sources == null ? null : sources.get(index), trace(index), occurred == null ? null : occurred.get(index));
    }

    public Message failed(Failure failure) {
      return new Message(format, step, items, traces, sources, occurred, failure);
    }

    /** The same items, as fresh as when they were first sent. */
    public Message fresh() {
      return new Message(format, step, items, traces, sources, occurred, null);
    }

    /** Only the items at {@code indexes}, in their order, with their traces and sources. */
    public Message keeping(Collection<Integer> indexes) {
      List<Integer> kept = indexes.stream().sorted().toList();
      return new Message(format, step, kept.stream().map(items::get).toList(), picked(traces, kept), picked(sources, kept),
          picked(occurred, kept), failure);
    }

    /** A message of its own for each item, each with the same reason. */
    public List<Message> split() {
      return IntStream.range(0, items.size()).mapToObj(i -> keeping(List.of(i))).toList();
    }

    private static <T> List<T> picked(List<T> values, List<Integer> indexes) {
      return values == null ? null : indexes.stream().map(values::get).collect(ArrayList::new, ArrayList::add, ArrayList::addAll);
    }
  }

  /**
   * The items in as few messages as fit, in their order.
   *
   * @param items each item with the origin of the event that asked for it
   */
  public static List<String> pack(String step, Map<String, Origin> items) {
    List<String> texts = new ArrayList<>();
    List<Map.Entry<String, Origin>> current = new ArrayList<>();
    int bytes = 0;
    for (Map.Entry<String, Origin> item : items.entrySet()) {
      Origin origin = item.getValue();
      int size = requireFits(step, item.getKey()) + (origin.trace() == null ? 5 : TRACE_BYTES)
          + (origin.source() == null ? 5 : origin.source().length() + SOURCE_BYTES) + OCCURRED_BYTES;
      if (!current.isEmpty() && bytes + size > MAX_MESSAGE_BYTES - 200) {
        texts.add(write(message(step, current)));
        current = new ArrayList<>();
        bytes = 0;
      }
      current.add(item);
      bytes += size;
    }
    if (!current.isEmpty()) {
      texts.add(write(message(step, current)));
    }
    return texts;
  }

  private static Message message(String step, List<Map.Entry<String, Origin>> items) {
    List<String> traces = items.stream().map(item -> item.getValue().trace()).collect(ArrayList::new, ArrayList::add, ArrayList::addAll);
    List<String> sources = items.stream().map(item -> item.getValue().source()).collect(ArrayList::new, ArrayList::add, ArrayList::addAll);
    List<Long> occurred = items.stream().map(item -> item.getValue().occurred()).collect(ArrayList::new, ArrayList::add, ArrayList::addAll);
    return new Message(FORMAT, step, items.stream().map(Map.Entry::getKey).toList(), allNull(traces) ? null : traces,
        allNull(sources) ? null : sources, allNull(occurred) ? null : occurred, null);
  }

  private static boolean allNull(List<?> values) {
    return values.stream().allMatch(Objects::isNull);
  }

  /**
   * @return the item's size in a message
   * @throws IllegalArgumentException for an item too long to travel: an item names its work, it does not carry it
   */
  public static int requireFits(String step, String item) {
    int size = item.getBytes(StandardCharsets.UTF_8).length + 16; // quotes, comma, escapes of a few characters
    if (size > MAX_MESSAGE_BYTES / 2) {
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
