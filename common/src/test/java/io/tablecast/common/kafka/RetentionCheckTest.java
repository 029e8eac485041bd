package io.tablecast.common.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class RetentionCheckTest {

  private static Optional<String> loss(Map<String, String> config) {
    return RetentionCheck.loss(name -> Optional.ofNullable(config.get(name)));
  }

  @Test
  void aTopicWithoutDeletionByTimeOrSizeAndWithoutCompactionLosesNothing() {
    assertThat(loss(Map.of("retention.ms", "-1", "retention.bytes", "-1", "cleanup.policy", "delete"))).isEmpty();
  }

  @Test
  void namesTheSettingThroughWhichATopicWouldLoseRecords() {
    assertThat(loss(Map.of("retention.ms", "604800000", "retention.bytes", "-1")))
        .contains("deletes records after 604800000 ms (retention.ms)");
    assertThat(loss(Map.of("retention.ms", "-1", "retention.bytes", "1073741824")))
        .contains("deletes records beyond 1073741824 bytes a partition (retention.bytes)");
    assertThat(loss(Map.of("retention.ms", "-1", "retention.bytes", "-1", "cleanup.policy", "delete, compact")))
        .contains("compacts its records, keeping each key's last (cleanup.policy=delete, compact)");
  }
}
