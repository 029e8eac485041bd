package io.tablecast.commands.domain;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablecast.events.Actor;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class EventStampTest {

  private static final Instant NOW = Instant.parse("2026-11-25T22:44:37.595Z");
  private static final Actor ADMIN = new Actor("admin@example.com");

  @Test
  void aCommandReprocessedAfterAnAbortedTransactionGetsTheSameEventId() {
    assertThat(new EventStamp("c1", ADMIN, NOW).metadata("00000007", 1).eventId())
        .isEqualTo(new EventStamp("c1", ADMIN, NOW.plusSeconds(5)).metadata("00000007", 1).eventId());
  }

  @Test
  void differentCommandsAggregatesOrVersionsGetDifferentEventIds() {
    var base = new EventStamp("c1", ADMIN, NOW).metadata("00000007", 1).eventId();
    assertThat(new EventStamp("c2", ADMIN, NOW).metadata("00000007", 1).eventId()).isNotEqualTo(base);
    assertThat(new EventStamp("c1", ADMIN, NOW).metadata("00000008", 1).eventId()).isNotEqualTo(base);
    assertThat(new EventStamp("c1", ADMIN, NOW).metadata("00000007", 2).eventId()).isNotEqualTo(base);
  }

  @Test
  void theMetadataRecordsWhoSentTheCommand() {
    assertThat(new EventStamp("c1", ADMIN, NOW).metadata("00000007", 1).actor()).isEqualTo(ADMIN);
    assertThat(new EventStamp("c1", Actor.ANONYMOUS, NOW).metadata("00000007", 1).actor()).isEqualTo(Actor.ANONYMOUS);
  }
}
