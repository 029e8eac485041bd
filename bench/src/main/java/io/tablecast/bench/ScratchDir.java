package io.tablecast.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/** A temporary directory for one benchmark run (the runtime's data, spill files), deleted when closed, whatever happened. */
record ScratchDir(Path path) implements AutoCloseable {

  static ScratchDir create(String prefix) throws IOException {
    return new ScratchDir(Files.createTempDirectory(prefix));
  }

  Path resolve(String other) {
    return path.resolve(other);
  }

  @Override
  public void close() throws IOException {
    if (!Files.exists(path)) {
      return;
    }
    try (Stream<Path> paths = Files.walk(path)) {
      paths.sorted(Comparator.reverseOrder()).forEach(p -> {
        try {
          Files.delete(p);
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
      });
    }
  }
}
