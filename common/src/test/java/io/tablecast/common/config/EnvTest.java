package io.tablecast.common.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class EnvTest {

  @Test
  void readsDurationsInShortAndIsoForm() {
    Env env = Env.of(Map.of("A", "500ms", "B", "5s", "C", "2m", "D", "PT1H"));
    assertThat(env.duration("A", Duration.ZERO)).isEqualTo(Duration.ofMillis(500));
    assertThat(env.duration("B", Duration.ZERO)).isEqualTo(Duration.ofSeconds(5));
    assertThat(env.duration("C", Duration.ZERO)).isEqualTo(Duration.ofMinutes(2));
    assertThat(env.duration("D", Duration.ZERO)).isEqualTo(Duration.ofHours(1));
    assertThat(env.duration("E", Duration.ofSeconds(9))).isEqualTo(Duration.ofSeconds(9));
  }

  @Test
  void namesTheVariableInEveryError() {
    Env env = Env.of(Map.of("TABLECAST_PARTITIONS", "many", "TABLECAST_COMMAND_TIMEOUT", "soon", "TABLECAST_NAMESPACE", "Bad!"));
    assertThatThrownBy(() -> env.integer("TABLECAST_PARTITIONS", 3, 1, 10)).hasMessageContaining("TABLECAST_PARTITIONS");
    assertThatThrownBy(() -> env.duration("TABLECAST_COMMAND_TIMEOUT", Duration.ZERO)).hasMessageContaining("TABLECAST_COMMAND_TIMEOUT");
    assertThatThrownBy(env::namespace).isInstanceOf(ConfigException.class).hasMessageContaining("TABLECAST_NAMESPACE");
  }

  @Test
  void refusesIntegersOutOfRange() {
    assertThatThrownBy(() -> Env.of(Map.of("P", "0")).integer("P", 3, 1, 10)).hasMessageContaining("1..10");
  }

  @Test
  void treatsBlankAsAbsent() {
    assertThat(Env.of(Map.of("X", "  ")).string("X", "default")).isEqualTo("default");
  }

  @Test
  void readsAChoiceInAnyCaseAsTheChoiceIsSpeltAndNamesTheChoicesInItsError() {
    Env env = Env.of(Map.of("MODE", "Off", "FLAG", "TRUE", "BAD", "maybe"));
    assertThat(env.choice("MODE", "on", List.of("on", "off"))).isEqualTo("off");
    assertThat(env.choice("UNSET", "on", List.of("on", "off"))).isEqualTo("on");
    assertThat(env.flag("FLAG", false)).isTrue();
    assertThat(env.flag("UNSET", true)).isTrue();
    assertThatThrownBy(() -> env.flag("BAD", false)).isInstanceOf(ConfigException.class)
        .hasMessage("BAD must be one of true, false, was 'maybe'");
  }
}
