package io.tablecast.embedded;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.channels.FileChannel;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
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
  void theRangeEndsWhereTheKernelsEphemeralRangeBegins() throws Exception {
    Path range = Path.of("/proc/sys/net/ipv4/ip_local_port_range");
    org.junit.jupiter.api.Assumptions.assumeTrue(Files.isReadable(range), "Linux only");
    Process cat = new ProcessBuilder("cat", range.toString()).start();
    String low = new String(cat.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim().split("\\s+")[0];

    assertThat(FreePorts.ephemeralLow()).isEqualTo(Math.max(21000, Integer.parseInt(low)));
  }

  @Test
  void portsThatAnotherLiveJvmPickedAreNeverPickedHereThoughNoServerHasBoundThemYet() throws Exception {
    Process other = new ProcessBuilder(ProcessHandle.current().info().command().orElseThrow(),
        "-cp", System.getProperty("java.class.path"), PickAndHold.class.getName(), "300")
        .redirectError(ProcessBuilder.Redirect.INHERIT).start();
    try {
      BufferedReader out = new BufferedReader(new InputStreamReader(other.getInputStream(), StandardCharsets.UTF_8));
      Set<Integer> theirs = Arrays.stream(out.readLine().split(" ")).map(Integer::valueOf).collect(Collectors.toSet());
      assertThat(theirs).hasSize(300);

      // 300 of ~12,700 ports each: without the reservations, some 7 would be picked by both.
      Set<Integer> ours = Arrays.stream(FreePorts.pick(300)).boxed().collect(Collectors.toSet());

      assertThat(ours).hasSize(300).doesNotContainAnyElementsOf(theirs);
    } finally {
      other.getOutputStream().close();
      other.destroy();
      other.waitFor(10, TimeUnit.SECONDS);
    }
  }

  @Test
  void anOffsetPutsEveryPortOfTheBlockBelowTheEphemeralRangeAndReservesEachForThisJvm() throws Exception {
    int[] defaults = {8081, 8082, 9092, 10002};

    int offset = FreePorts.offset(defaults);

    Path reservations = Path.of(System.getProperty("java.io.tmpdir"), "tablecast-ports");
    for (int port : defaults) {
      assertThat(port + offset).isBetween(20000, FreePorts.ephemeralLow() - 1);
      try (FileChannel channel = FileChannel.open(reservations.resolve(Integer.toString(port + offset)), StandardOpenOption.WRITE)) {
        assertThatThrownBy(channel::tryLock).as("the lock on %d, held by this JVM", port + offset)
            .isInstanceOf(OverlappingFileLockException.class);
      }
    }
    assertThat(FreePorts.offset(defaults)).as("a second block").isNotEqualTo(offset);
  }

  @Test
  void refusesABlockWiderThanThePortsBelowTheEphemeralRange() {
    assertThatThrownBy(() -> FreePorts.offset(1, 60000)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("span");
  }

  @Test
  void refusesANonPositiveCount() {
    assertThatThrownBy(() -> FreePorts.pick(0)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("positive");
  }
}
