package io.tablecast.operations.application.audit;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.stream.Stream;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.Chars;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import net.jqwik.api.constraints.StringLength;
import net.jqwik.api.constraints.UniqueElements;

/** The external sorter gives back exactly the lines it was given, sorted, however they spill. */
class ExternalSorterPropertiesTest {

  @Property(tries = 200)
  void outputIsTheSortedInputDuplicatesIncluded(
      @ForAll @Size(max = 300) List<@StringLength(max = 12) @Chars({'a', 'b', 'c', 'é', '中', '\t', '{', '"'}) String> lines,
      @ForAll @IntRange(min = 1, max = 50) int chunkSize) throws IOException {
    List<String> input = new ArrayList<>(lines);
    input.addAll(lines.subList(0, lines.size() / 3)); // duplicates
    Path dir = Files.createTempDirectory("sorter-test");
    try (ExternalSorter sorter = new ExternalSorter(dir, "t", chunkSize)) {
      input.forEach(sorter::add);

      List<String> output = new ArrayList<>();
      sorter.sorted().forEachRemaining(output::add);

      assertThat(output).isEqualTo(input.stream().sorted().toList());
    }
    try (Stream<Path> left = Files.list(dir)) {
      assertThat(left).as("run files deleted on close").isEmpty();
    }
    Files.delete(dir);
  }

  @Property(tries = 5)
  void moreRunsThanTheFanInAreMergedInPasses(@ForAll @UniqueElements @Size(min = 200, max = 400) List<@IntRange(max = 1_000_000) Integer> numbers)
      throws IOException {
    Path dir = Files.createTempDirectory("sorter-test");
    try (ExternalSorter sorter = new ExternalSorter(dir, "t", 2)) {
      numbers.forEach(n -> sorter.add(String.format("%07d", n)));

      Iterator<String> sorted = sorter.sorted();
      List<String> output = new ArrayList<>();
      sorted.forEachRemaining(output::add);

      assertThat(output).isSorted().hasSize(numbers.size());
    }
    Files.delete(dir);
  }
}
