package io.tablecast.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.azure.data.tables.TableServiceClient;
import com.azure.data.tables.TableServiceClientBuilder;
import io.tablecast.embedded.Azurite;
import io.tablecast.embedded.FreePorts;
import io.tablecast.embedded.Readiness;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AzuriteIT {

  @TempDir Path dataDir;

  @Test
  void aStartThatCannotBindFailsFastQuotingAzuritesLog() throws Exception {
    int[] ports = FreePorts.pick(3);
    try (ServerSocket taken = new ServerSocket(ports[2], 1, InetAddress.getByName("127.0.0.1"))) {
      long started = System.nanoTime();

      assertThatThrownBy(() -> Azurite.start(dataDir, ports[0], ports[1], taken.getLocalPort()))
          .isInstanceOf(IllegalStateException.class)
          .hasMessageContaining("exited with code")
          .hasMessageContaining("EADDRINUSE");

      assertThat((System.nanoTime() - started) / 1_000_000_000).isLessThan(Azurite.READY_TIMEOUT.toSeconds());
    }
  }

  @Test
  void itsOutputGoesToALogFileInItsDataDirectory() {
    int[] ports = FreePorts.pick(3);
    try (Azurite azurite = Azurite.start(dataDir, ports[0], ports[1], ports[2])) {
      assertThat(Readiness.tail(dataDir.resolve(Azurite.LOG_FILE)))
          .contains("Azurite Table service is successfully listening at http://127.0.0.1:" + ports[2]);
      assertThat(ProcessHandle.of(azurite.pid())).isPresent();
    }
  }

  @Test
  void inMemoryItKeepsNothingOnDiskAndARestartFindsNoTables() throws Exception {
    int[] ports = FreePorts.pick(3);
    try (Azurite azurite = Azurite.start(dataDir, ports[0], ports[1], ports[2], Azurite.Persistence.MEMORY)) {
      tables(azurite).createTable("Remembered");
      assertThat(tables(azurite).listTables().stream().map(t -> t.getName()).toList()).containsExactly("Remembered");
    }
    try (Azurite again = Azurite.start(dataDir, ports[0], ports[1], ports[2], Azurite.Persistence.MEMORY);
        Stream<Path> files = Files.list(dataDir)) {
      assertThat(tables(again).listTables().stream().toList()).isEmpty();
      assertThat(files.map(f -> f.getFileName().toString()).toList())
          .containsExactlyInAnyOrder(Azurite.LOG_FILE, "azurite-launcher.js");
    }
  }

  private static TableServiceClient tables(Azurite azurite) {
    return new TableServiceClientBuilder().connectionString(azurite.connectionString()).buildClient();
  }
}
