package io.tablecast.common.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class SasTokensTest {

  private static final String CONTAINERS = "sv=2024-08-04&ss=qt&srt=c&sp=rlac&se=2026-12-03T00%3A00%3A00Z&sig=c1";
  private static final String OBJECTS = "sv=2024-08-04&ss=qt&srt=o&sp=rwdlaup&se=2026-12-03T00%3A00%3A00Z&sig=o1";

  @Test
  void oneTokenServesEveryRequest_withoutTheQuestionMarkACopiedTokenMayStartWith() {
    SasTokens one = SasTokens.parse("  ?sv=2024&ss=qt&srt=co&sp=rl&sig=x \n");

    assertThat(one.containers()).isEqualTo("sv=2024&ss=qt&srt=co&sp=rl&sig=x").isEqualTo(one.objects());
    assertThat(one.paired()).isFalse();
    assertThat(one.text()).isEqualTo(one.objects());
  }

  @Test
  void aPairIsToldApartByItsResourceTypes_inEitherOrder_onTwoLinesOrOne() {
    SasTokens pair = SasTokens.parse(OBJECTS + "\n?" + CONTAINERS + "\n");

    assertThat(pair.containers()).isEqualTo(CONTAINERS);
    assertThat(pair.objects()).isEqualTo(OBJECTS);
    assertThat(pair.paired()).isTrue();
    assertThat(SasTokens.parse(pair.text())).isEqualTo(pair);
    assertThat(SasTokens.parse(CONTAINERS + " " + OBJECTS)).isEqualTo(pair);
  }

  @Test
  void twoTokensThatAreNotOneOnTablesAndQueuesAndOneOnTheirRowsAreRefusedWithWhatTheyHold() {
    assertThatThrownBy(() -> SasTokens.parse(OBJECTS + "\n" + OBJECTS)).isInstanceOf(ConfigException.class)
        .hasMessageContaining("srt=c").hasMessageContaining("these have srt=o and srt=o");
    assertThatThrownBy(() -> SasTokens.parse("sv=1&sr=t&sig=a\n" + OBJECTS)).isInstanceOf(ConfigException.class)
        .hasMessageContaining("these have srt= and srt=o");
    assertThatThrownBy(() -> SasTokens.parse(CONTAINERS + " " + OBJECTS + " " + OBJECTS)).isInstanceOf(ConfigException.class)
        .hasMessageContaining("holds 3 tokens");
    assertThatThrownBy(() -> SasTokens.parse(" \n")).isInstanceOf(ConfigException.class).hasMessageContaining("empty");
  }
}
