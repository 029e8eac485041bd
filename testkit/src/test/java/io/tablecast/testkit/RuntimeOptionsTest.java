package io.tablecast.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablecast.embedded.FreePorts;
import io.tablecast.embedded.RuntimeOptions;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

class RuntimeOptionsTest {

  @Test
  void freePortsAreDistinctAndBindableOnLoopback() throws IOException {
    int[] ports = FreePorts.pick(5);

    assertThat(Arrays.stream(ports).distinct().count()).isEqualTo(5);
    for (int port : ports) {
      try (ServerSocket socket = new ServerSocket(port, 1, InetAddress.getByName("127.0.0.1"))) {
        assertThat(socket.getLocalPort()).isEqualTo(port);
      }
    }
  }

  @Test
  void defaultPortsAreKafkasAndAzuritesWellKnownOnes() {
    assertThat(RuntimeOptions.defaults(Path.of("x")).ports())
        .isEqualTo(new RuntimeOptions.Ports(9092, 9093, 10000, 10001, 10002));
  }

  @Test
  void portsMustBeDistinct() {
    assertThatThrownBy(() -> new RuntimeOptions.Ports(9092, 9092, 10000, 10001, 10002))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("'ports' must be five distinct ports");
  }

  @Test
  void portZeroIsRejectedBecauseKraftNeedsItsControllerPortUpFront() {
    assertThatThrownBy(() -> new RuntimeOptions.Ports(0, 9093, 10000, 10001, 10002))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("'ports'");
  }

  @Test
  void componentsGetTheirOwnSubdirectoriesOfAnAbsoluteDataDir() {
    RuntimeOptions options = RuntimeOptions.freePorts(Path.of("target/../target/rt"));

    assertThat(options.dataDir()).isEqualTo(Path.of("target/rt").toAbsolutePath());
    assertThat(options.kafkaDir()).isEqualTo(options.dataDir().resolve("kafka"));
    assertThat(options.azuriteDir()).isEqualTo(options.dataDir().resolve("azurite"));
  }
}
