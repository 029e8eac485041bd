package io.tablecast.devmode;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * docs/cli.md must be what picocli prints for every command today. With
 * {@code -Dcli.reference.write=true} the test writes the file instead (the command is in the
 * file's header and in {@link CliReference#REGENERATE}).
 */
class CliReferenceTest {

  @Test
  void theCliReferenceIsTheUsageTextOfEveryCommand() throws IOException {
    Path file = RepositoryRoot.resolve(CliReference.FILE);
    String rendered = CliReference.render();
    if (Boolean.getBoolean("cli.reference.write")) {
      Files.writeString(file, rendered);
    }

    assertThat(Files.readString(file))
        .as("%s is out of date with the commands' usage text; regenerate it with%n  %s", CliReference.FILE, CliReference.REGENERATE)
        .isEqualTo(rendered);
  }

  @Test
  void theReferenceCoversDevModeAndEveryOperatorCommandAndSubcommand() {
    assertThat(CliReference.render()).contains("\n## tablecast dev\n", "\n## tablecast rebuild\n", "\n## tablecast poison requeue\n",
        "\n## tablecast demo-load\n", "\n## tablecast sas\n");
  }
}
