package io.tablecast.app;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablecast.common.config.Env;
import io.tablecast.common.config.StorageSettings;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class SasCommandTest {

  private final StringWriter err = new StringWriter();

  private int run(String... args) {
    CommandLine cli = TablecastCli.commandLine();
    cli.setErr(new PrintWriter(err));
    return cli.execute(args);
  }

  @Test
  void aSasIssuedWithoutAValidityExpiresOneDayAfterItIsMade(@TempDir Path dir) throws IOException {
    Path out = dir.resolve("projector.sas");
    Env owner = Env.of(Map.of("TABLECAST_STORAGE_CONNECTION_STRING", StorageSettings.AZURITE_DEFAULT));
    CommandLine sas = new CommandLine(new SasCommand(owner));
    Instant before = Instant.now().truncatedTo(ChronoUnit.SECONDS);

    assertThat(sas.execute("--for", "projector", "--out", out.toString())).isZero();

    Instant after = Instant.now();
    List<String> pair = Files.readAllLines(out);
    assertThat(pair).hasSize(2).allSatisfy(token -> assertThat(expiry(token)).isBetween(before.plus(1, ChronoUnit.DAYS),
        after.plus(1, ChronoUnit.DAYS)));
  }

  @Test
  void aValidityThatIsNoDurationIsAUsageErrorAndWritesNothing(@TempDir Path dir) {
    Path out = dir.resolve("views.sas");

    assertThat(run("sas", "--for", "views", "--valid-for", "soon", "--out", out.toString())).isEqualTo(2);

    assertThat(err.toString()).contains("--valid-for");
    assertThat(Files.exists(out)).isFalse();
  }

  @Test
  void aValidityOfZeroIsAUsageError() {
    assertThat(run("sas", "--for", "worker", "--valid-for", "0d")).isEqualTo(2);

    assertThat(err.toString()).contains("--valid-for must be positive");
  }

  @Test
  void aServiceOtherThanTheViewsProjectorOrWorkerIsAUsageError() {
    assertThat(run("sas", "--for", "commands")).isEqualTo(2);

    assertThat(err.toString()).contains("--for").contains("views, projector, worker");
  }

  @Test
  void theServiceIsRequired() {
    assertThat(run("sas")).isEqualTo(2);

    assertThat(err.toString()).contains("--for");
  }

  /** The token's {@code se}: when it expires. */
  private static Instant expiry(String token) {
    String se = Arrays.stream(token.split("&")).filter(p -> p.startsWith("se=")).findFirst().orElseThrow();
    return Instant.parse(URLDecoder.decode(se.substring("se=".length()), StandardCharsets.UTF_8));
  }
}
