package io.tablecast.devmode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.InetAddress;
import java.net.ServerSocket;
import org.junit.jupiter.api.Test;

class DevPortsTest {

  @Test
  void everyPortMovesByTheOffset() {
    DevPorts ports = new DevPorts(1000);

    assertThat(ports.all()).extracting(DevPorts.Named::port)
        .containsExactly(10092, 10093, 11000, 11001, 11002, 9081, 9082, 9083);
    assertThat(ports.runtime().table()).isEqualTo(11002);
  }

  @Test
  void anOffsetThatPushesAPortOutOfRangeIsRefusedNamingIt() {
    assertThatThrownBy(() -> new DevPorts(56000))
        .isInstanceOf(StartRefused.class)
        .hasMessage("--port-offset 56000 moves port 10000 (Azurite blob) to 66000, outside 1-65535.");
  }

  @Test
  void aTakenPortIsNamedWithWhatItIsForAndAnOffsetThatIsFree() throws Exception {
    try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
      int offset = taken.getLocalPort() - 8082; // an ephemeral port: every other port stays in range

      assertThatThrownBy(() -> new DevPorts(offset).checkFree())
          .isInstanceOf(StartRefused.class)
          .hasMessageContaining(taken.getLocalPort() + " (views service)")
          .hasMessageContaining("already in use on 127.0.0.1")
          .hasMessageMatching(".*--port-offset -?\\d+ \\(free now\\)\\.");
    }
  }
}
