package io.tablecast.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
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
}
