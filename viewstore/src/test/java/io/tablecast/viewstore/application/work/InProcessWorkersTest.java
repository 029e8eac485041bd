package io.tablecast.viewstore.application.work;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablecast.common.config.ConfigException;
import org.junit.jupiter.api.Test;

class InProcessWorkersTest {

  @Test
  void aProcessAskedForWorkersWithNoneOnItsClassPathIsToldWhichSettingRunsThemElsewhere() {
    assertThatThrownBy(InProcessWorkers::onClassPath)
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("finds 0 implementations")
        .hasMessageContaining("TABLECAST_WORKERS=0");
  }
}
