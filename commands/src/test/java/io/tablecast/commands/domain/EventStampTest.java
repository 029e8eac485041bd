package io.tablecast.commands.domain;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import org.junit.jupiter.api.Test;

class EventStampTest {

  private static final Instant NOW = Instant.parse("2026-11-25T22:44:37.595Z");

  @Test
  void aCommandReprocessedAfterAnAbortedTransactionGetsTheSameEventId() {
    assertThat(new EventStamp("c1", NOW).metadata("00000007", 1).eventId())
        .isEqualTo(new EventStamp("c1", NOW.plusSeconds(5)).metadata("00000007", 1).eventId());
  }

  @Test
  void differentCommandsAggregatesOrVersionsGetDifferentEventIds() {
    var base = new EventStamp("c1", NOW).metadata("00000007", 1).eventId();
    assertThat(new EventStamp("c2", NOW).metadata("00000007", 1).eventId()).isNotEqualTo(base);
    assertThat(new EventStamp("c1", NOW).metadata("00000008", 1).eventId()).isNotEqualTo(base);
    assertThat(new EventStamp("c1", NOW).metadata("00000007", 2).eventId()).isNotEqualTo(base);
  }
}
