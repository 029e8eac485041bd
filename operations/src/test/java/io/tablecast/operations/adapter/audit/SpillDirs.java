package io.tablecast.operations.adapter.audit;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/** Where {@code verify} and the bulk load spill their sorters, as the tests check it. */
final class SpillDirs {

  private SpillDirs() {}

  /** Every temporary file is gone: each run deletes its own directory. */
  static void assertCleanedUp(Path spill) {
    try (Stream<Path> left = Files.list(spill)) {
      assertThat(left).as("no temporary files are left in " + spill).isEmpty();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
