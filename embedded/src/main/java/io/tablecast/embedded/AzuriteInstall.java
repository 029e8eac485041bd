package io.tablecast.embedded;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Where azurite@3.35.0 is installed: {@code <home>/node_modules/azurite/dist/src/azurite.js},
 * installed by the root build ({@code npm ci} from the repository's package-lock.json).
 *
 * <p>The home is, in order: the system property {@code tablecast.home} (Failsafe sets it to the
 * repository root), the environment variable {@code TABLECAST_HOME}, else the first directory
 * containing the entry point on the way up from the working directory.
 *
 * @param home the directory holding {@code node_modules/}
 * @param entryPoint Azurite's main script
 */
public record AzuriteInstall(Path home, Path entryPoint) {

  public static final String HOME_PROPERTY = "tablecast.home";
  static final String HOME_VARIABLE = "TABLECAST_HOME";
  public static final Path ENTRY_POINT = Path.of("node_modules", "azurite", "dist", "src", "azurite.js");

  /** Locates the install from this JVM's system property, environment and working directory. */
  public static AzuriteInstall locate() {
    return locate(
        Optional.ofNullable(System.getProperty(HOME_PROPERTY)),
        Optional.ofNullable(System.getenv(HOME_VARIABLE)),
        Path.of("").toAbsolutePath());
  }

  public static AzuriteInstall locate(
      Optional<String> homeProperty, Optional<String> homeVariable, Path workingDir) {
    Optional<String> explicit = homeProperty.filter(s -> !s.isBlank())
        .or(() -> homeVariable.filter(s -> !s.isBlank()));
    if (explicit.isPresent()) {
      Path home = Path.of(explicit.get()).toAbsolutePath().normalize();
      String source = homeProperty.filter(s -> !s.isBlank()).isPresent()
          ? "system property " + HOME_PROPERTY : "environment variable " + HOME_VARIABLE;
      return at(home).orElseThrow(() -> notInstalled(
          home.resolve(ENTRY_POINT) + " does not exist (home taken from " + source + ")"));
    }
    for (Path dir = workingDir.toAbsolutePath().normalize(); dir != null; dir = dir.getParent()) {
      Optional<AzuriteInstall> found = at(dir);
      if (found.isPresent()) {
        return found.get();
      }
    }
    return notInstalledAnywhere(workingDir);
  }

  private static Optional<AzuriteInstall> at(Path home) {
    Path entryPoint = home.resolve(ENTRY_POINT);
    return Files.isRegularFile(entryPoint)
        ? Optional.of(new AzuriteInstall(home, entryPoint))
        : Optional.empty();
  }

  private static AzuriteInstall notInstalledAnywhere(Path workingDir) {
    throw notInstalled("no " + ENTRY_POINT + " in " + workingDir.toAbsolutePath().normalize()
        + " or any parent, and neither -D" + HOME_PROPERTY + " nor " + HOME_VARIABLE + " is set");
  }

  private static IllegalStateException notInstalled(String why) {
    return new IllegalStateException("Azurite is not installed: " + why + ". Install it by running"
        + " the build at the repository root (`mvn -q install -DskipTests`, or `npm ci`), or set "
        + HOME_VARIABLE + " to the directory holding node_modules/.");
  }
}
