package io.tablecast.embedded;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.Arrays;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.Test;

class FreePortsTest {

  @RepeatedTest(20)
  void picksDistinctPortsBelowTheRangeOutgoingConnectionsTakeTheirsFrom() {
    int[] ports = FreePorts.pick(5);

    assertThat(Arrays.stream(ports).distinct().count()).isEqualTo(5);
    assertThat(Arrays.stream(ports).boxed()).allSatisfy(port -> assertThat(port).isBetween(20000, FreePorts.ephemeralLow() - 1));
  }

  @Test
  void aPickedPortCanBeListenedOnAndAClientConnectionNeverTakesItsLocalPortFromThere() throws Exception {
    int port = FreePorts.pick(1)[0];
    InetAddress loopback = InetAddress.getByName("127.0.0.1");
    try (ServerSocket server = new ServerSocket()) {
      server.bind(new InetSocketAddress(loopback, port));
      try (Socket client = new Socket(loopback, port)) {
        assertThat(client.getLocalPort()).isGreaterThanOrEqualTo(FreePorts.ephemeralLow());
      }
    }
  }

  @Test
  void refusesANonPositiveCount() {
    assertThatThrownBy(() -> FreePorts.pick(0)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("positive");
  }
}
