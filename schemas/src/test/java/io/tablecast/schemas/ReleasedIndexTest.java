package io.tablecast.schemas;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * {@code released/index.txt} is how the store finds the released files in a jar, so it must list
 * exactly the files that exist: a file missing from it would be a version readers cannot decode.
 */
class ReleasedIndexTest {

  private static final Path RELEASED = Path.of("src/main/avro/released");

  @Test
  void theIndexListsExactlyTheReleasedFilesOnDisk() throws IOException {
    List<String> indexed = ReleasedSchemaFiles.indexedPaths(getClass().getClassLoader());

    assertThat(indexed).doesNotHaveDuplicates().containsExactlyInAnyOrderElementsOf(releasedFilesOnDisk());
  }

  @Test
  void everyIndexedFileLoadsFromTheClasspath() {
    List<ReleasedSchema> loaded = ReleasedSchemaFiles.load(getClass().getClassLoader());

    assertThat(loaded).extracting(ReleasedSchema::path)
        .containsExactlyInAnyOrderElementsOf(ReleasedSchemaFiles.indexedPaths(getClass().getClassLoader()));
  }

  private static List<String> releasedFilesOnDisk() throws IOException {
    assertThat(RELEASED).as("run from the module directory").isDirectory();
    try (Stream<Path> files = Files.walk(RELEASED)) {
      return files
          .filter(path -> path.toString().endsWith(".avsc"))
          .map(path -> RELEASED.relativize(path).toString().replace('\\', '/'))
          .toList();
    }
  }
}
