package io.tablecast.views.domain.dashboard;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class RingBufferTest {

  @Test
  void anEmptyBufferHasNoValues() {
    assertThat(new RingBuffer<Integer>(3).values()).isEmpty();
  }

  @Test
  void beforeItIsFullItKeepsEveryValueOldestFirst() {
    RingBuffer<Integer> buffer = new RingBuffer<>(3);
    buffer.add(1);
    buffer.add(2);

    assertThat(buffer.values()).containsExactly(1, 2);
  }

  @Test
  void onceFullEachNewValueDropsTheOldest() {
    RingBuffer<Integer> buffer = new RingBuffer<>(3);
    IntStream.rangeClosed(1, 7).forEach(buffer::add);

    assertThat(buffer.values()).containsExactly(5, 6, 7);
  }

  @Test
  void oneHundredEightyPointsCoverFifteenMinutesOfFiveSecondSamples() {
    RingBuffer<Integer> buffer = new RingBuffer<>(180);
    IntStream.range(0, 500).forEach(buffer::add);

    assertThat(buffer.values()).hasSize(180).startsWith(320).endsWith(499);
  }

  @Test
  void theValuesAreACopyThatLaterAddsDoNotChange() {
    RingBuffer<Integer> buffer = new RingBuffer<>(2);
    buffer.add(1);
    var before = buffer.values();
    buffer.add(2);

    assertThat(before).containsExactly(1);
  }

  @Test
  void aCapacityBelowOneIsRefusedNamingTheParameter() {
    assertThatThrownBy(() -> new RingBuffer<Integer>(0)).hasMessageContaining("'capacity'");
  }
}
