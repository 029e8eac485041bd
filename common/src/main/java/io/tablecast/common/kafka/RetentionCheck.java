package io.tablecast.common.kafka;

import java.util.Arrays;
import java.util.Optional;
import java.util.function.Function;

/** Whether a topic's configuration keeps its records for ever: no deletion by time or size, no compaction. */
final class RetentionCheck {

  private RetentionCheck() {}

  /**
   * How the topic would lose records, if it would.
   *
   * @param config a configuration value of the topic, by name: its own, or the broker's default
   */
  static Optional<String> loss(Function<String, Optional<String>> config) {
    Optional<String> ms = config.apply("retention.ms").filter(v -> !v.equals("-1"));
    if (ms.isPresent()) {
      return Optional.of("deletes records after " + ms.get() + " ms (retention.ms)");
    }
    Optional<String> bytes = config.apply("retention.bytes").filter(v -> !v.equals("-1"));
    if (bytes.isPresent()) {
      return Optional.of("deletes records beyond " + bytes.get() + " bytes a partition (retention.bytes)");
    }
    return config.apply("cleanup.policy").filter(v -> Arrays.stream(v.split(",")).map(String::strip).anyMatch("compact"::equals))
        .map(policy -> "compacts its records, keeping each key's last (cleanup.policy=" + policy + ")");
  }
}
