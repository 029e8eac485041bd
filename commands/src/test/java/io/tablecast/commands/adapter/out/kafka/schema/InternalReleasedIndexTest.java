package io.tablecast.commands.adapter.out.kafka.schema;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablecast.schemas.ReleasedSchema;
import io.tablecast.schemas.ReleasedSchemaFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * {@code internal-released/index.txt} is how the store finds the released files in a jar, so it
 * must list exactly the files that exist: a file missing from it would be a version readers cannot
 * decode.
 */
class InternalReleasedIndexTest {

  private static final Path RELEASED = Path.of("src/main/avro/released");
  private static final ClassLoader LOADER = InternalReleasedIndexTest.class.getClassLoader();

  @Test
  void theIndexListsExactlyTheReleasedFilesOnDisk() throws IOException {
    List<String> indexed = ReleasedSchemaFiles.indexedPaths(LOADER, InternalSchemas.RELEASED_ROOT);

    assertThat(indexed).doesNotHaveDuplicates().containsExactlyInAnyOrderElementsOf(releasedFilesOnDisk());
  }

  @Test
  void everyIndexedFileLoadsFromTheClasspath() {
    List<ReleasedSchema> loaded = ReleasedSchemaFiles.load(LOADER, InternalSchemas.RELEASED_ROOT);

    assertThat(loaded).extracting(ReleasedSchema::path)
        .containsExactlyInAnyOrderElementsOf(ReleasedSchemaFiles.indexedPaths(LOADER, InternalSchemas.RELEASED_ROOT));
  }

  @Test
  void theInternalSchemasAreNotTheEvents() {
    // Both folders are on the command side's classpath; each store reads its own.
    assertThat(ReleasedSchemaFiles.load(LOADER, InternalSchemas.RELEASED_ROOT))
        .allSatisfy(file -> assertThat(file.schema().getNamespace()).isEqualTo("io.tablecast.internal.avro"));
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
