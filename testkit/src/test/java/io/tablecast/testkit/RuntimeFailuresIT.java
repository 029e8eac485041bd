package io.tablecast.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Runtimes of their own (not the shared one), in which a dependent hangs: the stop still ends in bounded time. */
class RuntimeFailuresIT {

  @TempDir Path dir;

  @Test
  void aDependentThatHangsOnCloseIsAbandonedAtTheDeadlineAndTheRestStillStops() {
    EmbeddedRuntime runtime = EmbeddedRuntime.start(RuntimeOptions.freePorts(dir));
    long azurite = runtime.azurite().pid();
    int kafkaPort = runtime.kafka().port();
    AtomicBoolean closedAfterIt = new AtomicBoolean();
    runtime.closeFirst("quick service", () -> closedAfterIt.set(true));
    CountDownLatch never = new CountDownLatch(1);
    runtime.closeFirst("stuck service", never::await);
    long started = System.nanoTime();

    runtime.close();

    Duration took = Duration.ofNanos(System.nanoTime() - started);
    assertThat(took).isBetween(EmbeddedRuntime.DEPENDENTS_STOP, EmbeddedRuntime.DEPENDENTS_STOP.plusSeconds(15));
    assertThat(runtime.stoppedCleanly()).isFalse();
    assertThat(closedAfterIt).isTrue();
    assertThat(ProcessHandle.of(azurite).map(ProcessHandle::isAlive).orElse(false)).isFalse();
    assertThatThrownBy(() -> new Socket(InetAddress.getLoopbackAddress(), kafkaPort).close()).isInstanceOf(IOException.class);
  }
}
