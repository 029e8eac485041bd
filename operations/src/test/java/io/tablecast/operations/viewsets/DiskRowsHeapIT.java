package io.tablecast.operations.viewsets;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablecast.projection.InMemoryViews;
import io.tablecast.projection.Projection;
import io.tablecast.projection.RowChange;
import io.tablecast.projection.RowRef;
import io.tablecast.projection.ViewSet;
import io.tablecast.testkit.ChildJvm;
import io.tablecast.testkit.ChildJvms;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/** A rebuild's or a verify's fold of a view set whose rows do not fit in the heap. */
@ExtendWith(ChildJvms.class)
class DiskRowsHeapIT {

  @Test
  void aFoldWhoseRowsAreThreeTimesTheHeapFinishesInAFile_andEveryRowReadsBack(ChildJvms.Launcher jvms, @TempDir Path dir) {
    ChildJvm fold = jvms.start(dir.resolve("fold.out"), List.of("-Xmx64m"), Map.of(), Fold.class, "100000", "file");

    assertThat(fold.awaitExitCode(Duration.ofMinutes(3))).as(fold.tail()).isZero();
    assertThat(fold.output()).contains("100,000 rows of 2,000 bytes read back in order");
  }

  @Test
  void theSameFoldWithItsRowsOnTheHeapRunsOutOfMemory(ChildJvms.Launcher jvms, @TempDir Path dir) {
    ChildJvm fold = jvms.start(dir.resolve("fold.out"), List.of("-Xmx64m"), Map.of(), Fold.class, "100000", "heap");

    assertThat(fold.awaitExitCode(Duration.ofMinutes(3))).isNotZero();
    assertThat(String.join("\n", fold.output())).contains("OutOfMemoryError");
  }

  /**
   * Folds {@code args[0]} events, each leaving a row of 2,000 bytes, into a file or on the heap
   * ({@code args[1]}), and reads every row back in order.
   */
  public static final class Fold {

    private static final ViewSet.Table BIG = ViewSet.table("Big");
    private static final ViewSet VIEW_SET = ViewSet.of("big", List.of(BIG), List.of());
    private static final int ROW_BYTES = 2_000;

    public static void main(String[] args) {
      long count = Long.parseLong(args[0]);
      Projection<Long> rows = Projection.of("big", VIEW_SET, n -> Optional.of("p" + n % 100), n -> Set.of(),
          (read, n) -> List.of(new RowChange.Put(ref(n), Map.of("Filler", filler(n), "N", n))));
      try (DiskRows disk = new DiskRows(VIEW_SET)) {
        Map<RowRef, Map<String, Object>> kept = args[1].equals("file") ? disk : new TreeMap<>(InMemoryViews.ORDER);
        InMemoryViews<Long> folded = new InMemoryViews<>(List.of(rows), kept);
        for (long from = 0; from < count; from += 500) {
          folded.apply(LongStream.range(from, Math.min(count, from + 500)).boxed().toList());
        }
        folded.settle();
        long expected = 0;
        RowRef previous = null;
        for (Map.Entry<RowRef, Map<String, Object>> row : kept.entrySet()) {
          boolean inOrder = previous == null || InMemoryViews.ORDER.compare(previous, row.getKey()) < 0;
          if (!inOrder || !filler((long) row.getValue().get("N")).equals(row.getValue().get("Filler"))) {
            throw new AssertionError("out of order or changed: " + row.getKey());
          }
          previous = row.getKey();
          expected++;
        }
        if (expected != count) {
          throw new AssertionError(expected + " rows read back, not " + count);
        }
        System.out.printf("%,d rows of %,d bytes read back in order%n", expected, ROW_BYTES);
      }
    }

    /** A row's own bytes, none shared with another row's: on the heap, the rows would take 200 MB. */
    private static String filler(long n) {
      return String.format("%010d", n).repeat(ROW_BYTES / 10);
    }

    private static RowRef ref(long n) {
      return new RowRef(BIG, "p" + n % 100, String.format("%08d", n));
    }
  }
}
