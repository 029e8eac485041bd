package io.tablecast.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablecast.embedded.FreePorts;
import io.tablecast.embedded.Readiness;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReadinessTest {

  @TempDir Path dir;

  @Test
  void aPortNobodyListensOnDoesNotAnswerHttp() {
    int port = FreePorts.pick(1)[0];

    assertThat(Readiness.answersHttp(port)).isFalse();
  }

  @Test
  void tailKeepsTheEndOfALongLog() throws IOException {
    Path log = dir.resolve("x.log");
    Files.writeString(log, "x".repeat(10_000) + "\nthe last line\n");

    String tail = Readiness.tail(log);

    assertThat(tail).endsWith("the last line\n").hasSizeLessThanOrEqualTo(4_096);
  }

  @Test
  void tailOfAMissingLogSaysSo() {
    assertThat(Readiness.tail(dir.resolve("none.log"))).contains("no log file");
  }
}
