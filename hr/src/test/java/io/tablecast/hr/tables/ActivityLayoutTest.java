package io.tablecast.hr.tables;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;

class ActivityLayoutTest {

  @Test
  void invertsDotNetTicksAndTheVersion() {
    // 2026-11-25T22:44:37.595Z is 639312434775950000 ticks (computed independently from 0001-01-01).
    assertThat(ActivityLayout.rowKey(Instant.parse("2026-11-25T22:44:37.595Z"), 3))
        .isEqualTo((3155378975999999999L - 639312434775950000L) + "_9999999996");
  }

  @Test
  void theUnixEpochIsTheWellKnownTickCount() {
    assertThat(ActivityLayout.rowKey(Instant.EPOCH, 0)).startsWith(String.format("%019d", 3155378975999999999L - 621355968000000000L));
  }

  @Property
  void newerEventsSortFirstEvenWithinOneMillisecond(
      @ForAll @LongRange(min = 0, max = 4_000_000_000_000L) long millis,
      @ForAll @LongRange(min = 0, max = 1_000_000) long laterMillis,
      @ForAll @LongRange(min = 1, max = 1_000_000) long version) {
    Instant at = Instant.ofEpochMilli(millis);
    String older = ActivityLayout.rowKey(at, version);
    assertThat(ActivityLayout.rowKey(at, version + 1)).isLessThan(older);
    if (laterMillis > 0) {
      assertThat(ActivityLayout.rowKey(at.plusMillis(laterMillis), 1)).isLessThan(older);
    }
    assertThat(older).hasSize(30).matches("\\d{19}_\\d{10}");
  }
}
