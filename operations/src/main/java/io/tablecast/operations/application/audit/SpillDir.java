package io.tablecast.operations.application.audit;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/** A fresh temporary directory for the sorters' files, deleted with everything in it on close. */
final class SpillDir implements AutoCloseable {

  private final Path path;

  SpillDir(Path parent, String prefix) {
    try {
      Files.createDirectories(parent);
      this.path = Files.createTempDirectory(parent, prefix);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot create a temporary directory in " + parent, e);
    }
  }

  Path path() {
    return path;
  }

  @Override
  public void close() {
    try (Stream<Path> files = Files.walk(path)) {
      files.sorted((a, b) -> b.getNameCount() - a.getNameCount()).forEach(file -> file.toFile().delete());
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot delete " + path, e);
    }
  }
}
