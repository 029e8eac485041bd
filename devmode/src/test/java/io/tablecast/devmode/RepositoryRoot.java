package io.tablecast.devmode;

import java.nio.file.Files;
import java.nio.file.Path;

/** Files of the repository that the documentation tests read: found up from the working directory. */
final class RepositoryRoot {

  private RepositoryRoot() {}

  /** {@code relative} under the repository root: the first directory up from here that has a README.md. */
  static Path resolve(String relative) {
    for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
      if (Files.isRegularFile(dir.resolve("README.md"))) {
        return dir.resolve(relative);
      }
    }
    throw new IllegalStateException("No README.md above " + Path.of("").toAbsolutePath());
  }
}
