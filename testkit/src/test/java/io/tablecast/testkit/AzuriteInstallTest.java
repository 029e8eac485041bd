package io.tablecast.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablecast.embedded.AzuriteInstall;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AzuriteInstallTest {

  @TempDir Path root;

  @Test
  void walksUpFromTheWorkingDirectoryToTheFirstInstall() throws IOException {
    Path home = root.resolve("repo");
    install(home);
    Path module = Files.createDirectories(home.resolve("projector/target"));

    AzuriteInstall found = AzuriteInstall.locate(Optional.empty(), Optional.empty(), module);

    assertThat(found.home()).isEqualTo(home);
    assertThat(found.entryPoint()).isEqualTo(home.resolve(AzuriteInstall.ENTRY_POINT));
  }

  @Test
  void systemPropertyWinsOverEnvironmentAndWorkingDirectory() throws IOException {
    Path fromProperty = root.resolve("a");
    Path fromVariable = root.resolve("b");
    install(fromProperty);
    install(fromVariable);
    install(root);

    AzuriteInstall found = AzuriteInstall.locate(
        Optional.of(fromProperty.toString()), Optional.of(fromVariable.toString()), root);

    assertThat(found.home()).isEqualTo(fromProperty);
  }

  @Test
  void environmentVariableIsUsedWhenThePropertyIsAbsentOrBlank() throws IOException {
    Path fromVariable = root.resolve("b");
    install(fromVariable);

    AzuriteInstall found =
        AzuriteInstall.locate(Optional.of(" "), Optional.of(fromVariable.toString()), root);

    assertThat(found.home()).isEqualTo(fromVariable);
  }

  @Test
  void anExplicitHomeWithoutAzuriteFailsWithoutFallingBack() throws IOException {
    install(root);
    Path empty = Files.createDirectories(root.resolve("empty"));

    assertThatThrownBy(() ->
        AzuriteInstall.locate(Optional.of(empty.toString()), Optional.empty(), root))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining(empty.resolve(AzuriteInstall.ENTRY_POINT).toString())
        .hasMessageContaining("system property tablecast.home");
  }

  @Test
  void noInstallAnywhereTellsHowToInstallIt() throws IOException {
    Path dir = Files.createDirectories(root.resolve("x/y"));

    assertThatThrownBy(() -> AzuriteInstall.locate(Optional.empty(), Optional.empty(), dir))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("Azurite is not installed")
        .hasMessageContaining("mvn -q install -DskipTests")
        .hasMessageContaining("npm ci")
        .hasMessageContaining("TABLECAST_HOME");
  }

  private static void install(Path home) throws IOException {
    Path entryPoint = home.resolve(AzuriteInstall.ENTRY_POINT);
    Files.createDirectories(entryPoint.getParent());
    Files.writeString(entryPoint, "// azurite");
  }
}
