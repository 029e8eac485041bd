package io.tablecast.viewstore.adapter.queue;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import java.time.Instant;

/**
 * The messages of the poison queues (docs/work-items.md): the work message exactly as it was,
 * wrapped with why and when it was parked, so that an operator can read the reason and requeue
 * the original, even one that could not be read.
 */
public final class ParkedMessages {

  private static final ObjectMapper JSON = JsonMapper.builder()
      .addModule(new JavaTimeModule())
      .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
      .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
      .build();

  private ParkedMessages() {}

  /**
   * @param queue the work queue it came from
   * @param reason why its last attempt failed
   * @param dequeueCount how often it was received
   * @param message the work message's text, as it was
   */
  public record Parked(String queue, String reason, Instant parkedAt, long dequeueCount, String message) {}

  public static String write(Parked parked) {
    try {
      return JSON.writeValueAsString(parked);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("Cannot write a parked message", e);
    }
  }

  /** @throws IllegalArgumentException for a text that is not a parked message */
  public static Parked read(String text) {
    try {
      Parked parked = JSON.readValue(text, Parked.class);
      if (parked.message() == null) {
        throw new IllegalArgumentException("Not a parked message: no 'message'");
      }
      return parked;
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException("Not a parked message: " + e.getOriginalMessage(), e);
    }
  }
}
