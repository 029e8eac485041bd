package io.tablecast.views.domain.dashboard;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class RatesTest {

  @Test
  void theRateIsTheGrowthOverTheSecondsBetweenTwoReadings() {
    assertThat(Rates.perSecond(1_000, 1_050, Duration.ofSeconds(5))).hasValue(10.0);
  }

  @Test
  void aCounterThatDidNotMoveGivesZero() {
    assertThat(Rates.perSecond(42, 42, Duration.ofSeconds(5))).hasValue(0.0);
  }

  @Test
  void readingsALittleLessThanAPeriodApartAreMeasuredByTheirOwnDistance() {
    assertThat(Rates.perSecond(0, 9, Duration.ofMillis(4_500))).hasValue(2.0);
  }

  @Test
  void aCounterThatWentBackwardsGivesNoRate() {
    assertThat(Rates.perSecond(500, 20, Duration.ofSeconds(5))).isEmpty();
  }

  @Test
  void readingsAtTheSameMomentGiveNoRate() {
    assertThat(Rates.perSecond(0, 10, Duration.ZERO)).isEmpty();
    assertThat(Rates.perSecond(0, 10, Duration.ofSeconds(-1))).isEmpty();
  }
}
