package io.tablecast.operations.application.audit;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;

/**
 * Sorts any number of text lines in bounded memory: lines are collected in chunks of at most
 * {@code chunkSize}, each chunk is sorted in memory and spilled to a file in {@code dir}, and the
 * files are merged k-way ({@link LineMerge}), in several passes when there are more than
 * {@value #MAX_FAN_IN} of them. Lines sort as Java strings; they must hold no line break.
 *
 * <p>Memory: one chunk while adding; one buffered reader per file while merging. Not
 * thread-safe. {@link #close()} deletes every file it wrote.
 */
final class ExternalSorter implements AutoCloseable {

  static final int MAX_FAN_IN = 64;

  private final Path dir;
  private final String name;
  private final int chunkSize;
  private final List<String> chunk = new ArrayList<>();
  private final List<Path> files = new ArrayList<>();
  private LineMerge merge;
  private boolean sorted;

  ExternalSorter(Path dir, String name, int chunkSize) {
    if (chunkSize < 1) {
      throw new IllegalArgumentException("'chunkSize' must be at least 1, was " + chunkSize);
    }
    this.dir = dir;
    this.name = name;
    this.chunkSize = chunkSize;
  }

  void add(String line) {
    if (sorted) {
      throw new IllegalStateException("Lines cannot be added once sorted.");
    }
    chunk.add(line);
    if (chunk.size() >= chunkSize) {
      spill();
    }
  }

  /** Every line added, in order; once only. The iterator is valid until {@link #close()}. */
  Iterator<String> sorted() {
    if (sorted) {
      throw new IllegalStateException("Already sorted.");
    }
    sorted = true;
    if (files.isEmpty()) {
      // Everything fits in one chunk: no file at all.
      Collections.sort(chunk);
      return chunk.iterator();
    }
    if (!chunk.isEmpty()) {
      spill();
    }
    while (files.size() > MAX_FAN_IN) {
      mergePass();
    }
    merge = LineMerge.of(files, dir);
    return merge;
  }

  private void spill() {
    Collections.sort(chunk);
    files.add(write(chunk.iterator()));
    chunk.clear();
  }

  /** Merges the files in groups of {@value #MAX_FAN_IN}, each group into one new file. */
  private void mergePass() {
    List<Path> next = new ArrayList<>();
    for (int from = 0; from < files.size(); from += MAX_FAN_IN) {
      List<Path> group = files.subList(from, Math.min(files.size(), from + MAX_FAN_IN));
      try (LineMerge lines = LineMerge.of(group, dir)) {
        next.add(write(lines));
      }
      group.forEach(ExternalSorter::delete);
    }
    files.clear();
    files.addAll(next);
  }

  private Path write(Iterator<String> lines) {
    try {
      Path file = Files.createTempFile(dir, name, ".run");
      try (BufferedWriter out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
        while (lines.hasNext()) {
          out.write(lines.next());
          out.write('\n');
        }
      }
      return file;
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot spill sorted lines to " + dir, e);
    }
  }

  @Override
  public void close() {
    if (merge != null) {
      merge.close();
    }
    files.forEach(ExternalSorter::delete);
    files.clear();
    chunk.clear();
  }

  private static void delete(Path file) {
    try {
      Files.deleteIfExists(file);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot delete " + file, e);
    }
  }
}
